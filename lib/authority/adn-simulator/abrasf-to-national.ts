import { buildDps, nfseAccessKey, NFSE_NS, type DpsInput } from "@/lib/fiscal/nfse";
import { signXml } from "@/lib/fiscal/xml/xml-signature";
import { el, group } from "@/lib/fiscal/xml/xml-text";
import type { AbrasfProvider } from "../nfse-providers";
import type { NfseValues } from "../sefin-simulator/compute-values";
import { buildNfseXml } from "../sefin-simulator/build-nfse-xml";
import { readDps } from "../sefin-simulator/read-dps";
import { simulatorSigningCredentials } from "../sefin-simulator/signer";

// A city with its own system shares each NFS-e it authorizes with the ADN in the national
// layout (LC 214/2025 art. 62; the municipality generates it: ambGer 1, "Prefeitura", Anexo I
// of the national layout). Our simulated city keeps the ABRASF 2.04 NFS-e, so the simulated ADN
// writes its national twin: the declaration as a DPS (unsigned: DPS's Signature is optional in
// TCDPS), the city's number and values, an access key with ambGer 1, signed by the simulator.
// The real conversion is each city's; what we choose where ABRASF has no field:
// - the DPS series: the RPS series when it is 1–5 digits, else 0 (the DPS's serie is numeric);
// - cTribNac: ItemListaServico + desdobro 01 ("01.01" → "010101");
// - totTrib: zero amounts (the RPS carries no approximate taxes);
// - the access key's cNum: the NFS-e number (a city's own key part is unknown to us).

const text = (xml: string, tag: string) => new RegExp(`<${tag}>([^<]*)</${tag}>`).exec(xml)?.[1] ?? null;
const block = (xml: string, tag: string) => new RegExp(`<${tag}\\b[^>]*>([\\s\\S]*?)</${tag}>`).exec(xml)?.[1] ?? "";

/** RegimeEspecialTributacao (ABRASF) → regEspTrib (national): the inverse of to-abrasf-input's map. */
const NATIONAL_SPECIAL_REGIME: Record<string, string> = { "1": "3", "2": "2", "3": "6", "4": "1" };

export function unescapeXml(value: string): string {
  return value.replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&quot;/g, '"').replace(/&apos;/g, "'").replace(/&amp;/g, "&");
}

function percentOf(aliquota: string | null, format: AbrasfProvider["aliquotaFormat"]): string | null {
  if (aliquota === null) return null;
  // A fraction (0.05) becomes 5.00 by moving the point, not by a float product.
  const [whole = "0", decimals = ""] = aliquota.split(".");
  const percent = format === "fraction" ? `${whole}${decimals.padEnd(2, "0").slice(0, 2)}.${decimals.slice(2) || "0"}` : aliquota;
  return Number(percent).toFixed(2);
}

export type NationalTwin = { accessKey: string; xml: string };

