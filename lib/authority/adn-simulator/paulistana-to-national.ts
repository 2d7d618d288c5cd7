import { buildDps, nfseAccessKey, type DpsInput } from "@/lib/fiscal/nfse";
import { paulistanaServiceCode } from "@/lib/fiscal/nfse-paulistana";
import { el } from "@/lib/fiscal/xml/xml-text";
import type { NfseValues } from "../sefin-simulator/compute-values";
import { buildNfseXml } from "../sefin-simulator/build-nfse-xml";
import { readDps } from "../sefin-simulator/read-dps";
import { cityEventXml, unescapeXml, type NationalTwin } from "./abrasf-to-national";

// São Paulo shares its NFS-e with the ADN like any city with its own system (LC 214/2025 art. 62),
// so the simulated ADN writes the national twin of each NFe the Paulistana simulator issued, as
// abrasf-to-national.ts does for the ABRASF cities (ambGer 1, the city's number, date and values,
// signed by the simulator). Our choices where the city's tpNFe has no national field:
// - cTribNac: the LC 116 item of the city's CodigoServico (service-codes.ts) + desdobro 01;
// - the DPS series: SerieRPS when 1–5 digits, else 0; the DPS number: NumeroRPS;
// - opSimpNac 1 (não optante): the city's OpcaoSimples 0, as the simulator writes it;
// - tribISSQN 1 and the place of service MunicipioPrestacao (else São Paulo) for every TributacaoNFe;
// - vBC = ValorServicos − ValorDeducoes (the city's base); vLiq = ValorServicos − the retentions
//   the NFe carries (ValorPIS, ValorCOFINS, ValorINSS, ValorIR, ValorCSLL, and ValorISS when ISSRetido);
// - approximate taxes zero; the key's cNum the NFe number.

export const SAO_PAULO = "3550308";
const APP_VERSION = "PAULISTANA_LOTENFE";

const text = (xml: string, tag: string) => new RegExp(`<${tag}>([^<]*)</${tag}>`).exec(xml)?.[1] ?? null;
const block = (xml: string, tag: string) => new RegExp(`<${tag}\\b[^>]*>([\\s\\S]*?)</${tag}>`).exec(xml)?.[1] ?? "";

const cents = (value: string | null) => {
  if (!value) return 0n;
  const [units, fraction = ""] = value.split(".");
  return BigInt(units || "0") * 100n + BigInt((fraction + "00").slice(0, 2));
};
const money = (value: bigint) => `${value < 0n ? "-" : ""}${(value < 0n ? -value : value) / 100n}.${String((value < 0n ? -value : value) % 100n).padStart(2, "0")}`;

/** AliquotaServicos (a fraction, 0.05) as the national percent (5.00), moving the point instead of a float product. */
function percentOf(fraction: string | null): string | null {
  if (fraction === null) return null;
  const [whole = "0", decimals = ""] = fraction.split(".");
  const basisPoints = BigInt(whole || "0") * 10000n + BigInt((decimals + "0000").slice(0, 4));
  return `${basisPoints / 100n}.${String(basisPoints % 100n).padStart(2, "0")}`;
}

