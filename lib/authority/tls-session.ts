import type { DetailedPeerCertificate, TLSSocket } from "node:tls";

// What a TLS handshake with an authority showed: the protocol and the chain
// the server presented (completed by Node from the trust store when it can).
// Captured on the socket's internal "secure" event, which fires when the
// handshake ends and before Node checks the chain, so a chain that fails
// verification can still be named in the error; nothing is trusted because of it.

export type PresentedCertificate = { subject: string; issuer: string; validTo: Date; fingerprint256: string };
export type TlsSession = { protocol: string | null; chain: PresentedCertificate[] };

/** Node's codes for a chain that does not reach a trusted root. */
const UNTRUSTED_CHAIN = new Set([
  "UNABLE_TO_GET_ISSUER_CERT",
  "UNABLE_TO_GET_ISSUER_CERT_LOCALLY",
  "UNABLE_TO_VERIFY_LEAF_SIGNATURE",
  "SELF_SIGNED_CERT_IN_CHAIN",
  "DEPTH_ZERO_SELF_SIGNED_CERT",
  "CERT_UNTRUSTED",
]);

function isUntrustedChain(code: string | undefined): boolean {
  return code !== undefined && UNTRUSTED_CHAIN.has(code);
}

function nameOf(fields: Record<string, string | string[] | undefined> | undefined): string {
  const value = fields?.CN ?? fields?.O ?? "";
  return Array.isArray(value) ? value.join(", ") : value;
}

function chainOf(leaf: DetailedPeerCertificate): PresentedCertificate[] {
  const chain: PresentedCertificate[] = [];
  const seen = new Set<string>();
  for (let node: DetailedPeerCertificate | undefined = leaf; node?.fingerprint256 && !seen.has(node.fingerprint256); node = node.issuerCertificate) {
    seen.add(node.fingerprint256);
    chain.push({ subject: nameOf(node.subject), issuer: nameOf(node.issuer), validTo: new Date(node.valid_to), fingerprint256: node.fingerprint256 });
  }
  return chain;
}

/** Starts watching a socket before its handshake ends; the getter gives the session once it has. */
export function watchTlsSession(socket: TLSSocket): () => TlsSession | undefined {
  let session: TlsSession | undefined;
  socket.prependListener("secure", () => {
    session = { protocol: socket.getProtocol(), chain: chainOf(socket.getPeerCertificate(true)) };
  });
  return () => session;
}

/** The issuer the chain stops at: the top certificate's issuer (itself, for a self-signed root nobody trusts). */
function untrustedIssuer(session: TlsSession | undefined): string {
  const top = session?.chain.at(-1);
  return top ? top.issuer || "(sem nome)" : "(cadeia não recebida)";
}

function untrustedServerMessage(session: TlsSession | undefined): string {
  return `certificado do servidor não confiável: emissor "${untrustedIssuer(session)}" não está na cadeia ICP-Brasil nem em AUTHORITY_EXTRA_CA_FILE`;
}

/**
 * What an operator must know of a failed chain check, or null when the error is
 * not one: the issuer nobody trusts, or the certificate that expired.
 */
export function chainProblem(code: string | undefined, session: TlsSession | undefined, now = new Date()): string | null {
  if (isUntrustedChain(code)) return untrustedServerMessage(session);
  if (code === "CERT_HAS_EXPIRED") {
    const expired = session?.chain.find((certificate) => certificate.validTo.getTime() < now.getTime());
    return expired ? `certificado "${expired.subject}" da cadeia do servidor venceu em ${expired.validTo.toISOString().slice(0, 10)}` : "um certificado da cadeia do servidor está vencido";
  }
  return null;
}
