import { createHash, X509Certificate } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import tls from "node:tls";
import { env } from "@/lib/config/env";

// What the authority clients trust for a server certificate: Node's own roots,
// the ICP-Brasil roots and intermediates shipped in lib/authority/trust (many
// SEFAZ and Sefin hosts are served from ICP-Brasil SSL CAs, which no public
// store has, and Node never fetches a missing intermediate), and the operator's
// PEM bundle (AUTHORITY_EXTRA_CA_FILE). Verification itself is never relaxed.

export type TrustStore = {
  /** ICP-Brasil roots: the anchors of the server chains and of a PRODUCTION company's A1. */
  icpBrasilRoots: X509Certificate[];
  /** ICP-Brasil CAs below those roots, used only to build chains. */
  icpBrasilIntermediates: X509Certificate[];
  /** The operator's certificates (AUTHORITY_EXTRA_CA_FILE, then NODE_EXTRA_CA_CERTS). */
  extra: X509Certificate[];
  /**
   * The part of `extra` that came from AUTHORITY_EXTRA_CA_FILE: an ICP-Brasil CA created after the
   * shipped files (ITI repository) is added there, so a PRODUCTION company's A1 chain may use it too.
   */
  operatorIcpBrasilCas: X509Certificate[];
  /** Everything an authority TLS connection trusts, as PEM (Node's roots first: `ca` replaces them). */
  caPems: string[];
  /** Fingerprint of the content: agents built with another store are not reused. */
  id: string;
};

export type TrustStoreSources = {
  /** Directory holding icp-brasil-roots.pem and icp-brasil-intermediates.pem. */
  directory?: string;
  /** PEM bundles to add, each named in errors by its variable. */
  extraFiles?: { variable: string; file: string }[];
};

/** The operator's bundle: added to TLS trust and, unlike NODE_EXTRA_CA_CERTS, to the A1 chain check. */
export const OPERATOR_CA_VARIABLE = "AUTHORITY_EXTRA_CA_FILE";

export const shippedTrustDirectory = (): string => path.join(process.cwd(), "lib", "authority", "trust");

const PEM_BLOCK = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g;

/** Every certificate of a PEM bundle; comments and blank lines between blocks are allowed. */
export function readPemBundle(pem: string, origin: string): X509Certificate[] {
  const blocks = pem.match(PEM_BLOCK) ?? [];
  return blocks.map((block, index) => {
    try {
      return new X509Certificate(block);
    } catch (error) {
      throw new Error(`${origin}: certificate #${index + 1} cannot be read (${(error as Error).message})`);
    }
  });
}

function readBundleFile(file: string, origin: string, required: boolean): X509Certificate[] {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (error) {
    throw new Error(`${origin}: cannot read ${file} (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`);
  }
  const certificates = readPemBundle(text, origin);
  if (required && certificates.length === 0) throw new Error(`${origin}: ${file} holds no PEM certificate`);
  return certificates;
}

export function loadTrustStore(sources: TrustStoreSources = {}): TrustStore {
  const directory = sources.directory ?? shippedTrustDirectory();
  const icpBrasilRoots = readBundleFile(path.join(directory, "icp-brasil-roots.pem"), "ICP-Brasil trust store", true);
  const icpBrasilIntermediates = readBundleFile(path.join(directory, "icp-brasil-intermediates.pem"), "ICP-Brasil trust store", false);
  const bundles = (sources.extraFiles ?? []).map(({ variable, file }) => ({ variable, certificates: readBundleFile(file, `${variable}=${file}`, true) }));
  const extra = bundles.flatMap((bundle) => bundle.certificates);
  const operatorIcpBrasilCas = bundles.filter((bundle) => bundle.variable === OPERATOR_CA_VARIABLE).flatMap((bundle) => bundle.certificates);
  const own = [...icpBrasilRoots, ...icpBrasilIntermediates, ...extra].map((certificate) => certificate.toString());
  const id = createHash("sha256").update(own.join("")).digest("hex");
  return { icpBrasilRoots, icpBrasilIntermediates, extra, operatorIcpBrasilCas, caPems: [...tls.rootCertificates, ...own], id };
}

let cached: TrustStore | undefined;

/** The process's store: the shipped files plus AUTHORITY_EXTRA_CA_FILE (and NODE_EXTRA_CA_CERTS, which `ca` would otherwise hide). */
export function authorityTrustStore(): TrustStore {
  if (cached) return cached;
  const extraFiles: { variable: string; file: string }[] = [];
  const extraCaFile = env().AUTHORITY_EXTRA_CA_FILE;
  if (extraCaFile) extraFiles.push({ variable: OPERATOR_CA_VARIABLE, file: extraCaFile });
  if (process.env.NODE_EXTRA_CA_CERTS) extraFiles.push({ variable: "NODE_EXTRA_CA_CERTS", file: process.env.NODE_EXTRA_CA_CERTS });
  cached = loadTrustStore({ extraFiles });
  return cached;
}

/** Tests change AUTHORITY_EXTRA_CA_FILE between cases. */
export function resetAuthorityTrustStore(): void {
  cached = undefined;
}
