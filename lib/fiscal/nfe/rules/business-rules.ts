import * as billing from "./billing-rules";
import { ruleApplies, type BusinessRule, type RuleContext, type RuleFinding, type RuleViolation } from "./business-rule";
import * as ibsCbsClass from "./ibs-cbs-class-rules";
import * as ibsCbs from "./ibs-cbs-rules";
import * as ibsCbsTotals from "./ibs-cbs-total-rules";
import * as icms from "./icms-rules";
import * as identification from "./identification-rules";
import * as item from "./item-rules";
import { readNfeView, type NfeView } from "./nfe-view";
import * as payment from "./payment-rules";
import * as purpose from "./purpose-rules";
import * as recipient from "./recipient-rules";
import * as supplementary from "./supplementary-rules";
import * as totals from "./totals-rules";
import * as transport from "./transport-rules";

/**
 * Every business rule, in the order of the MOC's field sequence (A, B, E, I,
 * N, NA, O, UB, W, X, Y, YA, ZX): the authority answers the first that fails.
 */
export const BUSINESS_RULES: ReadonlyArray<BusinessRule> = [
  identification.accessKeyCheckDigitRule,
  identification.accessKeyFieldsRule,
  identification.issuedInTheFutureRule,
  identification.issuedTooLongAgoRule,
  identification.nfceIssuedLateRule,
  identification.nfceOfflineLateRule,
  identification.nfeOfflineRule,
  identification.nfceOfflineNotAcceptedRule,
  identification.contingencyFieldsOnNormalRule,
  identification.contingencyJustificationRequiredRule,
  identification.contingencyAfterReceiptRule,
  identification.nfcePurposeRule,
  purpose.returnWithoutReferenceRule,
  identification.nfceFinalConsumerRule,
  identification.nfceInPersonRule,
  recipient.interstateSameStateRule,
  recipient.internalOtherStateRule,
  identification.adjustmentNoteTaxesRule,
  recipient.nonContributorFinalConsumerRule,
  recipient.nfceContributorRule,
  recipient.entryCfopInExitRule,
  recipient.exitCfopInEntryRule,
  recipient.foreignCfopRule,
  recipient.interstateCfopRule,
  recipient.internalCfopRule,
  purpose.returnCfopRule,
  purpose.returnCfopOutsideReturnRule,
  item.commercialValueRule,
  item.taxableValueRule,
  icms.stWithoutCestRule,
  icms.simplesWithCstRule,
  icms.regularWithCsosnRule,
  icms.stToNonContributorRule,
  icms.simplesStToNonContributorRule,
  icms.interstateRateCeilingRule,
  icms.fcpZeroRateRule,
  icms.fcpRateOfIssuerStateRule,
  icms.fcpStRateOfRecipientStateRule,
  icms.difalGroupMissingRule,
  icms.difalGroupUndueRule,
  icms.difalOriginRateRule,
  icms.difalStatesRateRule,
  icms.difalPartitionRule,
  icms.difalFcpAmountRule,
  icms.difalDestinationAmountRule,
  icms.difalOriginAmountRule,
  item.nfceIpiRule,
  ibsCbs.ibsCbsGroupMissingRule,
  ibsCbs.ibsCbsGroupUndueRule,
  ibsCbs.ibsCbsGroupRequiredRule,
  ibsCbsClass.classificationUnknownRule,
  ibsCbsClass.classificationCstRule,
  ibsCbsClass.classificationModelRule,
  ibsCbs.ibsCbsBaseRule,
  ...ibsCbs.ibsStateRules,
  ...ibsCbs.ibsMunicipalRules,
  ibsCbs.ibsItemAmountRule,
  ...ibsCbs.cbsRules,
  ibsCbsClass.regularTaxationMissingRule,
  ibsCbsClass.regularTaxationUndueRule,
  ibsCbsClass.regularCstUnknownRule,
  ibsCbsClass.regularClassUnknownRule,
  ibsCbsClass.regularStateAmountRule,
  ibsCbsClass.regularMunicipalAmountRule,
  ibsCbsClass.regularCbsAmountRule,
  totals.icmsBaseTotalRule,
  totals.icmsTotalRule,
  totals.icmsDesonTotalRule,
  totals.fcpDestTotalRule,
  totals.icmsDestTotalRule,
  totals.icmsRemetTotalRule,
  totals.fcpTotalRule,
  totals.stBaseTotalRule,
  totals.stTotalRule,
  totals.productsTotalRule,
  totals.freightTotalRule,
  totals.insuranceTotalRule,
  totals.discountTotalRule,
  totals.importTaxTotalRule,
  totals.ipiTotalRule,
  totals.pisTotalRule,
  totals.cofinsTotalRule,
  totals.otherTotalRule,
  totals.documentTotalRule,
  totals.approximateTaxesTotalRule,
  ibsCbsTotals.ibsCbsTotalUndueRule,
  ibsCbsTotals.ibsCbsTotalMissingRule,
  ibsCbsTotals.ibsCbsBaseTotalRule,
  ibsCbsTotals.ibsStateDeferralTotalRule,
  ibsCbsTotals.ibsStateReturnedTotalRule,
  ibsCbsTotals.ibsStateTotalRule,
  ibsCbsTotals.ibsMunicipalDeferralTotalRule,
  ibsCbsTotals.ibsMunicipalReturnedTotalRule,
  ibsCbsTotals.ibsMunicipalTotalRule,
  ibsCbsTotals.ibsTotalRule,
  ibsCbsTotals.ibsPresumedCreditTotalRule,
  ibsCbsTotals.cbsDeferralTotalRule,
  ibsCbsTotals.cbsReturnedTotalRule,
  ibsCbsTotals.cbsTotalRule,
  ibsCbsTotals.cbsPresumedCreditTotalRule,
  ibsCbsTotals.ibsMonoTotalRule,
  ibsCbsTotals.cbsMonoTotalRule,
  ibsCbsTotals.ibsMonoWithheldTotalRule,
  ibsCbsTotals.cbsMonoWithheldTotalRule,
  ibsCbsTotals.ibsMonoPreviouslyWithheldTotalRule,
  ibsCbsTotals.cbsMonoPreviouslyWithheldTotalRule,
  ibsCbsTotals.ibsReversalTotalRule,
  ibsCbsTotals.cbsReversalTotalRule,
  transport.interstateVehicleRule,
  transport.nfceFreightRule,
  transport.nfceCarrierRule,
  transport.nfceVehicleRule,
  billing.nfceBillingRule,
  billing.invoiceFieldsRule,
  billing.invoiceDiscountRule,
  billing.invoiceNetValueRule,
  billing.invoiceAboveTotalRule,
  billing.installmentNumberRule,
  billing.installmentBeforeAuthorizationRule,
  billing.installmentBeforeIssueRule,
  billing.installmentsInOrderRule,
  billing.installmentOnIssueDateRule,
  billing.installmentsSumRule,
  payment.adjustmentWithoutPaymentRule,
  payment.nfceNoPaymentRule,
  payment.paymentsBelowTotalRule,
  payment.missingChangeRule,
  payment.noPaymentValueRule,
  payment.cardGroupRule,
  payment.integratedCardDataRule,
  payment.changeValueRule,
  supplementary.nfceQrCodeRule,
  supplementary.nfceQrCodeKeyRule,
  supplementary.nfceQrCodeHashRule,
];

