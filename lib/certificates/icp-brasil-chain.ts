import { X509Certificate } from "node:crypto";
// Upward import kept (scripts/check-layers.ts): the chain is checked against the anchors authority calls trust.
import { shippedTrustStore, type TrustStore } from "@/lib/authority/trust-store";

// Does an A1 chain to an ICP-Brasil root? SEFAZ refuses in PRODUCTION any
// certificate outside ICP-Brasil (MOC 4.0, item 3.2.1; cStat 280-283), so a
// PRODUCTION company must not install one and learn it from the first
// refusal (issue 34, item 12). The chain is built from the file's own
// certificates and the shipped intermediates, each link checked by signature
// and validity, and must end at a root of the trust store (lib/authority/trust).

export type IcpBrasilChain = { ok: true; chain: string[] } | { ok: false; chain: string[]; missingIssuer: string };

const MAX_DEPTH = 8;

function commonName(name: string): string {
  return /(?:^|\n)CN=([^\n]*)/.exec(name)?.[1] ?? name.replace(/\n/g, ", ");
}

const issues = (issuer: X509Certificate, subject: X509Certificate, now: Date) =>
  subject.checkIssued(issuer) && subject.verify(issuer.publicKey) && new Date(issuer.validTo) > now && new Date(issuer.validFrom) <= now;

export function chainToIcpBrasil(certificatePem: string, fileCertificatePems: string[] = [], store: TrustStore = shippedTrustStore(), now = new Date()): IcpBrasilChain {
  const pool = [...fileCertificatePems.map((pem) => new X509Certificate(pem)), ...store.icpBrasilIntermediates];
  let current = new X509Certificate(certificatePem);
  const chain = [commonName(current.subject)];
  for (let depth = 0; depth < MAX_DEPTH; depth++) {
    const root = store.icpBrasilRoots.find((candidate) => issues(candidate, current, now));
    if (root) return { ok: true, chain: [...chain, commonName(root.subject)] };
    // A self-signed certificate ends the walk: only the store's roots are anchors.
    if (current.subject === current.issuer) break;
    const parent = pool.find((candidate) => candidate.subject !== current.subject && issues(candidate, current, now));
    if (!parent) break;
    chain.push(commonName(parent.subject));
    current = parent;
  }
  return { ok: false, chain, missingIssuer: commonName(current.issuer) };
}
