import { isValidCnpj, isValidCpf, STATES } from "@/lib/br";
import { brokenIbsCbsRule, isValidNbsCode, nationalServiceDescription } from "@/lib/fiscal/nfse";
import { dec, percentOf, sum } from "@/lib/tax/decimal";
import { computeNfseValues, deductionValue, SIMULATOR_MUNICIPAL_ISS_RATE } from "./compute-values";
import type { ReceivedDps } from "./read-dps";
import { reject, type Rejection } from "./rejections";

// The DPS business rules after identity and duplicates (receive-dps.ts), in
// the order of Anexo I, sheet "RN DPS_NFS-e" (its row number beside each
// code). The first failing rule answers. What the simulator knows stands in
// for the national registers it does not have:
//   - CNC: every provider that is not an MEI has a complementary record in its
//     issuing municipality, so its IM is required (E0116); E0119/E0120/E0124
//     (IM unknown, not expected, inactive) need the real CNC and are not checked;
//   - Simples Nacional register: opSimpNac is taken as declared (E0160 not checked);
//   - municipal parameters: every municipality is "ATIVO", with no special
//     regime, benefit or own service codes (E0177/E0178, E0312/E0314 not checked).

const CLOCK_TOLERANCE_MS = 5 * 60 * 1000;
// LC 116/2003 art. 8-A §1: the services of subitems 7.02, 7.05 and 16.01 may go under the 2 % minimum.
const BELOW_MINIMUM_ALLOWED = ["0702", "0705", "1601"];
const MINIMUM_EFFECTIVE_RATE = dec("2");
// E0621's note: an ME/EPP in the Simples whose ISS is withheld informs at least 1.8 %.
const MINIMUM_SIMPLES_WITHHELD_RATE = dec("1.8");
const EMAIL = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;

type Rule = (dps: ReceivedDps, now: Date) => Rejection | null;

const when = (failed: boolean, code: Parameters<typeof reject>[0], complement?: string) => (failed ? reject(code, complement) : null);

/** The IBS/CBS rules of rows `from`..`upTo` (Anexo I v1.01 numbering), dated by dhEmi and regime (lib/fiscal/nfse/ibscbs-rules.ts). */
const ibsCbs =
  (from: number, upTo?: number): Rule =>
  (dps) => {
    const broken = brokenIbsCbsRule(dps.ibsCbsView, { from, upTo });
    return broken ? { code: broken.code, description: broken.message, status: 400 } : null;
  };

function isMunicipality(code: string | null): boolean {
  return code === "0000000" || (!!code && /^\d{7}$/.test(code) && STATES.some((s) => s.cUF === code.slice(0, 2)));
}

const withheld = (dps: ReceivedDps) => dps.tpRetISSQN !== "1";
const notTaxable = (dps: ReceivedDps) => ["2", "3", "4"].includes(dps.tribISSQN);
const specialRegime = (dps: ReceivedDps) => dps.prest.regEspTrib !== "0";
const simplesIss = (dps: ReceivedDps) => dps.prest.opSimpNac === "3" && dps.prest.regApTribSN === "1";

/** vISSQN over vServ below 2 % after deductions/reductions (at the rate sent, or the municipality's). */
function belowMinimumAfterDeduction(dps: ReceivedDps): boolean {
  if (BELOW_MINIMUM_ALLOWED.includes(dps.cTribNac.slice(0, 4)) || dps.tribISSQN !== "1") return false;
  const serviceValue = dec(dps.vServ);
  if (serviceValue.isZero()) return false;
  const base = serviceValue.minus(dec(dps.vDescIncond ?? "0")).minus(deductionValue(dps));
  const iss = percentOf(base, dec(dps.pAliq ?? SIMULATOR_MUNICIPAL_ISS_RATE));
  return percentOf(serviceValue, MINIMUM_EFFECTIVE_RATE).greaterThan(iss);
}

