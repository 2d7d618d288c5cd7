import { readPaulistanaAnswer, type PaulistanaAnswer } from "@/lib/fiscal/nfse-paulistana";
import { callMunicipalSoap } from "./municipal-soap-call";
import type { PaulistanaOperation, PaulistanaProvider } from "./nfse-providers";
import { buildPaulistanaRequestEnvelope, readPaulistanaResponseEnvelope } from "./paulistana-soap";
import type { PaulistanaAuthority, PaulistanaRefused } from "./paulistana-types";
import type { AuthorityEnvironment, ClientCertificate, CommunicationFailure } from "./types";

// The LoteNFe client: the city's URL from its provider row (PRODUCTION; HOMOLOGATION has no
// real service) or the simulator's /paulistana/ws/lotenfe.asmx; SOAP 1.2 with a SOAPAction
// header; an answer with Sucesso false is a refusal. A timeout, a 5xx, a SOAP fault or an
// answer without RetornoXML is a communication failure: the outcome is unknown and the
// caller asks ConsultaNFe by the RPS key before sending the same RPS again.

export const PAULISTANA_SIMULATOR_PATH = "/paulistana/ws/lotenfe.asmx";

export type PaulistanaClientOptions = { timeoutMs: number; /** The simulator's origin; unset: the city's URL. */ baseUrl?: string; serverCa?: string };

/** The Versao attribute of the message's Cabecalho. */
export function messageVersion(xml: string): string | null {
  return /<Cabecalho\b[^>]*\bVersao="(\d+)"/.exec(xml)?.[1] ?? null;
}

function failure(reason: string): CommunicationFailure {
  return { kind: "communication_failure", reason };
}

function refused(answer: PaulistanaAnswer): PaulistanaRefused {
  const first = answer.errors[0];
  return { kind: "refused", code: first?.code ?? "unknown", reason: first ? `${first.code} - ${first.description}` : "Sucesso false without Erro", errors: answer.errors };
}

export class PaulistanaSoapClient implements PaulistanaAuthority {
  constructor(private readonly options: PaulistanaClientOptions) {}

  /** The simulator's address, or the city's for the message's layout (layout 2 may live elsewhere: layout2Urls). */
  url(provider: PaulistanaProvider, environment: AuthorityEnvironment, layout: string | null = null): string | null {
    if (this.options.baseUrl) return `${this.options.baseUrl}${PAULISTANA_SIMULATOR_PATH}`;
    return layout === "2" && provider.layout2Urls ? provider.layout2Urls[environment] : provider.urls[environment];
  }

  private async call(provider: PaulistanaProvider, environment: AuthorityEnvironment, operation: PaulistanaOperation, xml: string, certificate: ClientCertificate): Promise<PaulistanaAnswer | CommunicationFailure> {
    const url = this.url(provider, environment, messageVersion(xml));
    if (!url) return failure(`${provider.name} has no ${environment} service (use the simulator)`);
    const answer = await callMunicipalSoap({
      url,
      serviceName: provider.name,
      contentType: "application/soap+xml; charset=utf-8",
      soapAction: provider.soap.actions[operation],
      // VersaoSchema follows the message's own Cabecalho Versao (1, or 2 for the tax reform's layout).
      envelope: buildPaulistanaRequestEnvelope(operation, provider.soap.namespace, xml, messageVersion(xml) ?? provider.version),
      certificate,
      timeoutMs: this.options.timeoutMs,
      serverCa: this.options.serverCa,
      // An empty RetornoXML is no answer either.
      readAnswer: (envelope) => readPaulistanaResponseEnvelope(envelope) || null,
      missingAnswer: `${provider.name} answered ${operation} without RetornoXML`,
    });
    return typeof answer === "string" ? readPaulistanaAnswer(answer) : answer;
  }

  async envioRps(provider: PaulistanaProvider, environment: AuthorityEnvironment, signedXml: string, certificate: ClientCertificate) {
    const answer = await this.call(provider, environment, "EnvioRPS", signedXml, certificate);
    if ("kind" in answer) return answer;
    if (!answer.success) return refused(answer);
    if (!answer.issued) return failure("RetornoEnvioRPS with Sucesso true and no ChaveNFeRPS");
    return { kind: "authorized" as const, number: answer.issued.number, verificationCode: answer.issued.verificationCode, alerts: answer.alerts, answerXml: answer.raw };
  }

  async consultaNfe(provider: PaulistanaProvider, environment: AuthorityEnvironment, signedXml: string, certificate: ClientCertificate) {
    const answer = await this.call(provider, environment, "ConsultaNFe", signedXml, certificate);
    if ("kind" in answer) return answer;
    if (!answer.success) return refused(answer);
    const [first] = answer.nfes;
    return first ? { kind: "found" as const, nfeXml: first.xml, nfe: first.nfe } : { kind: "not_found" as const };
  }

  async cancelamentoNfe(provider: PaulistanaProvider, environment: AuthorityEnvironment, signedXml: string, certificate: ClientCertificate) {
    const answer = await this.call(provider, environment, "CancelamentoNFe", signedXml, certificate);
    if ("kind" in answer) return answer;
    return answer.success ? { kind: "authorized" as const, answerXml: answer.raw } : refused(answer);
  }
}
