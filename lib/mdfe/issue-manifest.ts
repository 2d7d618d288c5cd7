import type { Company, TransportManifest } from "@prisma/client";
import { withAuthorityCall } from "@/lib/authority-calls";
import { loadSigningCredentials, type SigningCredentials } from "@/lib/certificates/signing-credentials";
import { findActiveContingency } from "@/lib/contingency/active-contingency";
import { requestContingencyTransmission } from "@/lib/contingency/request-transmission";
import { db } from "@/lib/db/client";
import { DomainError, notFound } from "@/lib/errors";
import { allocateNumber } from "@/lib/numbering";
import { getMdfeAuthority } from "./authority/get-mdfe-authority";
import type { MdfeAuthorizationResult, MdfeConsultationResult } from "./authority/types";
import { recordManifestOutcome } from "./outcomes";
import { resolveManifest } from "./resolve-manifest";
import { getTransportManifest } from "./read-manifests";
import type { CreateTransportManifestInput, TransportManifestResponse } from "./schemas";
import { randomCmdf } from "./xml/access-key";
import { MDFE_NAMESPACE, MDFE_VERSION } from "./xml/build-mdfe";
import { buildSignedMdfe } from "./xml/build-signed-mdfe";

// Issuing an MDF-e: resolve, number and sign in one transaction that commits the manifest
// PROCESSING with its signed XML (the intent), then MDFeRecepcaoSinc with no transaction or lock
// held, then one short transaction recording the answer. A lost answer leaves it PROCESSING:
// POST /v1/transport-manifests/{id}/emit consults the key before sending the same XML again.

export const MDFE_MODEL = 58 as const;

export function claimKey(manifestId: string): string {
  return `transport-manifest:${manifestId}`;
}

export function clientCertificate(credentials: SigningCredentials) {
  return { privateKeyPem: credentials.privateKeyPem, certificatePem: credentials.certificatePem, chainPem: credentials.chainPem };
}

function mdfeProc(signedXml: string, protMDFeXml: string): string {
  const protocol = protMDFeXml.replace(/^<protMDFe\b/, `<protMDFe xmlns="${MDFE_NAMESPACE}"`).replace(`xmlns="${MDFE_NAMESPACE}" xmlns="${MDFE_NAMESPACE}"`, `xmlns="${MDFE_NAMESPACE}"`);
  return `<mdfeProc xmlns="${MDFE_NAMESPACE}" versao="${MDFE_VERSION}">${signedXml.replace(/^<\?xml[^>]*>/, "")}${protocol}</mdfeProc>`;
}

async function recordAuthorized(manifest: TransportManifest, protocol: string, authorizedAt: string, protMDFeXml: string): Promise<void> {
  await db.$transaction(async (tx) => {
    const updated = await tx.transportManifest.update({
      where: { id: manifest.id },
      data: { status: "AUTHORIZED", protocol, authorizedAt: authorizedAt ? new Date(authorizedAt) : new Date(), xml: mdfeProc(manifest.xml, protMDFeXml), rejectionCode: null, rejectionReason: null },
    });
    await recordManifestOutcome(tx, "transport_manifest.authorized", updated);
  });
}

async function recordRejected(manifest: TransportManifest, cStat: string, reason: string): Promise<void> {
  await db.$transaction(async (tx) => {
    const updated = await tx.transportManifest.update({ where: { id: manifest.id }, data: { status: "REJECTED", rejectionCode: cStat, rejectionReason: reason } });
    await recordManifestOutcome(tx, "transport_manifest.rejected", updated);
  });
}

/** Applies a consultation's answer to a PROCESSING manifest; true when it settled it. */
async function settleFromConsultation(manifest: TransportManifest, consulted: MdfeConsultationResult): Promise<boolean> {
  if (consulted.kind !== "found") return false;
  await recordAuthorized(manifest, consulted.protocol, /<dhRecbto>([^<]+)</.exec(consulted.protMDFeXml)?.[1] ?? "", consulted.protMDFeXml);
  return true;
}

/** Sends a PROCESSING manifest and records the answer (call under the manifest's authority-call claim). */
async function send(manifest: TransportManifest, company: Company, credentials: SigningCredentials): Promise<MdfeAuthorizationResult> {
  const authority = getMdfeAuthority(manifest.environment);
  const target = { environment: manifest.environment, uf: company.state };
  const certificate = clientCertificate(credentials);
  const result = await authority.authorize(target, manifest.xml, certificate);
  if (result.kind === "authorized") {
    await recordAuthorized(manifest, result.protocol, result.authorizedAt, result.protMDFeXml);
  } else if (result.kind === "refused" && result.cStat === "204") {
    // Duplicidade: an earlier attempt whose answer was lost authorized this very key; take its protocol.
    await settleFromConsultation(manifest, await authority.consult(target, manifest.accessKey, certificate));
  } else if (result.kind === "refused") {
    await recordRejected(manifest, result.cStat, result.reason);
  }
  return result;
}

/**
 * MOC MDF-e 3.00a G026 (712): while one of the company's manifests loaded later has gone more than
 * 168 h since its authorization without a registered inclusão de DF-e, the SVRS refuses the next one.
 */
export const LOADING_LATER_DEADLINE_MS = 168 * 60 * 60 * 1000;

