import { normalizeDocument } from "@/lib/br";
import { ClientSnapshot } from "@/lib/documents/client-snapshot";
import type { PaulistanaProvider } from "@/lib/authority/nfse-providers";
import { localDateTime } from "@/lib/fiscal/nfe/format";
import { itemListaServicoOf } from "@/lib/fiscal/nfse-abrasf";
import { PAULISTANA_SERVICE_CODES, paulistanaServiceCode, type PaulistanaLayout, type PaulistanaReformFields, type PaulistanaRpsInput, type PaulistanaTaker } from "@/lib/fiscal/nfse-paulistana";
import { DocumentTaxTotals, ItemTaxes } from "@/lib/tax/tax-shapes";
import type { EmissionRefusal } from "../outcomes";
import type { StoredDocument } from "../to-nfe-input";

// The stored NFS-e as São Paulo's RPS (Nota Fiscal Paulistana, issue 57), from the same
// document fields as the national DPS, plus what the city asks:
// - CCM: the company's Inscrição Municipal, 8 digits (tpInscricaoMunicipal);
// - RPS key: CCM + the document's series (as text, up to 5 characters) + number;
// - CodigoServico: the item's serviceCode when it is a city code (4–5 digits), else the
//   city code of the national service code's LC 116 item when the city's table has one;
// - TributacaoRPS: T when the ISS is due in São Paulo (the line's ISS location, São Paulo
//   by default), F when elsewhere; exemption, immunity, suspension and export (A/B/M/N/X/V/P)
//   are not asked yet;
// - the layout, by the RPS's date: layout 2 (the tax reform's) from the row's layout2From
//   (01/01/2026), with the NBS (company nfseNbsCode), the place of supply (the line's ISS
//   location) and the IBS/CBS declaration: cIndOp 100301 (general services, as the national DPS
//   sends it, to-dps-input.ts) and the line's cClassTrib (lib/tax). Every regime but the Simples
//   Nacional must send it (the city refuses their layout 1 with 641); a Simples company whose lines
//   declare no cClassTrib (optional for it in 2026) keeps layout 1, which the city still takes from it.

const SIMPLES = new Set(["SIMPLES_NACIONAL", "SIMPLES_EXCESS", "MEI"]);

/** cIndOp of "demais serviços" (Anexo VII/C of the national NFS-e; the same the DPS sends). */
const GENERAL_SERVICES_INDICATOR = "100301";

function taker(snapshot: ClientSnapshot): PaulistanaTaker | null {
  const document = normalizeDocument(snapshot.document ?? "");
  if (!document && !snapshot.name) return null;
  return {
    cnpj: document.length === 14 ? document : null,
    cpf: /^\d{11}$/.test(document) ? document : null,
    name: snapshot.name,
    email: snapshot.email,
    address: {
      street: snapshot.street, number: snapshot.number, complement: snapshot.complement, neighborhood: snapshot.neighborhood,
      municipalityCode: snapshot.municipalityCode, state: snapshot.state, zipCode: snapshot.zipCode?.replace(/\D/g, "") ?? null,
    },
  };
}

/** The city's service code for the item: its own serviceCode (4–5 digits), else the one the table maps from the LC 116 item. */
export function paulistanaCodeFor(item: { serviceCode?: string | null; nationalServiceCode?: string | null }): string | null {
  const own = item.serviceCode?.trim();
  if (own && /^\d{4,5}$/.test(own)) return own.padStart(5, "0");
  const lc116 = itemListaServicoOf(item.nationalServiceCode ?? "");
  const mapped = PAULISTANA_SERVICE_CODES.filter((entry) => entry.lc116Item === lc116);
  return mapped.length === 1 ? mapped[0]!.code : null;
}

export function toPaulistanaInput(document: StoredDocument, provider: PaulistanaProvider): PaulistanaRpsInput | EmissionRefusal {
  const { company } = document;
  if (document.series === null || document.series === undefined) throw new Error(`Document ${document.id} has no RPS series yet`);
  const issuedAt = localDateTime(document.issueDateTime, company.state);
  const first = document.items[0]!;
  const cClassTrib = ItemTaxes.parse(first.taxes).ibsCbs.cClassTrib;
  const simples = SIMPLES.has(company.taxRegime);
  const reformPeriod = Boolean(provider.layout2From && issuedAt.slice(0, 10) >= provider.layout2From);
  const layout: PaulistanaLayout = reformPeriod && (!simples || cClassTrib) ? 2 : 1;
  if (!/^\d{8}$/.test(company.municipalRegistration ?? "")) {
    return { kind: "refused", code: "fiscal_settings_incomplete", reason: `municipalRegistration: ${provider.name} identifies the provider by its CCM, 8 digits (InscricaoPrestador)` };
  }
  const serviceCode = paulistanaCodeFor(first);
  if (!serviceCode || !paulistanaServiceCode(serviceCode)) {
    return { kind: "refused", code: "invalid_taxation", reason: `items[0].serviceCode: ${provider.name} asks its own service code (CodigoServico, 4–5 digits, the city's list)${first.serviceCode ? `; ${first.serviceCode} is not one the city lists` : ""}` };
  }
  const series = String(document.series);
  if (series.length > 5) return { kind: "refused", code: "fiscal_settings_incomplete", reason: `series: ${provider.name}'s RPS series has at most 5 characters` };
  const totals = DocumentTaxTotals.parse(document.taxTotals);
  const nfse = totals.nfse;
  const retentions = nfse?.retentions;
  const location = ItemTaxes.parse(first.taxes).iss?.location ?? provider.municipalityCode;
  const description = [...new Set(document.items.map((i) => i.description))].join("; ");
  let reform: PaulistanaReformFields | null = null;
  if (layout === 2) {
    if (!/^\d{9}$/.test(company.nfseNbsCode ?? "")) {
      return { kind: "refused", code: "fiscal_settings_incomplete", reason: `nfseNbsCode: ${provider.name}'s RPS layout 2 (from ${provider.layout2From}) carries the NBS code, 9 digits` };
    }
    if (!cClassTrib) {
      return { kind: "refused", code: "invalid_taxation", reason: `items[0]: ${provider.name}'s RPS layout 2 (from ${provider.layout2From}) declares the IBS/CBS cClassTrib, and the line has none` };
    }
    const snapshot = ClientSnapshot.parse(document.clientSnapshot);
    reform = {
      nbs: company.nfseNbsCode!,
      supplyPlace: location,
      finalConsumer: snapshot.documentType === "CPF",
      operationIndicator: GENERAL_SERVICES_INDICATOR,
      cClassTrib,
    };
  }
  return {
    layout,
    reform,
    senderCnpj: company.cnpj,
    key: { ccm: company.municipalRegistration!, series, number: document.number },
    type: "RPS",
    issueDate: issuedAt.slice(0, 10),
    status: "N",
    taxation: location === provider.municipalityCode ? "T" : "F",
    values: { services: nfse?.serviceValue ?? totals.icmsTot.vProd, deductions: "0.00", pis: retentions?.pis, cofins: retentions?.cofins, inss: retentions?.inss, ir: retentions?.ir, csll: retentions?.csll },
    serviceCode,
    issRate: nfse?.issRate ?? "0",
    issRetained: nfse?.issRetained ?? false,
    taker: taker(ClientSnapshot.parse(document.clientSnapshot)),
    description: description.slice(0, 2000),
    servicePlace: location === provider.municipalityCode ? null : location,
  };
}