/** The national NFS-e of one ABRASF NFS-e (`nfseXml`: the city's signed <Nfse>), or null when it lacks what the layout needs. */
export function nationalTwinOf(nfseXml: string, provider: AbrasfProvider, environment: "PRODUCTION" | "HOMOLOGATION"): NationalTwin | null {
  const inf = block(nfseXml, "InfNfse");
  const declaration = block(inf, "InfDeclaracaoPrestacaoServico");
  const identification = block(declaration, "IdentificacaoRps");
  const servico = block(declaration, "Servico");
  const valores = block(servico, "Valores");
  const prestador = block(declaration, "Prestador");
  const tomador = block(declaration, "TomadorServico");
  const takerAddress = block(tomador, "Endereco");
  const cityValues = block(inf, "ValoresNfse");
  const nNFSe = Number(text(inf, "Numero"));
  const issuedAt = text(inf, "DataEmissao");
  const cnpj = text(prestador, "Cnpj");
  const item = /^(\d{2})\.?(\d{2})$/.exec(text(servico, "ItemListaServico") ?? "");
  if (!Number.isInteger(nNFSe) || !issuedAt || !cnpj || !item) return null;
  const series = text(identification, "Serie") ?? "";
  const dhEmi = /[+-]\d{2}:\d{2}$|Z$/.test(issuedAt) ? issuedAt : `${issuedAt.slice(0, 19)}-03:00`;
  const retained = text(servico, "IssRetido") === "1";
  const taxNumber = text(tomador, "Cnpj") ?? text(tomador, "Cpf");
  const input: DpsInput = {
    environment,
    issuedAt: dhEmi,
    competence: text(declaration, "Competencia") ?? dhEmi.slice(0, 10),
    series: /^\d{1,5}$/.test(series) ? Number(series) : 0,
    number: Number(text(identification, "Numero")),
    issuingMunicipality: provider.municipalityCode,
    provider: {
      cnpj,
      municipalRegistration: text(prestador, "InscricaoMunicipal"),
      opSimpNac: text(declaration, "OptanteSimplesNacional") === "1" ? "3" : "1",
      regApTribSN: text(declaration, "OptanteSimplesNacional") === "1" ? "1" : null,
      regEspTrib: NATIONAL_SPECIAL_REGIME[text(declaration, "RegimeEspecialTributacao") ?? ""] ?? "0",
    },
    taker: tomador
      ? {
          cnpj: text(tomador, "Cnpj"),
          cpf: text(tomador, "Cpf"),
          name: unescapeXml(text(tomador, "RazaoSocial") ?? ""),
          address: takerAddress && text(takerAddress, "CodigoMunicipio")
            ? {
                municipalityCode: text(takerAddress, "CodigoMunicipio")!,
                zipCode: text(takerAddress, "Cep") ?? "00000000",
                street: unescapeXml(text(takerAddress, "Endereco") ?? ""),
                number: unescapeXml(text(takerAddress, "Numero") ?? "S/N"),
                complement: text(takerAddress, "Complemento"),
                neighborhood: unescapeXml(text(takerAddress, "Bairro") ?? ""),
              }
            : null,
          email: text(block(tomador, "Contato"), "Email"),
        }
      : null,
    service: {
      location: text(servico, "CodigoMunicipio") ?? provider.municipalityCode,
      nationalCode: `${item[1]}${item[2]}01`,
      municipalCode: null,
      description: unescapeXml(text(servico, "Discriminacao") ?? ""),
      nbsCode: text(servico, "CodigoNbs"),
    },
    values: {
      serviceValue: text(valores, "ValorServicos") ?? "0.00",
      unconditionalDiscount: text(valores, "DescontoIncondicionado"),
      tribISSQN: "1",
      tpRetISSQN: retained ? "2" : "1",
      issRate: null,
      retentions: { inss: text(valores, "ValorInss"), ir: text(valores, "ValorIr"), csll: text(valores, "ValorCsll") },
      approximateTaxes: { federal: "0.00", state: "0.00", municipal: "0.00" },
    },
  };
  if (taxNumber === null && input.taker) input.taker = { ...input.taker, cnpj: null, cpf: null };
  const dps = buildDps(input);
  const iss = text(cityValues, "ValorIss");
  const values: NfseValues = {
    vBC: text(cityValues, "BaseCalculo"),
    pAliqAplic: percentOf(text(cityValues, "Aliquota"), provider.aliquotaFormat),
    vISSQN: iss,
    vTotalRet: null,
    vLiq: text(cityValues, "ValorLiquidoNfse") ?? "0.00",
    issRetained: retained,
  };
  const accessKey = nfseAccessKey({ municipality: provider.municipalityCode, ambGer: "1", tpInsc: "2", inscription: cnpj, nNFSe, yearMonth: `${dhEmi.slice(2, 4)}${dhEmi.slice(5, 7)}`, cNum: String(nNFSe % 1_000_000_000) });
  const emitName = unescapeXml(text(block(inf, "PrestadorServico"), "RazaoSocial") ?? cnpj);
  const xml = buildNfseXml({ accessKey, nNFSe, dhProc: dhEmi, dps: readDps(dps.xml), dpsXml: dps.xml, values, emitName, generatedBy: { ambGer: "1", appVersion: `${provider.system}_ABRASF_${provider.version}`.slice(0, 20) } });
  return { accessKey, xml };
}

