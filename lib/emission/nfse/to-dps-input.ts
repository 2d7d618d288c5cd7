import { normalizeDocument } from "@/lib/br";
import { ClientSnapshot } from "@/lib/documents/client-snapshot";
import { localDateTime } from "@/lib/fiscal/nfe/format";
import type { DpsInput, DpsTaker } from "@/lib/fiscal/nfse";
import { dec, money } from "@/lib/tax/decimal";
import { DocumentTaxTotals, ItemTaxes } from "@/lib/tax/tax-shapes";
import type { EmissionRefusal } from "../outcomes";
import type { StoredDocument } from "../to-nfe-input";

// The stored NFS-e as the DPS builder's input. Everything was resolved at
// creation; this maps fields and applies the layout's rules on what is sent:
// - opSimpNac from the company's regime (NORMAL 1, MEI 2, Simples 3), regApTribSN
//   from its NFS-e settings (default 1, or 2 when the Simples sublimit is exceeded);
// - pAliq only where Anexo I requires it (ME/EPP paying ISS in the Simples with
//   ISS withheld, E0621) — a não optante (E0617) and an ME/EPP without
//   withholding (E0625) must not send it: the municipality's parameters apply.

/** Anexo C (IndOp) v1.01: other services, onerous operations, supplied where the acquirer has its main domicile. */
const GENERAL_SERVICES_INDICATOR = "100301";

const OP_SIMP_NAC = { NORMAL: "1", SIMPLES_EXCESS: "3", SIMPLES_NACIONAL: "3", MEI: "2" } as const;

function taker(snapshot: ClientSnapshot): DpsTaker | null {
  // normalizeDocument keeps an alphanumeric CNPJ's letters (NT SE/CGNFS-e 009: CNPJ fields become C).
  const document = normalizeDocument(snapshot.document ?? "");
  if (!document && !snapshot.name) return null;
  const complete = snapshot.municipalityCode && snapshot.zipCode && snapshot.street && snapshot.neighborhood;
  return {
    cnpj: document.length === 14 ? document : null,
    cpf: /^\d{11}$/.test(document) ? document : null,
    name: snapshot.name,
    email: snapshot.email,
    address: complete
      ? { municipalityCode: snapshot.municipalityCode!, zipCode: snapshot.zipCode!.replace(/\D/g, ""), street: snapshot.street!, number: snapshot.number ?? "S/N", complement: snapshot.complement, neighborhood: snapshot.neighborhood! }
      : null,
  };
}

export function toDpsInput(document: StoredDocument): DpsInput | EmissionRefusal {
  const { company } = document;
  if (!document.series && document.series !== 0) throw new Error(`Document ${document.id} has no DPS series yet`);
  const items = document.items.map((item) => ({ item, taxes: ItemTaxes.parse(item.taxes) }));
  const first = items[0]!;
  const nationalCode = first.item.nationalServiceCode;
  if (!nationalCode || !/^\d{6}$/.test(nationalCode)) {
    return { kind: "refused", code: "invalid_taxation", reason: "items[0].nationalServiceCode: an NFS-e needs the national service code (cTribNac, 6 digits) on the item, the template or the company's NFS-e settings" };
  }
  const opSimpNac = OP_SIMP_NAC[company.taxRegime];
  const regApTribSN = opSimpNac === "3" ? (String(company.nfseRegApTribSN ?? (company.taxRegime === "SIMPLES_EXCESS" ? 2 : 1)) as "1" | "2" | "3") : null;
  const totals = DocumentTaxTotals.parse(document.taxTotals);
  const nfse = totals.nfse;
  const retained = nfse?.issRetained ?? false;
  const sendsRate = opSimpNac === "3" && regApTribSN === "1" && retained;
  const snapshot = ClientSnapshot.parse(document.clientSnapshot);
  const issuedAt = localDateTime(document.issueDateTime, company.state);
  const description = [...new Set(items.map(({ item }) => item.description))].join("; ");
  const retentions = nfse?.retentions;
  const positive = (v: string | undefined) => (v && Number(v) > 0 ? v : null);
  const ibsCbsCst = first.taxes.ibsCbs.cst;
  const ibsCbsClass = first.taxes.ibsCbs.cClassTrib;
  return {
    environment: document.environment,
    issuedAt,
    competence: issuedAt.slice(0, 10),
    series: document.series!,
    number: document.number,
    issuingMunicipality: company.municipalityCode,
    provider: {
      cnpj: company.cnpj,
      municipalRegistration: company.municipalRegistration,
      phone: company.phone && company.phone.replace(/\D/g, "").length >= 6 ? company.phone : null,
      email: company.email,
      opSimpNac,
      regApTribSN,
      regEspTrib: String(company.nfseRegEspTrib),
    },
    taker: taker(snapshot),
    service: {
      location: first.taxes.iss?.location ?? company.municipalityCode,
      nationalCode,
      municipalCode: first.item.serviceCode && /^\d{3}$/.test(first.item.serviceCode) ? first.item.serviceCode : null,
      description: description.slice(0, 2000),
      nbsCode: company.nfseNbsCode,
      additionalInfo: document.additionalInfo,
    },
    values: {
      serviceValue: nfse?.serviceValue ?? totals.icmsTot.vProd,
      tribISSQN: "1",
      tpRetISSQN: retained ? "2" : "1",
      issRate: sendsRate ? nfse!.issRate : null,
      retentions: { inss: positive(retentions?.inss), ir: positive(retentions?.ir), csll: positive(retentions?.csll) },
      approximateTaxes: opSimpNac === "1"
        ? { federal: money(dec(totals.icmsTot.vPIS).plus(dec(totals.icmsTot.vCOFINS))), state: "0.00", municipal: nfse?.issAmount ?? "0.00" }
        : { simplesPercent: "0.00" },
    },
    // IBSCBS of layout 1.01 when the lines carry a CST/cClassTrib (the regular regime's defaults; optional for the Simples in 2026).
    // cIndOp 100301 (Anexo C: "demais serviços", onerous, place of supply the acquirer's main domicile, LC 214/2025 art. 11
    // caput): the general case. The real-estate 020101 sent before needs the imovel group (E0932, from 03/08/2026).
    ibsCbs: ibsCbsCst && ibsCbsClass
      ? { finNFSe: "0", indFinal: snapshot.documentType === "CPF" ? "1" : "0", cIndOp: GENERAL_SERVICES_INDICATOR, indDest: "0", cst: ibsCbsCst, cClassTrib: ibsCbsClass }
      : null,
  };
}