const RULES: Rule[] = [
  // 65, 71: dates.
  (dps, now) => when(new Date(dps.dhEmi).getTime() > now.getTime() + CLOCK_TOLERANCE_MS, "E0008"),
  (dps) => when(dps.dCompet > dps.dhEmi.slice(0, 10), "E0015"),
  // 110-154: the provider.
  (dps) => when(!!dps.prest.cnpj && !isValidCnpj(dps.prest.cnpj), "E0080"),
  (dps) => when(dps.prest.opSimpNac !== "2" && !dps.prest.im, "E0116"),
  (dps) => when(dps.prest.hasName, "E0121"),
  (dps) => when(dps.prest.hasAddress, "E0128"),
  (dps) => when(dps.prest.email !== null && !EMAIL.test(dps.prest.email), "E0148"),
  (dps) => when(dps.prest.opSimpNac !== "3" && dps.prest.regApTribSN !== null, "E0162"),
  (dps) => when(dps.prest.opSimpNac === "3" && dps.prest.regApTribSN === null, "E0166"),
  (dps) => when(specialRegime(dps) && notTaxable(dps), "E0172"),
  (dps) => when(specialRegime(dps) && dps.prest.opSimpNac === "2", "E0174"),
  (dps) => when(specialRegime(dps) && simplesIss(dps), "E0175"),
  // 159-165: the taker. The CNPJ root counts: any establishment of the provider is the provider.
  (dps) => when(!!dps.toma?.cnpj && !isValidCnpj(dps.toma.cnpj), "E0188"),
  (dps) => when(!!dps.toma?.cnpj && !!dps.prest.cnpj && dps.toma.cnpj.slice(0, 8) === dps.prest.cnpj.slice(0, 8), "E0202"),
  (dps) => when(withheld(dps) && !dps.toma?.cnpj && !dps.toma?.cpf, "E0204"),
  (dps) => when(!!dps.toma?.cpf && !isValidCpf(dps.toma.cpf), "E0206"),
  // v1.01 row 258: the taker's address for an operation whose place is the taker's (cIndOp).
  ibsCbs(258, 258),
  // 236-243: the service.
  (dps) => when(dps.cLocPrestacao !== null && !isMunicipality(dps.cLocPrestacao), "E0302"),
  (dps) => when(!nationalServiceDescription(dps.cTribNac), "E0310"),
  (dps) => when(dps.cNBS !== null && !isValidNbsCode(dps.cNBS), "E0316"),
  // v1.01 row 327: cNBS required with the IBSCBS group.
  ibsCbs(327, 327),
  // 308-325: values, deductions and the 2 % minimum of LC 116/2003 art. 8-A.
  (dps) => when(dec(dps.vServ).lessThan(sum([dec(dps.vDescIncond ?? "0"), deductionValue(dps)])), "E0427"),
  (dps) => when(dec(dps.vServ).lessThan(sum([dec(dps.vDescIncond ?? "0"), dec(dps.vDescCond ?? "0"), deductionValue(dps), ...retainedAmounts(dps)])), "E0428"),
  (dps) => when(dps.pDR !== null && belowMinimumAfterDeduction(dps), "E0444"),
  (dps) => when(dps.vDR !== null && belowMinimumAfterDeduction(dps), "E0447"),
  // 411-413: ISS withholding.
  (dps) => when(withheld(dps) && notTaxable(dps), "E0580"),
  (dps) => when(withheld(dps) && dps.prest.opSimpNac === "2", "E0583"),
  (dps) => when(withheld(dps) && specialRegime(dps), "E0588"),
  // 422-433: pAliq (LC 116/2003 art. 8-A: at most 5 %).
  (dps) => when(dps.pAliq !== null && dec(dps.pAliq).greaterThan(5), "E0595"),
  (dps) => when(dps.pAliq !== null && dps.prest.opSimpNac === "2", "E0600"),
  (dps) => when(dps.pAliq !== null && notTaxable(dps), "E0602"),
  (dps) => when(dps.pAliq !== null && specialRegime(dps), "E0604"),
  (dps) => when(dps.pAliq !== null && dps.prest.opSimpNac === "1", "E0617"),
  (dps) => when(simplesIss(dps) && withheld(dps) && dps.pAliq === null, "E0621"),
  (dps) =>
    when(simplesIss(dps) && withheld(dps) && dps.pAliq !== null && dec(dps.pAliq).lessThan(MINIMUM_SIMPLES_WITHHELD_RATE), "E0621", `Alíquota informada ${dps.pAliq}% abaixo da mínima de 1,80%.`),
  (dps) => when(simplesIss(dps) && !withheld(dps) && dps.pAliq !== null, "E0625"),
  (dps) => when(dps.prest.opSimpNac === "3" && (dps.prest.regApTribSN === "2" || dps.prest.regApTribSN === "3") && dps.pAliq !== null, "E0635"),
  // 464: totTrib.
  (dps) => when(dps.prest.opSimpNac === "3" && dps.indTotTrib !== null, "E0712"),
  // v1.01 rows 545-641: the IBSCBS group, from 03/08/2026 (regular regime) or 01/01/2027 (Simples Nacional).
  ibsCbs(545),
];

/** CP, IRRF, CSLL and, when withheld, PIS, COFINS and the ISS (at the rate sent or the municipality's): E0428's sum. */
function retainedAmounts(dps: ReceivedDps) {
  const r = dps.retentions;
  const iss = computeNfseValues(dps);
  return [r.vRetCP, r.vRetIRRF, r.vRetCSLL, ...(r.pisCofinsRetained ? [r.vPis, r.vCofins] : []), iss.issRetained ? iss.vISSQN : null].map((v) => dec(v ?? "0"));
}

/** The first rule the DPS breaks, in Anexo I order, or null. */
export function checkDpsRules(dps: ReceivedDps, now: Date): Rejection | null {
  for (const rule of RULES) {
    const rejection = rule(dps, now);
    if (rejection) return rejection;
  }
  return null;
}
