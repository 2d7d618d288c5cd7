import { getAbrasfAuthority } from "@/lib/authority/abrasf-authority";
import type { AbrasfAuthority, AbrasfIssued } from "@/lib/authority/abrasf-types";
import { isAbrasf, nfseProviderFor, type AbrasfProvider } from "@/lib/authority/nfse-providers";
import type { ClientCertificate } from "@/lib/authority";
import { buildConsultarLoteRps, buildConsultarNfseRps, buildEnviarLoteRps, signedRpsOf, type RpsIdentification, type RpsType } from "@/lib/fiscal/nfse-abrasf";

// One send of a signed GerarNfseEnvio to the company's city (ABRASF 2.04, issue 57), as
// sendNfseCounted does for a DPS: when an earlier send may have reached the city (attempt
// counter above 1) ConsultarNfsePorRps is asked first; a resend refused E10 ("RPS já
// informado") is resolved the same way. So a lost answer never issues a second NFS-e.
// A city whose row says emission "RecepcionarLoteRps" gets the same signed RPS in a lot of
// one (LoteRps signed at send time with the company's A1), then ConsultarLoteRps by the
// protocol; a lot not processed yet is a communication failure: the run's retry asks
// ConsultarNfsePorRps first, as after a lost answer. NumeroLote = (series × 10⁹ + RPS number)
// × 100 + the attempt (mod 100): a new lot per send, so a resend is never refused for its lot
// number and the RPS's own uniqueness (E10) still guards against a second NFS-e.

// E10: "RPS já informado." (ABRASF table of messages).
const DUPLICATE_RPS = "E10";
// E79: "Essa NFS-e já está cancelada" (ABRASF table of messages).
const ALREADY_CANCELLED = "E79";

export type AbrasfOutcome =
  /** replaced: the NFS-e a SubstituirNfse cancelled, as the city answered it (absent when found by the RPS lookup). */
  | { kind: "issued"; issued: AbrasfIssued; via: "submit" | "rps_lookup" | "lot"; provider: AbrasfProvider; replaced?: AbrasfIssued }
  | { kind: "refused"; code: string; reason: string }
  | { kind: "communication_failure"; reason: string };

const text = (xml: string, tag: string) => new RegExp(`<${tag}>([^<]*)</${tag}>`).exec(xml)?.[1] ?? null;

/** A replacement's signed message (SubstituirNfseEnvio) rather than a GerarNfseEnvio. */
export function isSubstitution(signedXml: string): boolean {
  return /^(?:<\?xml[^?]*\?>)?<SubstituirNfseEnvio\b/.test(signedXml);
}

/**
 * What the signed message says about itself: the RPS, the provider, its date (which picks the city's row, as at preparation).
 * A SubstituirNfseEnvio's Pedido names the replaced NFS-e (IdentificacaoNfse), so the first IdentificacaoRps, Prestador and DataEmissao are the new RPS's.
 */
export function readGerarNfse(signedXml: string): { rps: RpsIdentification; provider: { cnpj: string; municipalRegistration: string }; issueDate: string } | null {
  if (!/^(?:<\?xml[^?]*\?>)?<GerarNfseEnvio\b/.test(signedXml) && !isSubstitution(signedXml)) return null;
  const identification = /<IdentificacaoRps>([\s\S]*?)<\/IdentificacaoRps>/.exec(signedXml)?.[1] ?? "";
  const prestador = /<Prestador>([\s\S]*?)<\/Prestador>/.exec(signedXml)?.[1] ?? "";
  return {
    rps: { number: Number(text(identification, "Numero")), series: text(identification, "Serie") ?? "", type: (text(identification, "Tipo") ?? "1") as RpsType },
    provider: { cnpj: text(prestador, "Cnpj") ?? text(prestador, "Cpf") ?? "", municipalRegistration: text(prestador, "InscricaoMunicipal") ?? "" },
    issueDate: text(signedXml, "DataEmissao") ?? "",
  };
}

