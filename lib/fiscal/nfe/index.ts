// Public surface of the NF-e/NFC-e 4.00 XML engine (issue 5): schema
// validation, XMLDSig signing and verification. Builders are added below as
// they land; nothing here knows about HTTP routes or the database.
export { checkXmlSchema, schemaForDocument, validateXml, XML_SCHEMAS, type SchemaCheck, type XmlSchema } from "@/lib/fiscal/xml/schema-validation";
export {
  signXml,
  verifyXmlSignature,
  type SignatureCheck,
  type SignedTag,
  type SigningCredentials,
} from "@/lib/fiscal/xml/xml-signature";
export {
  accessKeyCheckDigit,
  buildAccessKey,
  isAcceptableCnf,
  isValidAccessKey,
  parseAccessKey,
  randomCnf,
  type AccessKeyParts,
  type ParsedAccessKey,
} from "./access-key";
export { buildNfe, NFE_NAMESPACE, type BuildNfeOptions } from "./build-nfe";
export { buildSignedNfe } from "./build-signed-nfe";
export { TPAG_BY_METHOD, TBAND_BY_CARD_FLAG } from "./build-payment";
export { HOMOLOGATION_RECIPIENT_NAME } from "./build-parties";
export { HOMOLOGATION_NFCE_FIRST_ITEM } from "./build-item";
export { DEFAULT_IBS_CBS_CLASSIFICATION } from "./build-ibs-cbs";
export { nfceQrCode, nfceQrEntry, nfceQrReferences, nfceQrStateRow, nfceUrlChave, type NfceQrStateRow, type QrCodeInput, type QrCodeVersion } from "./nfce-qr-code";
export type {
  BuiltNfe,
  NfeAddress,
  NfeBilling,
  NfeInput,
  NfeIssuer,
  NfeItem,
  NfeItemTaxes,
  NfePayment,
  NfeRecipient,
  NfeTechnicalResponsible,
  NfeTransport,
  TPag,
} from "./types";
export { REFORM_EVENT_CODES, REFORM_EVENT_DESCRIPTIONS, isReformEvent, type ReformEventCode, type ReformEventDetail, type ReformEventType } from "./build-reform-event";
export { checkReformEvent, detEventoDocument, validateReformEvent } from "./reform-event-schema";
export { buildEventXml, deliveryProofHash, CCE_CONDITIONS_OF_USE, type BuiltEvent, type NfeEventInput } from "./build-event";
export { buildInutilizationXml, type InutilizationInput } from "./build-inutilization";
export { buildSignedEvent, buildSignedInutilization } from "./build-signed-requests";
export { buildNfeProc, buildProcEventoNFe, buildProcInutNFe, extractElement } from "./build-proc";
export { assertBusinessRules, BusinessRuleError, BUSINESS_RULES, describeViolation, findRuleViolations, firstRuleViolation } from "./rules/business-rules";
export type { BusinessRule, RuleContext, RuleViolation } from "./rules/business-rule";
export { readNfeView, type NfeView } from "./rules/nfe-view";
export { buildEpecEventXml, buildSignedEpecEvent, epecDataOfEvent, epecDetailDocument, epecDataOfNfe, epecDifferences, EPEC_EVENT, EPEC_EVENT_SCHEMA, EPEC_NFE_ORGAO, type EpecData, type EpecEventInput } from "./epec-event";