/** The national NFS-e of one NFe the city issued (`nfeXml`: the stored <NFe>), or null when it lacks what the layout needs. */
export function nationalTwinOfPaulistana(nfeXml: string, environment: "PRODUCTION" | "HOMOLOGATION"): NationalTwin | null {
  const chaveNfe = block(nfeXml, "ChaveNFe");
  const chaveRps = block(nfeXml, "ChaveRPS");
  const nNFSe = Number(text(chaveNfe, "NumeroNFe"));
  const issuedAt = text(nfeXml, "DataEmissaoNFe");
  const cnpj = text(block(nfeXml, "CPFCNPJPrestador"), "CNPJ");
  const item = /^(\d{2})\.(\d{2})$/.exec(paulistanaServiceCode(text(nfeXml, "CodigoServico") ?? "")?.lc116Item ?? "");
  if (!Number.isInteger(nNFSe) || !issuedAt || !cnpj || !item) return null;
  const dhEmi = /[+-]\d{2}:\d{2}$|Z$/.test(issuedAt) ? issuedAt : `${issuedAt.slice(0, 19)}-03:00`;
  const series = text(chaveRps, "SerieRPS") ?? "";
  const retained = text(nfeXml, "ISSRetido") === "true";
  const takerIds = block(nfeXml, "CPFCNPJTomador");
  const address = block(nfeXml, "EnderecoTomador");
  const street = [text(address, "TipoLogradouro"), text(address, "Logradouro")].filter(Boolean).join(" ");
  const services = text(nfeXml, "ValorServicos") ?? text(nfeXml, "ValorInicialCobrado") ?? "0.00";
  const input: DpsInput = {
    environment,
    issuedAt: dhEmi,
    competence: (text(nfeXml, "DataEmissaoRPS") ?? dhEmi).slice(0, 10),
    series: /^\d{1,5}$/.test(series) ? Number(series) : 0,
    number: Number(text(chaveRps, "NumeroRPS")),
    issuingMunicipality: SAO_PAULO,
    provider: { cnpj, municipalRegistration: text(chaveNfe, "InscricaoPrestador"), opSimpNac: "1", regApTribSN: null, regEspTrib: "0" },
    taker: takerIds
      ? {
          cnpj: text(takerIds, "CNPJ"),
          cpf: text(takerIds, "CPF"),
          name: unescapeXml(text(nfeXml, "RazaoSocialTomador") ?? ""),
          address: text(address, "Cidade")
            ? {
                municipalityCode: text(address, "Cidade")!,
                zipCode: text(address, "CEP") ?? "00000000",
                street: unescapeXml(street),
                number: unescapeXml(text(address, "NumeroEndereco") ?? "S/N"),
                complement: text(address, "ComplementoEndereco"),
                neighborhood: unescapeXml(text(address, "Bairro") ?? ""),
              }
            : null,
          email: text(nfeXml, "EmailTomador"),
        }
      : null,
    service: {
      location: text(nfeXml, "MunicipioPrestacao") ?? SAO_PAULO,
      nationalCode: `${item[1]}${item[2]}01`,
      municipalCode: null,
      description: unescapeXml(text(nfeXml, "Discriminacao") ?? ""),
      nbsCode: text(nfeXml, "NBS"),
    },
    values: {
      serviceValue: services,
      tribISSQN: "1",
      tpRetISSQN: retained ? "2" : "1",
      issRate: null,
      retentions: { inss: text(nfeXml, "ValorINSS"), ir: text(nfeXml, "ValorIR"), csll: text(nfeXml, "ValorCSLL") },
      approximateTaxes: { federal: "0.00", state: "0.00", municipal: "0.00" },
    },
  };
  const dps = buildDps(input);
  const iss = text(nfeXml, "ValorISS") ?? "0.00";
  const withheld = ["ValorPIS", "ValorCOFINS", "ValorINSS", "ValorIR", "ValorCSLL"].reduce((sum, tag) => sum + cents(text(nfeXml, tag)), retained ? cents(iss) : 0n);
  const values: NfseValues = {
    vBC: money(cents(services) - cents(text(nfeXml, "ValorDeducoes"))),
    pAliqAplic: percentOf(text(nfeXml, "AliquotaServicos")),
    vISSQN: iss,
    vTotalRet: null,
    vLiq: money(cents(services) - withheld),
    issRetained: retained,
  };
  const accessKey = nfseAccessKey({ municipality: SAO_PAULO, ambGer: "1", tpInsc: "2", inscription: cnpj, nNFSe, yearMonth: `${dhEmi.slice(2, 4)}${dhEmi.slice(5, 7)}`, cNum: String(nNFSe % 1_000_000_000) });
  const emitName = unescapeXml(text(nfeXml, "RazaoSocialPrestador") ?? cnpj);
  const xml = buildNfseXml({ accessKey, nNFSe, dhProc: dhEmi, dps: readDps(dps.xml), dpsXml: dps.xml, values, emitName, generatedBy: { ambGer: "1", appVersion: APP_VERSION } });
  return { accessKey, xml };
}

/**
 * The e101101 of an NFe the city cancelled (CancelamentoNFe), as the city shares it: the
 * Paulistana cancellation has no reason code, so cMotivo 9 (outros); dhProc the city's DataCancelamento.
 */
export function nationalCancellationOfPaulistana(
  cancelled: { nfseXml: string; cancellationXml: string | null; nfseNumber: number },
  environment: "PRODUCTION" | "HOMOLOGATION",
): { accessKey: string; eventType: "e101101"; xml: string } | null {
  const twin = nationalTwinOfPaulistana(cancelled.nfseXml, environment);
  const at = text(cancelled.cancellationXml ?? "", "DataCancelamento");
  const cnpj = text(block(cancelled.nfseXml, "CPFCNPJPrestador"), "CNPJ");
  if (!twin || !at || !cnpj) return null;
  const detail = el("xDesc", "Cancelamento de NFS-e") + el("cMotivo", "9") + el("xMotivo", "Cancelada no sistema próprio do município (Nota Fiscal Paulistana, CancelamentoNFe)");
  const xml = cityEventXml({ twinKey: twin.accessKey, type: "101101", detail, at, authorCnpj: cnpj, nfseNumber: cancelled.nfseNumber, appVersion: APP_VERSION, environment });
  return { accessKey: twin.accessKey, eventType: "e101101", xml };
}
