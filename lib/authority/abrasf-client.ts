import { compNfseOf, compNfsesOf, readAbrasfCancellation, readAbrasfLotReceipt, readAbrasfLotSituation, readAbrasfMessages, readAbrasfNfse } from "@/lib/fiscal/nfse-abrasf";
import { buildAbrasfRequestEnvelope, readAbrasfResponseEnvelope, type AbrasfOperation } from "./abrasf-soap";
import type { AbrasfAuthority, AbrasfCancelled, AbrasfIssued, AbrasfLotReceived, AbrasfLotSituationAnswer, AbrasfRefused, AbrasfReplaced } from "./abrasf-types";
import type { AbrasfProvider } from "./nfse-providers";
import { callMunicipalSoap } from "./municipal-soap-call";
import type { AuthorityEnvironment, ClientCertificate, CommunicationFailure } from "./types";

// The ABRASF 2.04 client: the city's URL from its provider row (or the
// simulator's /abrasf/{IBGE}/nfse.asmx), SOAP 1.1, the answer's
// ListaMensagemRetorno read as a refusal. A timeout, a 5xx, a SOAP fault or an
// answer that is neither an NFS-e nor a message list is a communication
// failure: the outcome is unknown and the caller asks ConsultarNfsePorRps
// before sending the same RPS again (E10 would refuse it anyway).

// E89: "Não existe na base de dados uma NFS-e emitida para o número de RPS informado" (ABRASF's table of messages).
export const RPS_WITHOUT_NFSE = "E89";

export type AbrasfClientOptions = {
  timeoutMs: number;
  /** The simulator's origin; unset: the city's URL from the provider table. */
  baseUrl?: string;
  serverCa?: string;
};

function failure(reason: string): CommunicationFailure {
  return { kind: "communication_failure", reason };
}

function refused(answer: string): AbrasfRefused | null {
  const messages = readAbrasfMessages(answer);
  const [first] = messages;
  if (!first) return null;
  const reason = first.correction ? `${first.message} (${first.correction})` : first.message;
  return { kind: "refused", code: first.code, reason, messages };
}

function issued(compNfseXml: string | null): AbrasfIssued | null {
  if (!compNfseXml) return null;
  const nfse = readAbrasfNfse(compNfseXml);
  return nfse ? { kind: "authorized", compNfseXml, nfse } : null;
}

export class AbrasfSoapClient implements AbrasfAuthority {
  constructor(private readonly options: AbrasfClientOptions) {}

  url(provider: AbrasfProvider, environment: AuthorityEnvironment): string {
    return this.options.baseUrl ? `${this.options.baseUrl}/abrasf/${provider.municipalityCode}/nfse.asmx` : provider.urls[environment];
  }

  /** One SOAP call; the answer's XML, or why there is none. */
  private call(provider: AbrasfProvider, environment: AuthorityEnvironment, operation: AbrasfOperation, xml: string, certificate: ClientCertificate): Promise<string | CommunicationFailure> {
    return callMunicipalSoap({
      url: this.url(provider, environment),
      serviceName: provider.name,
      contentType: "text/xml; charset=utf-8",
      soapAction: `"${provider.soap.actionPrefix}${operation}"`,
      envelope: buildAbrasfRequestEnvelope(operation, provider.soap.namespace, xml),
      certificate,
      timeoutMs: this.options.timeoutMs,
      serverCa: this.options.serverCa,
      readAnswer: (envelope) => readAbrasfResponseEnvelope(envelope, operation),
      missingAnswer: `${provider.name} answered ${operation} without ${operation}Result`,
    });
  }

  async gerarNfse(provider: AbrasfProvider, environment: AuthorityEnvironment, signedXml: string, certificate: ClientCertificate) {
    const answer = await this.call(provider, environment, "GerarNfse", signedXml, certificate);
    if (typeof answer !== "string") return answer;
    return issued(compNfseOf(answer)) ?? refused(answer) ?? failure("GerarNfseResposta without CompNfse or ListaMensagemRetorno");
  }

  async consultarNfsePorRps(provider: AbrasfProvider, environment: AuthorityEnvironment, xml: string, certificate: ClientCertificate) {
    const answer = await this.call(provider, environment, "ConsultarNfsePorRps", xml, certificate);
    if (typeof answer !== "string") return answer;
    const found = issued(compNfseOf(answer));
    if (found) return found;
    const refusal = refused(answer);
    if (refusal?.code === RPS_WITHOUT_NFSE) return { kind: "not_found" as const, messages: refusal.messages };
    return refusal ?? failure("ConsultarNfseRpsResposta without CompNfse or ListaMensagemRetorno");
  }

