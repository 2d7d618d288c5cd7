import { X509Certificate } from "node:crypto";
// Upward import kept (scripts/check-layers.ts): the chain is checked against the anchors authority calls trust.
import { authorityTrustStore, type TrustStore } from "@/lib/authority/trust-store";

// Does an A1 chain to an ICP-Brasil root? SEFAZ refuses in PRODUCTION any
// certificate outside ICP-Brasil (MOC 4.0, item 3.2.1; cStat 280-283), so a
// PRODUCTION company must not install one and learn it from the first
// refusal (issue 34, item 12). The chain is built from the file's own
// certificates, the shipped intermediates and the operator's AUTHORITY_EXTRA_CA_FILE
// (issue 48, item 8: ITI creates CAs between our releases), each link checked by
// signature and validity, and must end at a shipped root (lib/authority/trust) or
// at an ICP-Brasil root the operator added to that file.

export type IcpBrasilChain = { ok: true; chain: string[] } | { ok: false; chain: string[]; missingIssuer: string };

const MAX_DEPTH = 8;

function commonName(name: string): string {
  return /(?:^|\n)CN=([^\n]*)/.exec(name)?.[1] ?? name.replace(/\n/g, ", ");
}

const issues = (issuer: X509Certificate, subject: X509Certificate, now: Date) =>
  subject.checkIssued(issuer) && subject.verify(issuer.publicKey) && new Date(issuer.validTo) > now && new Date(issuer.validFrom) <= now;

const selfSigned = (certificate: X509Certificate) => certificate.subject === certificate.issuer;

// Every ITI root is "C=BR, O=ICP-Brasil, OU=Instituto Nacional de Tecnologia da Informacao - ITI, CN=…Raiz Brasileira vN":
// a root in the operator's bundle anchors an A1 only when it says so (a public TLS root added there for a host does not).
const icpBrasilOrganization = (certificate: X509Certificate) => /(?:^|\n)O=ICP-Brasil(?:\n|$)/.test(certificate.subject);

export function chainToIcpBrasil(certificatePem: string, fileCertificatePems: string[] = [], store: TrustStore = authorityTrustStore(), now = new Date()): IcpBrasilChain {
  const operatorRoots = store.operatorIcpBrasilCas.filter((candidate) => selfSigned(candidate) && icpBrasilOrganization(candidate));
  const anchors = [...store.icpBrasilRoots, ...operatorRoots];
  const pool = [...fileCertificatePems.map((pem) => new X509Certificate(pem)), ...store.icpBrasilIntermediates, ...store.operatorIcpBrasilCas.filter((candidate) => !selfSigned(candidate))];
  let current = new X509Certificate(certificatePem);
  const chain = [commonName(current.subject)];
  for (let depth = 0; depth < MAX_DEPTH; depth++) {
    const root = anchors.find((candidate) => issues(candidate, current, now));
    if (root) return { ok: true, chain: [...chain, commonName(root.subject)] };
    // A self-signed certificate ends the walk: only the anchors above are trusted.
    if (selfSigned(current)) break;
    const parent = pool.find((candidate) => candidate.subject !== current.subject && issues(candidate, current, now));
    if (!parent) break;
    chain.push(commonName(parent.subject));
    current = parent;
  }
  return { ok: false, chain, missingIssuer: commonName(current.issuer) };
}
