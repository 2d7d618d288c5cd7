import type { ClientCertificate } from "@/lib/authority";
import { isPaulistana, nfseProviderFor, type PaulistanaProvider } from "@/lib/authority/nfse-providers";
import { getPaulistanaAuthority } from "@/lib/authority/paulistana-authority";
import type { PaulistanaAuthority, PaulistanaFound } from "@/lib/authority/paulistana-types";
import { buildPedidoConsultaNfe, type PaulistanaLayout, type PaulistanaRpsKey } from "@/lib/fiscal/nfse-paulistana";
import type { SigningCredentials } from "@/lib/fiscal/xml/xml-signature";

// One send of a signed PedidoEnvioRPS to São Paulo (issue 57), as sendAbrasf does for an
// ABRASF city: when an earlier send may have reached the city (attempt counter above 1)
// ConsultaNFe by the RPS key is asked first; a resend refused 223 ("RPS já convertido")
// is resolved the same way. The city's EnvioRPS answer has only the NFS-e key, so the
// NFS-e itself (tpNFe, what we store as the authorized XML) is always read back with
// ConsultaNFe; a failure there leaves the outcome to the next attempt's lookup.

const RPS_ALREADY_CONVERTED = "223";

export type PaulistanaOutcome =
  | { kind: "issued"; found: PaulistanaFound; via: "submit" | "rps_lookup"; provider: PaulistanaProvider }
  | { kind: "refused"; code: string; reason: string }
  | { kind: "communication_failure"; reason: string };

const text = (xml: string, tag: string) => new RegExp(`<${tag}>([^<]*)</${tag}>`).exec(xml)?.[1] ?? null;

/** What the signed PedidoEnvioRPS says about itself: the sender, the RPS key, its date (which picks the city's row). */
export function readPedidoEnvioRps(signedXml: string): { senderCnpj: string; key: PaulistanaRpsKey; issueDate: string; layout: PaulistanaLayout } | null {
  if (!/^(?:<\?xml[^?]*\?>)?<PedidoEnvioRPS\b/.test(signedXml)) return null;
  const chave = /<ChaveRPS>([\s\S]*?)<\/ChaveRPS>/.exec(signedXml)?.[1] ?? "";
  return {
    senderCnpj: text(/<Cabecalho\b[\s\S]*?<\/Cabecalho>/.exec(signedXml)?.[0] ?? "", "CNPJ") ?? "",
    key: { ccm: text(chave, "InscricaoPrestador") ?? "", series: text(chave, "SerieRPS") ?? "", number: Number(text(chave, "NumeroRPS")) },
    issueDate: text(signedXml, "DataEmissao") ?? "",
    layout: /<Cabecalho\b[^>]*\bVersao="2"/.test(signedXml) ? 2 : 1,
  };
}

export async function sendPaulistana(
  document: { signedXml: string; environment: "PRODUCTION" | "HOMOLOGATION"; emissionAttempts: number; municipalityCode: string },
  credentials: SigningCredentials,
  certificate: ClientCertificate,
  authorityFor: (environment: "PRODUCTION" | "HOMOLOGATION") => PaulistanaAuthority = getPaulistanaAuthority,
): Promise<PaulistanaOutcome> {
  const message = readPedidoEnvioRps(document.signedXml);
  const provider = message ? nfseProviderFor(document.municipalityCode, message.issueDate) : null;
  if (!message || !provider || !isPaulistana(provider)) {
    return { kind: "refused", code: "nfse_provider_changed", reason: `The signed RPS is not one ${document.municipalityCode}'s NFS-e system takes on its date; emit the document again` };
  }
  const authority = authorityFor(document.environment);
  const lookup = async (via: "submit" | "rps_lookup"): Promise<PaulistanaOutcome | null> => {
    // Asked in the RPS's own layout: a layout-2 NFS-e comes back with its IBS/CBS (RetornoComplementarIBSCBS).
    const request = buildPedidoConsultaNfe(message.senderCnpj, { rps: message.key }, credentials, message.layout);
    const found = await authority.consultaNfe(provider, document.environment, request, certificate);
    if (found.kind === "found") return { kind: "issued", found, via, provider };
    if (found.kind === "communication_failure") return { kind: "communication_failure", reason: `RPS lookup failed: ${found.reason}` };
    if (found.kind === "refused") return { kind: "refused", code: found.code, reason: `${provider.name}: ${found.reason}` };
    return null;
  };
  if (document.emissionAttempts > 1) {
    const known = await lookup("rps_lookup");
    if (known) return known;
  }
  const answer = await authority.envioRps(provider, document.environment, document.signedXml, certificate);
  if (answer.kind === "communication_failure") return answer;
  if (answer.kind === "authorized") {
    return (await lookup("submit")) ?? { kind: "communication_failure", reason: `${provider.name} issued NFS-e ${answer.number} but ConsultaNFe does not return it yet` };
  }
  if (answer.code === RPS_ALREADY_CONVERTED) {
    const known = await lookup("rps_lookup");
    if (known?.kind === "issued" && known.found.nfe.status === "N") return known;
  }
  return { kind: "refused", code: answer.code, reason: `${provider.name}: ${answer.reason}` };
}