function violationOf(rule: BusinessRule, finding: RuleFinding): RuleViolation {
  const fill = (text: string, tag: string, value: number | undefined) => (value === undefined ? text.replace(` [${tag}:999]`, "") : text.replace(`[${tag}:999]`, `[${tag}:${value}]`));
  const xMotivo = fill(fill(rule.xMotivo, "nItem", finding.nItem), "nOcor", finding.nOcor);
  return { rule, cStat: rule.cStat, xMotivo, nItem: finding.nItem, detail: finding.nOcor === undefined ? finding.detail : `parcela ${finding.nOcor}: ${finding.detail ?? ""}` };
}

/** Every rule the document breaks, in the MOC's order (a view, or the XML of an NFe). */
export function findRuleViolations(document: NfeView | string, context: RuleContext = {}): RuleViolation[] {
  const nfe = typeof document === "string" ? readNfeView(document) : document;
  const violations: RuleViolation[] = [];
  for (const rule of BUSINESS_RULES) {
    if (!ruleApplies(rule, nfe)) continue;
    const finding = rule.check(nfe, context);
    if (finding) violations.push(violationOf(rule, finding));
  }
  return violations;
}

/** The rule the authority answers: the first that fails, or null. */
export function firstRuleViolation(document: NfeView | string, context: RuleContext = {}): RuleViolation | null {
  const nfe = typeof document === "string" ? readNfeView(document) : document;
  for (const rule of BUSINESS_RULES) {
    if (!ruleApplies(rule, nfe)) continue;
    const finding = rule.check(nfe, context);
    if (finding) return violationOf(rule, finding);
  }
  return null;
}

/** "Rejeição: … [nItem:2] (rule NA01-20 icms-uf-dest-required, item 2: sem ICMSUFDest)": what the user reads. */
export function describeViolation(violation: RuleViolation): string {
  const where = violation.nItem === undefined ? "" : `, item ${violation.nItem}`;
  const detail = violation.detail ? `: ${violation.detail}` : "";
  return `${violation.xMotivo} (rule ${violation.rule.id} ${violation.rule.name}${where}${detail})`;
}

/** A built document that breaks a business rule: nothing is sent; the run ends REJECTED with the rule's cStat. */
export class BusinessRuleError extends Error {
  readonly violation: RuleViolation;
  constructor(violation: RuleViolation) {
    super(describeViolation(violation));
    this.name = "BusinessRuleError";
    this.violation = violation;
  }
}

/**
 * Our check before sending (issue 15, item 3): the built XML must pass every
 * rule the authority applies, or the run ends REJECTED with
 * "cStat - xMotivo (rule …, item …)" before anything is sent.
 */
export function assertBusinessRules(xml: string, context: RuleContext = {}): void {
  const violation = firstRuleViolation(xml, context);
  if (violation) throw new BusinessRuleError(violation);
}