/**
 * The national event of an ABRASF NFS-e the city cancelled (e101101) or replaced (e105102, naming
 * the replacement's twin key), as the city shares it (ambGer 1): its pedRegEvento is written by the
 * city on the provider's behalf (CNPJAutor the provider, unsigned: its Signature is optional in
 * TCPedRegEvt), the event signed by the simulator. CodigoCancelamento 1/2 → cMotivo 1/2, else 9;
 * a substitution's cMotivo is 99 (outros: ABRASF's codes are not the national substitution's).
 */
export function nationalCancellationOf(
  cancelled: { nfseXml: string; cancellationXml: string | null; nfseNumber: number },
  provider: AbrasfProvider,
  environment: "PRODUCTION" | "HOMOLOGATION",
  replacementTwinKey: string | null,
): { accessKey: string; eventType: "e101101" | "e105102"; xml: string } | null {
  const twin = nationalTwinOf(cancelled.nfseXml, provider, environment);
  const cancellation = cancelled.cancellationXml ?? "";
  const at = text(cancellation, "DataHora");
  const cnpj = text(block(cancellation, "IdentificacaoNfse"), "Cnpj");
  if (!twin || !at || !cnpj) return null;
  const code = text(cancellation, "CodigoCancelamento") ?? "";
  const type = replacementTwinKey ? "105102" : "101101";
  const detail = replacementTwinKey
    ? el("xDesc", "Cancelamento de NFS-e por Substituição") + el("cMotivo", "99") +
      el("xMotivo", `Substituída no sistema próprio do município (ABRASF SubstituirNfse, CodigoCancelamento ${code || "?"})`) + el("chSubstituta", replacementTwinKey)
    : el("xDesc", "Cancelamento de NFS-e") + el("cMotivo", code === "1" || code === "2" ? code : "9") +
      el("xMotivo", `Cancelada no sistema próprio do município (ABRASF CancelarNfse, CodigoCancelamento ${code || "?"})`);
  const xml = cityEventXml({ twinKey: twin.accessKey, type, detail, at, authorCnpj: cnpj, nfseNumber: cancelled.nfseNumber, appVersion: `${provider.system}_ABRASF_${provider.version}`, environment });
  return { accessKey: twin.accessKey, eventType: `e${type}`, xml };
}

/**
 * A national event a city shares (ambGer 1, nSeqEvento 1, dhProc the city's own time): the
 * pedRegEvento the city writes on the provider's behalf (CNPJAutor the provider, unsigned: its
 * Signature is optional in TCPedRegEvt), the event signed by the simulator.
 */
export function cityEventXml(input: { twinKey: string; type: "101101" | "105102"; detail: string; at: string; authorCnpj: string; nfseNumber: number; appVersion: string; environment: "PRODUCTION" | "HOMOLOGATION" }): string {
  const { twinKey, type, environment } = input;
  const verAplic = input.appVersion.slice(0, 20);
  const dh = /[+-]\d{2}:\d{2}$|Z$/.test(input.at) ? input.at : `${input.at.slice(0, 19)}-03:00`;
  const pedido =
    `<pedRegEvento versao="1.01"><infPedReg Id="PRE${twinKey}${type}">` +
    el("tpAmb", environment === "PRODUCTION" ? "1" : "2") + el("verAplic", verAplic) + el("dhEvento", dh) +
    el("CNPJAutor", input.authorCnpj) + el("chNFSe", twinKey) + group(`e${type}`, input.detail) + `</infPedReg></pedRegEvento>`;
  const inf = el("verAplic", verAplic) + el("ambGer", "1") + el("nSeqEvento", "1") + el("dhProc", dh) + el("nDFSe", String(input.nfseNumber)) + pedido;
  const unsigned = `<?xml version="1.0" encoding="UTF-8"?><evento xmlns="${NFSE_NS}" versao="1.01"><infEvento Id="EVT${twinKey}${type}001">${inf}</infEvento></evento>`;
  return signXml(unsigned, simulatorSigningCredentials(), { tag: "infEvento", nestedSignatures: true });
}