  async cancelarNfse(provider: AbrasfProvider, environment: AuthorityEnvironment, signedXml: string, certificate: ClientCertificate): Promise<AbrasfCancelled | AbrasfRefused | CommunicationFailure> {
    const answer = await this.call(provider, environment, "CancelarNfse", signedXml, certificate);
    if (typeof answer !== "string") return answer;
    const confirmation = readAbrasfCancellation(answer);
    if (confirmation) return { kind: "authorized", confirmedAt: confirmation.confirmedAt, answerXml: answer };
    return refused(answer) ?? failure("CancelarNfseResposta without RetCancelamento or ListaMensagemRetorno");
  }

  async substituirNfse(provider: AbrasfProvider, environment: AuthorityEnvironment, signedXml: string, certificate: ClientCertificate): Promise<AbrasfReplaced | AbrasfRefused | CommunicationFailure> {
    const answer = await this.call(provider, environment, "SubstituirNfse", signedXml, certificate);
    if (typeof answer !== "string") return answer;
    // The CompNfse directly inside RetSubstituicao's NfseSubstituida / NfseSubstituidora: the replaced note's own
    // NfseSubstituicao also carries an <NfseSubstituidora> (its number), which a first-match would take.
    const section = (tag: string) => new RegExp(`<(?:[\\w.-]+:)?${tag}>\\s*(<(?:[\\w.-]+:)?CompNfse\\b[\\s\\S]*?</(?:[\\w.-]+:)?CompNfse>)\\s*</(?:[\\w.-]+:)?${tag}>`).exec(answer)?.[1] ?? "";
    const replaced = issued(compNfseOf(section("NfseSubstituida")));
    const replacement = issued(compNfseOf(section("NfseSubstituidora")));
    if (replaced && replacement) return { kind: "authorized", replaced, replacement };
    return refused(answer) ?? failure("SubstituirNfseResposta without RetSubstituicao or ListaMensagemRetorno");
  }

  async recepcionarLoteRps(provider: AbrasfProvider, environment: AuthorityEnvironment, signedXml: string, certificate: ClientCertificate): Promise<AbrasfLotReceived | AbrasfRefused | CommunicationFailure> {
    const answer = await this.call(provider, environment, "RecepcionarLoteRps", signedXml, certificate);
    if (typeof answer !== "string") return answer;
    const receipt = readAbrasfLotReceipt(answer);
    if (receipt) return { kind: "received", ...receipt };
    return refused(answer) ?? failure("EnviarLoteRpsResposta without Protocolo or ListaMensagemRetorno");
  }

  async consultarLoteRps(provider: AbrasfProvider, environment: AuthorityEnvironment, xml: string, certificate: ClientCertificate): Promise<AbrasfLotSituationAnswer | CommunicationFailure> {
    const answer = await this.call(provider, environment, "ConsultarLoteRps", xml, certificate);
    if (typeof answer !== "string") return answer;
    const lot = readAbrasfLotSituation(answer);
    if (!lot) return refused(answer) ?? failure("ConsultarLoteRpsResposta without Situacao");
    if (lot.situation === "1" || lot.situation === "2") return { kind: "pending", situation: lot.situation };
    if (lot.situation === "4") {
      const nfse = lot.compNfses.map((one) => issued(one)).filter((one): one is AbrasfIssued => one !== null);
      return nfse.length > 0 ? { kind: "authorized", nfse } : failure("ConsultarLoteRpsResposta processed (4) without a readable CompNfse");
    }
    return refused(answer) ?? failure("ConsultarLoteRpsResposta with errors (3) without messages");
  }

  async recepcionarLoteRpsSincrono(provider: AbrasfProvider, environment: AuthorityEnvironment, signedXml: string, certificate: ClientCertificate) {
    const answer = await this.call(provider, environment, "RecepcionarLoteRpsSincrono", signedXml, certificate);
    if (typeof answer !== "string") return answer;
    const nfse = compNfsesOf(answer).map((one) => issued(one)).filter((one): one is AbrasfIssued => one !== null);
    if (nfse.length > 0) return { kind: "authorized" as const, nfse };
    return refused(answer) ?? failure("EnviarLoteRpsSincronoResposta without ListaNfse or a message list");
  }
}