async function assertNoPendingLoadingLater(company: Company, now: Date): Promise<void> {
  const pending = await db.transportManifest.findFirst({
    where: { companyId: company.id, environment: company.environment, loadingLater: true, status: "AUTHORIZED", authorizedAt: { lt: new Date(now.getTime() - LOADING_LATER_DEADLINE_MS) }, events: { none: { eventCode: "110115", status: "REGISTERED" } } },
    orderBy: { authorizedAt: "asc" },
    select: { id: true, accessKey: true },
  });
  if (pending) {
    throw new DomainError(422, "loading_later_pending", `Manifest ${pending.id} (${pending.accessKey}) was issued for loading later more than 168 h ago and has no document yet: add its documents or cancel it first (MOC MDF-e 3.00a, rule 712)`);
  }
}

export async function createTransportManifest(input: { companyId: string; body: CreateTransportManifestInput; now?: Date }): Promise<TransportManifestResponse> {
  const now = input.now ?? new Date();
  const company = await db.company.findFirstOrThrow({ where: { id: input.companyId } });
  const resolved = await resolveManifest(company, input.body, now);
  if (resolved.input.loadingLater) await assertNoPendingLoadingLater(company, now);
  const credentials = await loadSigningCredentials(company.id);
  // The company's MDF-e contingency (entered by hand: POST /v1/contingency model 58): issued offline,
  // tpEmis 2 with the signed QR-Code, CONTINGENCY until transmitted (docs/api-notes/mdfe.md, Contingency).
  const contingency = await findActiveContingency(company.id, MDFE_MODEL);
  const tpEmis = contingency ? ("2" as const) : ("1" as const);
  const manifest = await db.$transaction(async (tx) => {
    const number = await allocateNumber(tx, { companyId: company.id, model: MDFE_MODEL, series: resolved.input.series, environment: company.environment });
    // A schema failure throws 422 here and rolls the number back with the transaction.
    const built = buildSignedMdfe({ ...resolved.input, tpEmis, number, cMDF: randomCmdf(number) }, credentials);
    return tx.transportManifest.create({
      data: {
        companyId: company.id,
        environment: company.environment,
        status: contingency ? "CONTINGENCY" : "PROCESSING",
        series: resolved.input.series,
        number,
        accessKey: built.accessKey,
        cMdf: built.cMDF,
        startUf: resolved.input.startUf,
        endUf: resolved.input.endUf,
        vehiclePlate: resolved.input.rodo.vehicle.plate,
        loadingLater: resolved.input.loadingLater ?? false,
        issuedAt: new Date(resolved.input.issuedAt),
        input: JSON.parse(JSON.stringify({ ...resolved.input, tpEmis, number, cMDF: built.cMDF })),
        xml: built.xml,
        qrCode: built.qrCode,
        documents: { create: resolved.documents.map((d) => ({ documentId: d.documentId, accessKey: d.accessKey, unloadingMunicipalityCode: d.municipalityCode, unloadingMunicipalityName: d.municipalityName })) },
      },
    });
  });
  if (contingency) {
    // Sent by the contingency's transmission run once it ends (or the SVRS answers 107 meanwhile).
    await requestContingencyTransmission({ companyId: company.id, model: MDFE_MODEL, environment: company.environment });
  } else {
    await withAuthorityCall({ companyId: company.id, key: claimKey(manifest.id) }, () => send(manifest, company, credentials));
  }
  return getTransportManifest(company.id, manifest.id);
}

/**
 * POST /v1/transport-manifests/{id}/emit: a PROCESSING manifest (its answer was lost) or one issued
 * in contingency (CONTINGENCY, transmitted now by hand) is first looked up by its key
 * (MDFeConsulta): authorized there, it is recorded; unknown there, the same signed XML is sent.
 * Any other status is 422 invalid_status.
 */
export async function emitTransportManifest(input: { companyId: string; manifestId: string }): Promise<TransportManifestResponse> {
  const exists = await db.transportManifest.findFirst({ where: { id: input.manifestId, companyId: input.companyId }, select: { id: true } });
  if (!exists) throw notFound("Transport manifest");
  await withAuthorityCall({ companyId: input.companyId, key: claimKey(input.manifestId) }, async () => {
    const manifest = await db.transportManifest.findFirstOrThrow({ where: { id: input.manifestId, companyId: input.companyId } });
    if (manifest.status !== "PROCESSING" && manifest.status !== "CONTINGENCY") {
      throw new DomainError(422, "invalid_status", `The manifest is ${manifest.status}: only a PROCESSING manifest (outcome unknown) or one issued in contingency is sent`);
    }
    const company = await db.company.findFirstOrThrow({ where: { id: input.companyId } });
    const credentials = await loadSigningCredentials(company.id);
    const consulted = await getMdfeAuthority(manifest.environment).consult({ environment: manifest.environment, uf: company.state }, manifest.accessKey, clientCertificate(credentials));
    if (consulted.kind === "communication_failure") throw unavailable(consulted.reason);
    if (await settleFromConsultation(manifest, consulted)) return;
    const sent = await send(manifest, company, credentials);
    if (sent.kind === "communication_failure") throw unavailable(sent.reason);
  });
  return getTransportManifest(input.companyId, input.manifestId);
}

export function unavailable(reason: string): DomainError {
  return new DomainError(503, "authority_unavailable", `The tax authority could not be reached: ${reason}. The outcome is unknown; retry later`, { "Retry-After": "30" });
}