export async function sendAbrasf(
  document: { signedXml: string; environment: "PRODUCTION" | "HOMOLOGATION"; emissionAttempts: number; municipalityCode: string },
  certificate: ClientCertificate,
  authorityFor: (environment: "PRODUCTION" | "HOMOLOGATION") => AbrasfAuthority = getAbrasfAuthority,
  providerFor: typeof nfseProviderFor = nfseProviderFor,
): Promise<AbrasfOutcome> {
  const message = readGerarNfse(document.signedXml);
  const provider = message ? providerFor(document.municipalityCode, message.issueDate) : null;
  if (!message || !provider || !isAbrasf(provider)) {
    return { kind: "refused", code: "nfse_provider_changed", reason: `The signed RPS is not one ${document.municipalityCode}'s NFS-e system takes on its date; emit the document again` };
  }
  const authority = authorityFor(document.environment);
  const lookup = async (): Promise<AbrasfOutcome | null> => {
    const found = await authority.consultarNfsePorRps(provider, document.environment, buildConsultarNfseRps(message.rps, message.provider), certificate);
    if (found.kind === "authorized") return { kind: "issued", issued: found, via: "rps_lookup", provider };
    if (found.kind === "communication_failure") return { kind: "communication_failure", reason: `RPS lookup failed: ${found.reason}` };
    return null;
  };
  if (document.emissionAttempts > 1) {
    const known = await lookup();
    if (known) return known;
  }
  if (isSubstitution(document.signedXml)) {
    const replaced = await authority.substituirNfse(provider, document.environment, document.signedXml, certificate);
    if (replaced.kind === "authorized") return { kind: "issued", issued: replaced.replacement, via: "submit", provider, replaced: replaced.replaced };
    if (replaced.kind === "communication_failure") return replaced;
    // E10 (the new RPS is already an NFS-e) or E79 (the replaced one is no longer active: a resend of a
    // substitution whose answer was lost is refused E79 first): the new RPS's NFS-e, if any, is ours.
    if (replaced.code === DUPLICATE_RPS || replaced.code === ALREADY_CANCELLED) {
      const known = await lookup();
      if (known) return known;
    }
    return { kind: "refused", code: replaced.code, reason: `${provider.name}: ${replaced.reason}` };
  }
  if (provider.emission === "RecepcionarLoteRps") return sendAsLot(authority, provider, document, message, certificate, lookup);
  const answer = await authority.gerarNfse(provider, document.environment, document.signedXml, certificate);
  if (answer.kind === "authorized") return { kind: "issued", issued: answer, via: "submit", provider };
  if (answer.kind === "communication_failure") return answer;
  if (answer.code === DUPLICATE_RPS) {
    const known = await lookup();
    if (known) return known;
  }
  return { kind: "refused", code: answer.code, reason: `${provider.name}: ${answer.reason}` };
}

/** The lot's number for this send (see above): unique per RPS and attempt. */
export function lotNumberOf(rps: RpsIdentification, attempt: number): number {
  const series = /^\d{1,3}$/.test(rps.series) ? Number(rps.series) : 0;
  return (series * 1_000_000_000 + rps.number) * 100 + (attempt % 100);
}

async function sendAsLot(
  authority: AbrasfAuthority,
  provider: AbrasfProvider,
  document: { signedXml: string; environment: "PRODUCTION" | "HOMOLOGATION"; emissionAttempts: number },
  message: NonNullable<ReturnType<typeof readGerarNfse>>,
  certificate: ClientCertificate,
  lookup: () => Promise<AbrasfOutcome | null>,
): Promise<AbrasfOutcome> {
  const rps = signedRpsOf(document.signedXml);
  if (!rps) return { kind: "refused", code: "nfse_provider_changed", reason: "The signed message holds no RPS to send in a lot; emit the document again" };
  const lot = buildEnviarLoteRps({ number: lotNumberOf(message.rps, document.emissionAttempts), provider: message.provider, signedRps: [rps] }, certificate, provider.signature.referenceUri);
  const received = await authority.recepcionarLoteRps(provider, document.environment, lot.xml, certificate);
  if (received.kind === "communication_failure") return received;
  if (received.kind === "refused") return { kind: "refused", code: received.code, reason: `${provider.name}: ${received.reason}` };
  const situation = await authority.consultarLoteRps(provider, document.environment, buildConsultarLoteRps(received.protocol, message.provider), certificate);
  if (situation.kind === "communication_failure") return { kind: "communication_failure", reason: `lot ${received.lotNumber} received (protocol ${received.protocol}), its consultation failed: ${situation.reason}` };
  if (situation.kind === "pending") return { kind: "communication_failure", reason: `lot ${received.lotNumber} received (protocol ${received.protocol}), not processed yet (situação ${situation.situation})` };
  if (situation.kind === "refused") {
    // E10 for our RPS: an earlier send issued it (its answer was lost); the RPS lookup finds that NFS-e.
    if (situation.code === DUPLICATE_RPS) {
      const known = await lookup();
      if (known) return known;
    }
    return { kind: "refused", code: situation.code, reason: `${provider.name}: ${situation.reason}` };
  }
  const ours = situation.nfse.find((one) => one.nfse.rps?.number === String(message.rps.number) && one.nfse.rps.series === message.rps.series) ?? situation.nfse[0]!;
  return { kind: "issued", issued: ours, via: "lot", provider };
}
