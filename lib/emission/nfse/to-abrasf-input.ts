import { normalizeDocument } from "@/lib/br";
import { ClientSnapshot } from "@/lib/documents/client-snapshot";
import type { AbrasfProvider } from "@/lib/authority/nfse-providers";
import { localDateTime } from "@/lib/fiscal/nfe/format";
import { itemListaServicoOf, type AbrasfRpsInput, type AbrasfTaker } from "@/lib/fiscal/nfse-abrasf";
import { DocumentTaxTotals, ItemTaxes } from "@/lib/tax/tax-shapes";
import type { EmissionRefusal } from "../outcomes";
import type { StoredDocument } from "../to-nfe-input";

// The stored NFS-e as an ABRASF 2.04 RPS (issue 57), for a company whose city
// authorizes NFS-e in its own system (lib/authority/nfse-providers). The same
// document fields as the national DPS (to-dps-input.ts), plus what ABRASF asks:
// - RPS number and series: the document's own (series as text, tsSerieRps), type 1 (RPS);
// - ItemListaServico: the LC 116 subitem of the national service code (service-item.ts);
// - CodigoTributacaoMunicipio: the item's municipal service code, when it has one;
// - ISS: ExigibilidadeISS 1 (exigível), IssRetido from the document, the rate and amount computed at creation;
// - RegimeEspecialTributacao from the national regEspTrib where ABRASF has the same regime.

// National regEspTrib (DPS: 0 none, 1 ato cooperado, 2 estimativa, 3 microempresa municipal,
// 4 notário, 5 profissional autônomo, 6 sociedade de profissionais) → ABRASF tsRegimeEspecialTributacao
// (1 ME municipal, 2 estimativa, 3 sociedade de profissionais, 4 cooperativa, 5 MEI, 6 ME/EPP). 4 and 5 have no ABRASF code.
const SPECIAL_REGIME: Record<string, AbrasfRpsInput["specialRegime"]> = { "1": "4", "2": "2", "3": "1", "6": "3" };

function taker(snapshot: ClientSnapshot): AbrasfTaker | null {
  const document = normalizeDocument(snapshot.document ?? "");
  if (!document && !snapshot.name) return null;
  const complete = snapshot.municipalityCode && snapshot.zipCode && snapshot.street && snapshot.neighborhood && snapshot.state;
  return {
    cnpj: document.length === 14 ? document : null,
    cpf: /^\d{11}$/.test(document) ? document : null,
    name: snapshot.name,
    email: snapshot.email,
    phone: snapshot.phone,
    address: complete
      ? { street: snapshot.street!, number: snapshot.number ?? "S/N", complement: snapshot.complement, neighborhood: snapshot.neighborhood!, municipalityCode: snapshot.municipalityCode!, state: snapshot.state!, zipCode: snapshot.zipCode!.replace(/\D/g, "") }
      : null,
  };
}

export function toAbrasfInput(document: StoredDocument, provider: AbrasfProvider): AbrasfRpsInput | EmissionRefusal {
  const { company } = document;
  if (document.series === null || document.series === undefined) throw new Error(`Document ${document.id} has no RPS series yet`);
  const first = document.items[0]!;
  const item = itemListaServicoOf(first.nationalServiceCode ?? "");
  if (!item) {
    return { kind: "refused", code: "invalid_taxation", reason: "items[0].nationalServiceCode: an NFS-e needs the national service code (6 digits); its first four digits are the LC 116 subitem (ItemListaServico) the city asks" };
  }
  const municipalTaxCode = first.serviceCode?.trim() || null;
  if (provider.requiresMunicipalTaxCode && !municipalTaxCode) {
    return { kind: "refused", code: "invalid_taxation", reason: `items[0].serviceCode: ${provider.name} asks its own service code (CodigoTributacaoMunicipio) on every RPS` };
  }
  if (!company.municipalRegistration) {
    return { kind: "refused", code: "fiscal_settings_incomplete", reason: `municipalRegistration: ${provider.name} identifies the provider by its Inscrição Municipal (Prestador/InscricaoMunicipal)` };
  }
  const totals = DocumentTaxTotals.parse(document.taxTotals);
  const nfse = totals.nfse;
  const retentions = nfse?.retentions;
  const issuedAt = localDateTime(document.issueDateTime, company.state);
  const description = [...new Set(document.items.map((i) => i.description))].join("; ");
  return {
    rps: { number: document.number, series: String(document.series), type: "1" },
    issueDate: issuedAt.slice(0, 10),
    competence: issuedAt.slice(0, 10),
    provider: { cnpj: company.cnpj, municipalRegistration: company.municipalRegistration },
    taker: taker(ClientSnapshot.parse(document.clientSnapshot)),
    service: {
      itemListaServico: item,
      municipalTaxCode,
      nbs: company.nfseNbsCode,
      description: description.slice(0, 2000),
      // Where the service was rendered (the line's ISS location, as the DPS's cLocPrestacao), the provider's city by default.
      municipalityCode: ItemTaxes.parse(first.taxes).iss?.location ?? provider.municipalityCode,
    },
    values: {
      serviceValue: nfse?.serviceValue ?? totals.icmsTot.vProd,
      pis: retentions?.pis, cofins: retentions?.cofins, inss: retentions?.inss, ir: retentions?.ir, csll: retentions?.csll,
      issValue: nfse?.issAmount,
      issRate: nfse?.issRate,
    },
    iss: { exigibilidade: "1", retained: nfse?.issRetained ?? false, retentionBy: nfse?.issRetained ? "1" : null },
    specialRegime: SPECIAL_REGIME[String(company.nfseRegEspTrib)] ?? null,
    simplesNacional: company.taxRegime === "SIMPLES_NACIONAL" || company.taxRegime === "SIMPLES_EXCESS" || company.taxRegime === "MEI",
    incentivoFiscal: false,
    additionalInfo: document.additionalInfo,
  };
}
