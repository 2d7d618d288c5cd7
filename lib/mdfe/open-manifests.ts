import { withAuthorityCall } from "@/lib/authority-calls";
import { loadSigningCredentials } from "@/lib/certificates/signing-credentials";
import { db } from "@/lib/db/client";
import { DomainError } from "@/lib/errors";
import { getMdfeAuthority } from "./authority/get-mdfe-authority";
import { clientCertificate, emitTransportManifest } from "./issue-manifest";
import { reconcileTransportManifest } from "./manifest-events";
import { listTransportManifests } from "./read-manifests";
import type { ListTransportManifestsQuery, OpenTransportManifestPage } from "./schemas";

// GET /v1/transport-manifests/open: the manifests not closed at the authority. The SVRS answers
// MDFeConsNaoEnc (MOC MDF-e 3.00a, "Consulta MDF-e não encerrados": the issuer's CNPJ in, the
// keys and protocols of its manifests authorized and neither closed nor cancelled out, cStat 111
// found / 112 none) and our records are reconciled with it before they are listed:
//   - ours AUTHORIZED, not listed there: closed or cancelled elsewhere (another issuing system with
//     the same certificate) — its key is consulted and the events registered there are recorded;
//   - ours PROCESSING (answer lost), listed there: settled as POST …/emit does (consult first);
//   - listed there, unknown here: reported in meta.authority.notRecorded (they still block the
//     vehicle: rejection 611 for the same plate and unloading state).
// Without an answer (no certificate, SVRS down) the records are listed as they are, and
// meta.authority says why.

export type OpenManifestsAuthority = OpenTransportManifestPage["meta"]["authority"];

async function askAuthority(companyId: string): Promise<{ ok: true; cStat: string; reason: string; open: { accessKey: string; protocol: string }[] } | { ok: false; reason: string }> {
  const company = await db.company.findFirstOrThrow({ where: { id: companyId } });
  let credentials;
  try {
    credentials = await loadSigningCredentials(companyId);
  } catch (error) {
    if (error instanceof DomainError) return { ok: false, reason: error.message };
    throw error;
  }
  const target = { environment: company.environment, uf: company.state };
  const answer = await withAuthorityCall({ companyId, key: `transport-manifests-open:${company.environment}` }, () =>
    getMdfeAuthority(company.environment).openManifests(target, company.cnpj.replace(/[^0-9A-Za-z]/g, "").toUpperCase(), clientCertificate(credentials)),
  );
  if (answer.kind === "answered") return { ok: true, cStat: answer.cStat, reason: answer.reason, open: answer.open };
  if (answer.kind === "refused") return { ok: false, reason: `${answer.cStat} - ${answer.reason}` };
  return { ok: false, reason: `The tax authority could not be reached: ${answer.reason}` };
}

/** Reconciles the company's records of its current environment with MDFeConsNaoEnc; what changed. */
async function reconcile(companyId: string, open: { accessKey: string; protocol: string }[], now: Date) {
  const company = await db.company.findFirstOrThrow({ where: { id: companyId }, select: { environment: true } });
  const openKeys = new Set(open.map((m) => m.accessKey));
  const local = await db.transportManifest.findMany({
    where: { companyId, environment: company.environment, OR: [{ status: { in: ["AUTHORIZED", "PROCESSING"] } }, { accessKey: { in: [...openKeys] } }] },
    select: { id: true, accessKey: true, status: true },
  });
  const reconciled: OpenManifestsAuthority["reconciled"] = [];
  for (const manifest of local) {
    if (manifest.status === "AUTHORIZED" && !openKeys.has(manifest.accessKey)) {
      await reconcileTransportManifest(companyId, manifest.id, now);
    } else if (manifest.status === "PROCESSING" && openKeys.has(manifest.accessKey)) {
      await emitTransportManifest({ companyId, manifestId: manifest.id }).catch((error: unknown) => {
        if (!(error instanceof DomainError)) throw error;
      });
    } else continue;
    const after = await db.transportManifest.findUniqueOrThrow({ where: { id: manifest.id }, select: { status: true } });
    if (after.status !== manifest.status) reconciled.push({ id: manifest.id, accessKey: manifest.accessKey, from: manifest.status, to: after.status });
  }
  const known = new Set(local.map((m) => m.accessKey));
  return { reconciled, notRecorded: open.filter((m) => !known.has(m.accessKey)) };
}

export async function listOpenTransportManifests(companyId: string, query: Omit<ListTransportManifestsQuery, "status">, now: Date = new Date()): Promise<OpenTransportManifestPage> {
  const answer = await askAuthority(companyId);
  let authority: OpenManifestsAuthority;
  if (answer.ok) {
    const { reconciled, notRecorded } = await reconcile(companyId, answer.open, now);
    authority = { consulted: true, cStat: answer.cStat, reason: answer.reason, checkedAt: now.toISOString(), reconciled, notRecorded };
  } else {
    authority = { consulted: false, cStat: null, reason: answer.reason, checkedAt: now.toISOString(), reconciled: [], notRecorded: [] };
  }
  const page = await listTransportManifests(companyId, { ...query, status: "AUTHORIZED" });
  return { data: page.data, meta: { ...page.meta, authority } };
}
