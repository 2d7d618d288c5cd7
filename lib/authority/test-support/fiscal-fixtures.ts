import { buildNfe } from "@/lib/fiscal/nfe/build-nfe";
import { deliveryProofHash, type NfeEventInput } from "@/lib/fiscal/nfe/build-event";
import { buildEventXml } from "@/lib/fiscal/nfe/build-event";
import { buildSignedEvent, buildSignedInutilization } from "@/lib/fiscal/nfe/build-signed-requests";
import { buildSignedNfe } from "@/lib/fiscal/nfe/build-signed-nfe";
import { randomCnf } from "@/lib/fiscal/nfe/access-key";
import { ISSUER_NORMAL, nfceCardAndPix, simpleNfe } from "@/lib/fiscal/nfe/test-support/golden-inputs";
import { testSigningCredentials } from "@/lib/fiscal/nfe/test-support/test-credentials";
import type { NfeInput } from "@/lib/fiscal/nfe/types";
import { signXml, type SigningCredentials } from "@/lib/fiscal/xml/xml-signature";

// Signed requests for the client ↔ simulator tests, made with the fiscal-XML
// engine's own builders (golden inputs re-numbered for each test's company),
// its signer and its schema validation: what the emission pipeline sends.
// Issuers are in SP (cUF 35).

export function credentialsFor(cnpj: string): SigningCredentials {
  return testSigningCredentials(cnpj);
}

export type NfeFixture = { xml: string; accessKey: string; cnpj: string; series: number; number: number };
type NfeOptions = { cnpj: string; series: number; number: number; issuedAt?: Date; model?: 55 | 65; from?: () => NfeInput };

function inputFor(options: NfeOptions): NfeInput {
  const golden = options.from ? options.from() : options.model === 65 ? nfceCardAndPix() : simpleNfe();
  return {
    ...golden,
    series: options.series,
    number: options.number,
    cNF: randomCnf(options.number),
    issuedAt: options.issuedAt ?? new Date(),
    departureAt: null,
    issuer: { ...ISSUER_NORMAL, ...golden.issuer, cnpj: options.cnpj },
  };
}

/** A homologation NF-e 55 (or NFC-e 65) built, signed and schema-checked by lib/fiscal/nfe. */
export function signedNfe(options: NfeOptions & { signWith?: SigningCredentials }): NfeFixture {
  const built = buildSignedNfe(inputFor(options), options.signWith ?? credentialsFor(options.cnpj));
  return { xml: built.xml, accessKey: built.accessKey, cnpj: options.cnpj, series: options.series, number: options.number };
}

/** The same document unsigned, to alter before signing (tests of what the builder would never produce). */
export function unsignedNfe(options: NfeOptions): { xml: string; accessKey: string } {
  const built = buildNfe(inputFor(options));
  return { xml: built.xml, accessKey: built.accessKey };
}

export function sign(xml: string, cnpj: string, tag: "infNFe" | "infEvento" | "infInut"): string {
  return signXml(xml, credentialsFor(cnpj), { tag });
}

export type EventFixture =
  | { tpEvento: "110110"; correction: string }
  | { tpEvento: "110111"; protocol: string; justification: string }
  | { tpEvento: "110130"; deliveredAt: Date; receiverName: string; receiverDocument: string; proof: Buffer }
  | { tpEvento: "110131"; receiptProtocol: string };

function eventInput(options: { cnpj: string; accessKey: string; sequence: number; event: EventFixture; at?: Date }): NfeEventInput {
  const common = { accessKey: options.accessKey, environment: "HOMOLOGATION" as const, authorCnpj: options.cnpj, occurredAt: options.at ?? new Date(), sequence: options.sequence };
  const { event } = options;
  switch (event.tpEvento) {
    case "110110":
      return { ...common, tpEvento: "110110", correction: event.correction };
    case "110111":
      return { ...common, tpEvento: "110111", protocol: event.protocol, reason: event.justification };
    case "110130":
      return {
        ...common,
        tpEvento: "110130",
        applicationVersion: "TESTE-1.0",
        deliveredAt: event.deliveredAt,
        receiverDocument: event.receiverDocument,
        receiverName: event.receiverName,
        proofHash: deliveryProofHash(options.accessKey, event.proof.toString("base64")),
        proofHashAt: options.at ?? new Date(),
      };
    case "110131":
      return { ...common, tpEvento: "110131", applicationVersion: "TESTE-1.0", receiptProtocol: event.receiptProtocol };
  }
}

/**
 * A signed <evento> from lib/fiscal/nfe. A sequence above 20 (which the
 * builder refuses) is written over a 20th and signed without validation, to
 * see the authority refuse it.
 */
export function signedEvent(options: { cnpj: string; accessKey: string; sequence: number; event: EventFixture; at?: Date; signWith?: SigningCredentials }): string {
  const credentials = options.signWith ?? credentialsFor(options.cnpj);
  if (options.sequence <= 20) return buildSignedEvent(eventInput(options), credentials).xml;
  const twentieth = buildEventXml(eventInput({ ...options, sequence: 20 })).xml;
  const beyond = twentieth.replace(/(Id="ID\d{6}[0-9A-Z]{44})20"/, `$1${options.sequence}"`).replace("<nSeqEvento>20</nSeqEvento>", `<nSeqEvento>${options.sequence}</nSeqEvento>`);
  return signXml(beyond, credentials, { tag: "infEvento" });
}

/** A signed <inutNFe> for an SP model 55 series, from lib/fiscal/nfe. */
export function signedInutilization(options: { cnpj: string; series: number; start: number; end: number; year?: number; signWith?: SigningCredentials }): string {
  return buildSignedInutilization(
    {
      environment: "HOMOLOGATION",
      uf: "SP",
      cnpj: options.cnpj,
      year: options.year ?? new Date().getUTCFullYear(),
      model: "55",
      series: options.series,
      firstNumber: options.start,
      lastNumber: options.end,
      reason: "Numeracao pulada por falha no sistema emissor",
    },
    options.signWith ?? credentialsFor(options.cnpj),
  ).xml;
}
