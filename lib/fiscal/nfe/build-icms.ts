import { DomainError } from "@/lib/errors";
import type { IcmsStTaxes, IcmsTaxes } from "@/lib/tax/tax-shapes";
import { el, opt } from "@/lib/fiscal/xml/xml-text";
import { isPositive, money, percent } from "./format";

// ICMS groups of the layout 4.00 (MOC 4.00, group N): one per CST of the
// normal regime and one per CSOSN of the Simples Nacional, each with its own
// fixed element order. Amounts come computed; this only chooses the group.

function required<T>(value: T | null | undefined, item: number, field: string, code: string): T {
  if (value === null || value === undefined || value === "") {
    throw new DomainError(422, "schema_validation_failed", `Item ${item}: ICMS ${code} requires ${field}`);
  }
  return value;
}

/** modBC, vBC, pICMS, vICMS of the operation's own ICMS (ICMS00, ICMS10). */
function own(icms: IcmsTaxes, item: number): string {
  const code = icms.cst;
  return (
    el("modBC", icms.modBc ?? "3") +
    el("vBC", money(required(icms.base, item, "vBC", code))) +
    el("pICMS", percent(required(icms.rate, item, "pICMS", code))) +
    el("vICMS", money(required(icms.amount, item, "vICMS", code)))
  );
}

function st(icms: IcmsTaxes, item: number): string {
  const s: IcmsStTaxes = required(icms.st, item, "the ST group (modBCST, vBCST, pICMSST, vICMSST)", icms.cst);
  return (
    el("modBCST", s.modBc) +
    (s.mva !== null && s.mva !== undefined ? el("pMVAST", percent(s.mva)) : "") +
    (isPositive(s.baseReduction) ? el("pRedBCST", percent(s.baseReduction)) : "") +
    el("vBCST", money(s.base)) +
    el("pICMSST", percent(s.rate)) +
    el("vICMSST", money(s.amount))
  );
}

function simplesCredit(icms: IcmsTaxes, item: number): string {
  const credit = required(icms.simplesCredit, item, "pCredSN and vCredICMSSN (Simples credit)", icms.cst);
  return el("pCredSN", percent(credit.rate)) + el("vCredICMSSN", money(credit.amount));
}

function wrap(tag: string, body: string): string {
  return `<ICMS><${tag}>${body}</${tag}></ICMS>`;
}

function byCst(icms: IcmsTaxes, item: number): string {
  const head = el("orig", icms.origin) + el("CST", icms.cst);
  switch (icms.cst) {
    case "00":
      return wrap("ICMS00", head + own(icms, item));
    case "10":
      return wrap("ICMS10", head + own(icms, item) + st(icms, item));
    case "20":
      return wrap("ICMS20", head + el("modBC", icms.modBc ?? "3") + el("pRedBC", percent(required(icms.baseReduction, item, "pRedBC", "20"))) +
        el("vBC", money(required(icms.base, item, "vBC", "20"))) + el("pICMS", percent(required(icms.rate, item, "pICMS", "20"))) +
        el("vICMS", money(required(icms.amount, item, "vICMS", "20"))));
    case "30":
      return wrap("ICMS30", head + st(icms, item));
    case "40":
    case "41":
    case "50":
      return wrap("ICMS40", head);
    case "51":
      // Deferral (pDif/vICMSDif) is not stored; the operation's own ICMS is printed as computed.
      return wrap("ICMS51", head + (icms.base !== null ? el("modBC", icms.modBc ?? "3") + (isPositive(icms.baseReduction) ? el("pRedBC", percent(icms.baseReduction)) : "") +
        el("vBC", money(icms.base)) + opt("pICMS", icms.rate !== null ? percent(icms.rate) : null) + opt("vICMS", icms.amount !== null ? money(icms.amount) : null) : ""));
    case "60":
      return wrap("ICMS60", head);
    case "70":
      return wrap("ICMS70", head + el("modBC", icms.modBc ?? "3") + el("pRedBC", percent(required(icms.baseReduction, item, "pRedBC", "70"))) +
        el("vBC", money(required(icms.base, item, "vBC", "70"))) + el("pICMS", percent(required(icms.rate, item, "pICMS", "70"))) +
        el("vICMS", money(required(icms.amount, item, "vICMS", "70"))) + st(icms, item));
    case "90": {
      const ownPart = icms.base !== null
        ? el("modBC", icms.modBc ?? "3") + el("vBC", money(icms.base)) + (isPositive(icms.baseReduction) ? el("pRedBC", percent(icms.baseReduction)) : "") +
          el("pICMS", percent(required(icms.rate, item, "pICMS", "90"))) + el("vICMS", money(required(icms.amount, item, "vICMS", "90")))
        : "";
      return wrap("ICMS90", head + ownPart + (icms.st ? st(icms, item) : ""));
    }
    default:
      throw new DomainError(422, "schema_validation_failed", `Item ${item}: ICMS CST ${icms.cst} is not supported`);
  }
}

function byCsosn(icms: IcmsTaxes, item: number): string {
  const head = el("orig", icms.origin) + el("CSOSN", icms.cst);
  switch (icms.cst) {
    case "101":
      return wrap("ICMSSN101", head + simplesCredit(icms, item));
    case "102":
    case "103":
    case "300":
    case "400":
      return wrap("ICMSSN102", head);
    case "201":
      return wrap("ICMSSN201", head + st(icms, item) + simplesCredit(icms, item));
    case "202":
    case "203":
      return wrap("ICMSSN202", head + st(icms, item));
    case "500":
      return wrap("ICMSSN500", head);
    case "900": {
      const ownPart = icms.base !== null
        ? el("modBC", icms.modBc ?? "3") + el("vBC", money(icms.base)) + (isPositive(icms.baseReduction) ? el("pRedBC", percent(icms.baseReduction)) : "") +
          el("pICMS", percent(required(icms.rate, item, "pICMS", "900"))) + el("vICMS", money(required(icms.amount, item, "vICMS", "900")))
        : "";
      return wrap("ICMSSN900", head + ownPart + (icms.st ? st(icms, item) : "") + (icms.simplesCredit ? simplesCredit(icms, item) : ""));
    }
    default:
      throw new DomainError(422, "schema_validation_failed", `Item ${item}: ICMS CSOSN ${icms.cst} is not supported`);
  }
}

/** The ICMS group of item `item` (nItem). */
export function buildIcms(icms: IcmsTaxes, item: number): string {
  return icms.table === "CSOSN" ? byCsosn(icms, item) : byCst(icms, item);
}
