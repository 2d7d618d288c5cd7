import type { Company, Prisma, TransportManifest, TransportManifestEvent } from "@prisma/client";
import { stateInfo, STATES } from "@/lib/br";
import { withAuthorityCall } from "@/lib/authority-calls";
import { loadSigningCredentials, type SigningCredentials } from "@/lib/certificates/signing-credentials";
import { db } from "@/lib/db/client";
import { DomainError, notFound } from "@/lib/errors";
import { getMdfeAuthority } from "./authority/get-mdfe-authority";
import { acceptsDocumentInclusion } from "./document-inclusion";
import type { MdfeRegisteredEvent } from "./authority/types";
import { claimKey, clientCertificate, unavailable } from "./issue-manifest";
import { recordManifestOutcome, type ManifestOutcomeType } from "./outcomes";
import { getTransportManifest } from "./read-manifests";
import { carriedDocuments, groupedOwnDocuments, type CarriedDocumentRow } from "./carried-documents";
import { toInfPag } from "./operation-payments";
import { ufOfMunicipality } from "./resolve-manifest";
import { type AddDocumentsInput, type AddDriverInput, type AddPaymentInput, type CancelManifestInput, type CloseManifestInput, type TransportManifestResponse } from "./schemas";
import { buildSignedMdfeEvent, MDFE_EVENT_TYPES, type MdfeEventInput } from "./xml/build-event";
import { MDFE_NAMESPACE, MDFE_VERSION } from "./xml/build-mdfe";

// Events of an authorized MDF-e (MOC MDF-e 3.00a, item 5): encerramento 110112, cancelamento
// 110111, inclusão de condutor 110114. As lib/document-events does for the NF-e: under the
// manifest's authority-call claim, an earlier PENDING intent is settled first (MDFeConsulta lists
// the registered events); then the rules, the intent committed PENDING with the signed request,
// the call with nothing held, and one transaction recording the answer and the new state.

/** Cancellation within 24 h of the authorization (MOC MDF-e 3.00a, rule of event 110111; cStat 220). */
export const CANCEL_DEADLINE_MS = 24 * 60 * 60 * 1000;

type EventKind = "CANCELLATION" | "CLOSING" | "DRIVER_ADDED" | "DOCUMENTS_ADDED" | "PAYMENT";
const CODE: Record<EventKind, string> = {
  CANCELLATION: MDFE_EVENT_TYPES.CANCEL,
  CLOSING: MDFE_EVENT_TYPES.CLOSE,
  DRIVER_ADDED: MDFE_EVENT_TYPES.ADD_DRIVER,
  DOCUMENTS_ADDED: MDFE_EVENT_TYPES.ADD_DOCUMENTS,
  PAYMENT: MDFE_EVENT_TYPES.PAYMENT,
};

type Context = { manifest: TransportManifest; company: Company; credentials: SigningCredentials; now: Date };

/** The procEventoMDFe stored with a registered event: the signed request and the authority's retEventoMDFe. */
function procEvento(requestXml: string, retEventoXml: string): string {
  const ret = /<(?:[\w.-]+:)?retEventoMDFe\b[\s\S]*<\/(?:[\w.-]+:)?retEventoMDFe>/.exec(retEventoXml)?.[0] ?? retEventoXml;
  return `<procEventoMDFe xmlns="${MDFE_NAMESPACE}" versao="${MDFE_VERSION}">${requestXml.replace(/^<\?xml[^>]*>/, "")}${ret}</procEventoMDFe>`;
}

/** The manifest's new state when an event registers. */
function effect(event: Pick<TransportManifestEvent, "eventCode" | "details">, now: Date): { data: Prisma.TransportManifestUpdateInput; outcome: ManifestOutcomeType | null } {
  const details = event.details as Record<string, string>;
  switch (event.eventCode) {
    case MDFE_EVENT_TYPES.CANCEL:
      return { data: { status: "CANCELLED", cancelledAt: now, cancellationReason: details.justification ?? null }, outcome: "transport_manifest.cancelled" };
    case MDFE_EVENT_TYPES.CLOSE:
      return { data: { status: "CLOSED", closedAt: now, closedOn: details.closedOn ?? null, closingMunicipalityCode: details.municipalityCode ?? null }, outcome: "transport_manifest.closed" };
    case MDFE_EVENT_TYPES.ADD_DOCUMENTS:
      return { data: {}, outcome: "transport_manifest.documents_added" };
    // The payment changes nothing on the manifest; its webhook says it was registered (docs/api-notes/mdfe.md).
    case MDFE_EVENT_TYPES.PAYMENT:
      return { data: {}, outcome: "transport_manifest.payment_added" };
    default: {
      return { data: {}, outcome: "transport_manifest.driver_added" };
    }
  }
}

async function recordRegistered(event: TransportManifestEvent, registered: { protocol: string; cStat: string; reason: string; responseXml: string }, now: Date): Promise<void> {
  await db.$transaction(async (tx) => {
    const recorded = await tx.transportManifestEvent.update({
      where: { id: event.id },
      data: { status: "REGISTERED", protocol: registered.protocol, cStat: registered.cStat, reason: registered.reason, responseXml: registered.responseXml, resolvedAt: now },
    });
    const { data, outcome } = effect(event, now);
    const manifest = await tx.transportManifest.update({ where: { id: event.manifestId }, data });
    if (event.eventCode === MDFE_EVENT_TYPES.ADD_DRIVER) {
      const input = manifest.input as { rodo?: { drivers?: unknown[] } };
      const drivers = [...(input.rodo?.drivers ?? []), (event.details as { driver: unknown }).driver];
      await tx.transportManifest.update({ where: { id: manifest.id }, data: { input: { ...input, rodo: { ...input.rodo, drivers } } as object } });
    }
    if (event.eventCode === MDFE_EVENT_TYPES.ADD_DOCUMENTS) {
      const rows = (event.details as { documents: CarriedDocumentRow[] }).documents;
      await tx.transportManifestDocument.createMany({
        data: rows.map((d) => ({ manifestId: manifest.id, documentId: d.documentId, accessKey: d.accessKey, unloadingMunicipalityCode: d.municipalityCode, unloadingMunicipalityName: d.municipalityName })),
        skipDuplicates: true,
      });
    }
    if (outcome) await recordManifestOutcome(tx, outcome, manifest, { event: recorded });
  });
}

/** The eventoMDFe of a procEventoMDFe (the request as the authority registered it). */
function requestOf(procEventoXml: string): string {
  return /<(?:[\w.-]+:)?eventoMDFe\b[\s\S]*<\/(?:[\w.-]+:)?eventoMDFe>/.exec(procEventoXml)?.[0] ?? procEventoXml;
}

const tag = (xml: string, name: string) => new RegExp(`<${name}>([^<]*)</${name}>`).exec(xml)?.[1] ?? null;

/** Our `details` of an event registered by another system with the company's certificate, read from its procEventoMDFe. */
function detailsOf(tpEvento: string, procEventoXml: string): Record<string, unknown> {
  switch (tpEvento) {
    case MDFE_EVENT_TYPES.CLOSE:
      return { municipalityCode: tag(procEventoXml, "cMun"), closedOn: tag(procEventoXml, "dtEnc") };
    case MDFE_EVENT_TYPES.CANCEL:
      return { justification: tag(procEventoXml, "xJust") };
    case MDFE_EVENT_TYPES.ADD_DRIVER:
      return { driver: { name: tag(procEventoXml, "xNome"), cpf: tag(procEventoXml, "CPF") } };
    case MDFE_EVENT_TYPES.ADD_DOCUMENTS: {
      const documents: CarriedDocumentRow[] = [...procEventoXml.matchAll(/<infDoc>([\s\S]*?)<\/infDoc>/g)].map((m) => ({
        documentId: null,
        accessKey: tag(m[1]!, "chNFe") ?? "",
        municipalityCode: tag(m[1]!, "cMunDescarga") ?? "",
        municipalityName: tag(m[1]!, "xMunDescarga") ?? "",
      }));
      return { documents };
    }
    default:
      return {};
  }
}

const ISSUER_EVENT_CODES = new Set<string>(Object.values(MDFE_EVENT_TYPES));

/**
 * 132 with no encerramento of the issuer: the fisco closed it (evento 310112, Encerramento Fisco, as
 * in SVRS answers recorded in Unimake/DFe's test resources). The manifest is CLOSED without an event row.
 */
async function recordClosedByFisco(manifestId: string, now: Date): Promise<void> {
  await db.$transaction(async (tx) => {
    const closed = await tx.transportManifest.updateMany({ where: { id: manifestId, status: "AUTHORIZED" }, data: { status: "CLOSED", closedAt: now } });
    if (closed.count === 0) return;
    await recordManifestOutcome(tx, "transport_manifest.closed", await tx.transportManifest.findUniqueOrThrow({ where: { id: manifestId } }));
  });
}

/**
 * Brings the manifest's events in line with a consultation (MDFeConsulta lists every registered
 * event, procEventoMDFe): a PENDING intent (a crash or a lost answer) is REGISTERED with its
 * protocol or NOT_REGISTERED; an event registered by another system (the same certificate used
 * elsewhere, e.g. the closing done in another issuer at the destination) is recorded and applied.
 */
async function applyConsultation(manifestId: string, companyId: string, registered: MdfeRegisteredEvent[], now: Date): Promise<void> {
  const rows = await db.transportManifestEvent.findMany({ where: { manifestId }, orderBy: { createdAt: "asc" } });
  // Only the issuer's events are ours to record: a real consultation also lists the fisco's
  // (310620/510620 registro de passagem, 310112 encerramento pelo fisco), which are no event of ours.
  for (const match of registered.filter((m) => ISSUER_EVENT_CODES.has(m.tpEvento))) {
    const row = rows.find((r) => r.eventCode === match.tpEvento && r.sequence === match.sequence);
    if (row?.status === "REGISTERED") continue;
    const event =
      row ??
      (await db.transportManifestEvent.create({
        data: { manifestId, companyId, eventCode: match.tpEvento, sequence: match.sequence, requestXml: requestOf(match.procEventoXml), details: detailsOf(match.tpEvento, match.procEventoXml) as object, createdAt: now },
      }));
    const reason = row ? "Evento registrado (recovered by MDFeConsulta)" : "Evento registrado por outro sistema (found by MDFeConsulta)";
    await recordRegistered(event, { protocol: match.protocol, cStat: "135", reason, responseXml: match.procEventoXml }, now);
  }
  for (const event of rows.filter((r) => r.status === "PENDING" && !registered.some((m) => m.tpEvento === r.eventCode && m.sequence === r.sequence))) {
    await db.transportManifestEvent.update({ where: { id: event.id }, data: { status: "NOT_REGISTERED", reason: "Not listed by MDFeConsulta after the answer was lost", resolvedAt: now } });
  }
}

/** Settles the manifest's PENDING events (see applyConsultation); nothing is asked when none is pending. */
async function settlePendingEvents(context: Context): Promise<void> {
  const pending = await db.transportManifestEvent.count({ where: { manifestId: context.manifest.id, status: "PENDING" } });
  if (pending === 0) return;
  const consulted = await getMdfeAuthority(context.manifest.environment).consult({ environment: context.manifest.environment, uf: context.company.state }, context.manifest.accessKey, clientCertificate(context.credentials));
  if (consulted.kind === "communication_failure") throw unavailable(consulted.reason);
  await applyConsultation(context.manifest.id, context.company.id, consulted.kind === "found" ? consulted.events : [], context.now);
}

/**
 * Reconciles one manifest with the SVRS (GET /v1/transport-manifests/open, when MDFeConsNaoEnc no
 * longer lists a manifest we hold open): consults its key under its authority-call claim and
 * records what the authority registered. False when the authority could not be asked.
 */
export async function reconcileTransportManifest(companyId: string, manifestId: string, now: Date = new Date()): Promise<boolean> {
  return withAuthorityCall({ companyId, key: claimKey(manifestId) }, async () => {
    const manifest = await db.transportManifest.findFirstOrThrow({ where: { id: manifestId, companyId } });
    const company = await db.company.findFirstOrThrow({ where: { id: companyId } });
    const credentials = await loadSigningCredentials(companyId);
    const consulted = await getMdfeAuthority(manifest.environment).consult({ environment: manifest.environment, uf: company.state }, manifest.accessKey, clientCertificate(credentials));
    if (consulted.kind !== "found") return false;
    await applyConsultation(manifest.id, companyId, consulted.events, now);
    if (consulted.situation === "CLOSED") await recordClosedByFisco(manifest.id, now);
    return true;
  });
}

async function withManifestEvent(companyId: string, manifestId: string, now: Date, fn: (context: Context) => Promise<void>): Promise<TransportManifestResponse> {
  const exists = await db.transportManifest.findFirst({ where: { id: manifestId, companyId }, select: { id: true } });
  if (!exists) throw notFound("Transport manifest");
  await withAuthorityCall({ companyId, key: claimKey(manifestId) }, async () => {
    const company = await db.company.findFirstOrThrow({ where: { id: companyId } });
    const credentials = await loadSigningCredentials(companyId);
    const first = await db.transportManifest.findFirstOrThrow({ where: { id: manifestId, companyId } });
    await settlePendingEvents({ manifest: first, company, credentials, now });
    const manifest = await db.transportManifest.findFirstOrThrow({ where: { id: manifestId, companyId } });
    await fn({ manifest, company, credentials, now });
  });
  return getTransportManifest(companyId, manifestId);
}

function assertOpen(manifest: TransportManifest, action: string): void {
  if (manifest.status !== "AUTHORIZED") throw new DomainError(422, "invalid_status", `The manifest is ${manifest.status}: only an AUTHORIZED (open) manifest can ${action}`);
  if (!manifest.protocol) throw new DomainError(422, "invalid_status", "The manifest has no authorization protocol");
}

/** Intent, call, record. A refusal is 422 authority_rejected; no answer is 503 (the intent stays PENDING and is settled on the next call). */
async function sendEvent(context: Context, kind: EventKind, sequence: number, detail: MdfeEventInput, details: Record<string, unknown>): Promise<void> {
  const { manifest, company, credentials, now } = context;
  const signed = buildSignedMdfeEvent(detail, credentials);
  // A refused or never-registered earlier attempt of the same event and sequence is taken over (the
  // authority holds nothing for it); a registered one never gets here (the rules above refuse it).
  const event = await db.transportManifestEvent.upsert({
    where: { manifestId_eventCode_sequence: { manifestId: manifest.id, eventCode: CODE[kind], sequence } },
    create: { manifestId: manifest.id, companyId: manifest.companyId, eventCode: CODE[kind], sequence, requestXml: signed.xml, details: details as object },
    update: { status: "PENDING", requestXml: signed.xml, details: details as object, protocol: null, cStat: null, reason: null, responseXml: null, resolvedAt: null, createdAt: now },
  });
  const result = await getMdfeAuthority(manifest.environment).sendEvent({ environment: manifest.environment, uf: company.state }, signed.xml, clientCertificate(credentials));
  if (result.kind === "communication_failure") throw unavailable(result.reason);
  if (result.kind === "refused") {
    await db.transportManifestEvent.update({ where: { id: event.id }, data: { status: "REFUSED", cStat: result.cStat, reason: result.reason, responseXml: result.responseXml ?? null, resolvedAt: now } });
    throw new DomainError(422, "authority_rejected", `${result.cStat} - ${result.reason}`);
  }
  await recordRegistered(event, { protocol: result.protocol, cStat: result.cStat, reason: result.reason, responseXml: procEvento(signed.xml, result.retEventoXml) }, now);
}

/** The registered inclusões de DF-e (110115) of a manifest, with where each was loaded (cMunCarrega). */
async function registeredInclusions(manifestId: string): Promise<{ loadingCode: string | null }[]> {
  const rows = await db.transportManifestEvent.findMany({ where: { manifestId, eventCode: MDFE_EVENT_TYPES.ADD_DOCUMENTS, status: "REGISTERED" }, select: { requestXml: true } });
  return rows.map((r) => ({ loadingCode: tag(r.requestXml, "cMunCarrega") }));
}

const firstLoadingCode = (manifest: TransportManifest) => (manifest.input as { loading: { code: string }[] }).loading[0]!.code;

function common(context: Context) {
  return { accessKey: context.manifest.accessKey, environment: context.manifest.environment, issuerCnpj: context.company.cnpj, issuerUf: context.company.state, occurredAt: context.now };
}

/** Today in the issuer's state (dtEnc default). */
function localDate(now: Date, timeZone: string): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(now);
}

export async function closeTransportManifest(input: { companyId: string; manifestId: string; body: CloseManifestInput; now?: Date }): Promise<TransportManifestResponse> {
  return withManifestEvent(input.companyId, input.manifestId, input.now ?? new Date(), async (context) => {
    assertOpen(context.manifest, "be closed");
    // MOC MDF-e 3.00 6.2.1 K10 (715): a manifest loaded later closes only after an inclusão de DF-e.
    if (context.manifest.loadingLater && (await registeredInclusions(context.manifest.id)).length === 0) {
      throw new DomainError(422, "loading_later_without_documents", "This manifest was issued for loading later and no document was added yet: add them (POST …/documents) before closing it, or cancel it (MOC MDF-e 3.00, rule 715)");
    }
    const documents = await db.transportManifestDocument.findMany({ where: { manifestId: context.manifest.id }, select: { unloadingMunicipalityCode: true } });
    const municipalityCode = input.body.municipalityCode ?? documents[documents.length - 1]!.unloadingMunicipalityCode;
    const state = STATES.find((s) => s.cUF === municipalityCode.slice(0, 2));
    if (!state) throw new DomainError(422, "invalid_municipality", `Municipality ${municipalityCode} is not an IBGE code of a Brazilian state`);
    const closedOn = input.body.closedOn ?? localDate(context.now, stateInfo(context.company.state).timezone);
    const detail = { ...common(context), type: "110112" as const, protocol: context.manifest.protocol!, closedOn, closingUfCode: state.cUF, closingMunicipalityCode: municipalityCode };
    await sendEvent(context, "CLOSING", 1, detail, { municipalityCode, closedOn });
  });
}

export async function cancelTransportManifest(input: { companyId: string; manifestId: string; body: CancelManifestInput; now?: Date }): Promise<TransportManifestResponse> {
  return withManifestEvent(input.companyId, input.manifestId, input.now ?? new Date(), async (context) => {
    assertOpen(context.manifest, "be cancelled");
    const inclusions = context.manifest.loadingLater ? await registeredInclusions(context.manifest.id) : [];
    // MOC MDF-e 3.00 6.1.1 K08 (710): once goods were loaded elsewhere than its loading municipality, a manifest loaded later is only closed.
    if (inclusions.some((i) => i.loadingCode !== firstLoadingCode(context.manifest))) {
      throw new DomainError(422, "cancel_not_allowed", "Documents loaded in another municipality were added to this manifest: it can no longer be cancelled, close it instead (MOC MDF-e 3.00, rule 710)");
    }
    // K04 (220) does not apply to a manifest loaded later with no inclusão de DF-e yet (the MOC's exception).
    const withoutDeadline = context.manifest.loadingLater && inclusions.length === 0;
    if (!withoutDeadline && context.now.getTime() - (context.manifest.authorizedAt?.getTime() ?? 0) > CANCEL_DEADLINE_MS) {
      throw new DomainError(422, "cancel_deadline_expired", "An MDF-e can be cancelled only within 24 h of its authorization (MOC MDF-e 3.00a); close it instead");
    }
    const detail = { ...common(context), type: "110111" as const, protocol: context.manifest.protocol!, reason: input.body.justification };
    await sendEvent(context, "CANCELLATION", 1, detail, { justification: input.body.justification });
  });
}

export async function addTransportManifestDriver(input: { companyId: string; manifestId: string; body: AddDriverInput; now?: Date }): Promise<TransportManifestResponse> {
  return withManifestEvent(input.companyId, input.manifestId, input.now ?? new Date(), async (context) => {
    assertOpen(context.manifest, "get a driver");
    const drivers = ((context.manifest.input as { rodo?: { drivers?: { cpf: string }[] } }).rodo?.drivers ?? []).map((d) => d.cpf);
    if (drivers.includes(input.body.cpf)) throw new DomainError(422, "driver_already_listed", `The driver with CPF ${input.body.cpf} is already on this manifest`);
    // condutor is 1..10 in veicTracao (mdfeModalRodoviario_v3.00.xsd).
    if (drivers.length >= 10) throw new DomainError(422, "driver_limit_reached", "An MDF-e lists at most 10 drivers");
    // nSeqEvento: one more than the highest registered driver event (a refused number held nothing at the authority).
    const last = await db.transportManifestEvent.findFirst({ where: { manifestId: context.manifest.id, eventCode: MDFE_EVENT_TYPES.ADD_DRIVER, status: "REGISTERED" }, orderBy: { sequence: "desc" }, select: { sequence: true } });
    const sequence = (last?.sequence ?? 0) + 1;
    const detail = { ...common(context), type: "110114" as const, sequence, driver: input.body };
    await sendEvent(context, "DRIVER_ADDED", sequence, detail, { driver: input.body });
  });
}

/**
 * POST /v1/transport-manifests/{id}/documents: inclusão de DF-e 110115 (MOC MDF-e 3.00a), NF-e loaded
 * after the authorization of a manifest issued for loading later (indCarregaPosterior=1). The same
 * checks as at creation, and as there `documents` are grouped by where each NF-e is unloaded; loading
 * in UFIni, unloading in UFFim; a key already on the manifest is 422 invalid_document.
 */
export async function addTransportManifestDocuments(input: { companyId: string; manifestId: string; body: AddDocumentsInput; now?: Date }): Promise<TransportManifestResponse> {
  return withManifestEvent(input.companyId, input.manifestId, input.now ?? new Date(), async (context) => {
    assertOpen(context.manifest, "get documents");
    if (!acceptsDocumentInclusion(context.manifest)) {
      throw new DomainError(422, "loading_later_required", "Documents can be added only to a manifest issued with loadingLater: true (indCarregaPosterior=1); the SVRS refuses any other (MOC MDF-e 3.00, rule 708). Issue a new manifest for these documents");
    }
    const { rows } = input.body.documents
      ? await groupedOwnDocuments(context.company.id, context.manifest.environment, input.body.documents)
      : await carriedDocuments(context.company.id, context.manifest.environment, { unloading: input.body.unloading! });
    const onBoard = await db.transportManifestDocument.findMany({ where: { manifestId: context.manifest.id }, select: { accessKey: true } });
    const already = rows.find((r) => onBoard.some((d) => d.accessKey === r.accessKey));
    if (already) throw new DomainError(422, "invalid_document", `NF-e ${already.accessKey} is already on this manifest`);
    if (rows.some((r) => ufOfMunicipality(r.municipalityCode) !== context.manifest.endUf)) {
      throw new DomainError(422, "invalid_municipality", `Unloading municipalities must be in the manifest's unloading state ${context.manifest.endUf}`);
    }
    const loading = input.body.loading ?? (context.manifest.input as { loading: { code: string; name: string }[] }).loading[0]!;
    // K06 (456): loaded in the manifest's loading state.
    if (ufOfMunicipality(loading.code) !== context.manifest.startUf) throw new DomainError(422, "invalid_municipality", `The loading municipality must be in the manifest's loading state ${context.manifest.startUf}`);
    const last = await db.transportManifestEvent.findFirst({ where: { manifestId: context.manifest.id, eventCode: MDFE_EVENT_TYPES.ADD_DOCUMENTS, status: "REGISTERED" }, orderBy: { sequence: "desc" }, select: { sequence: true } });
    const sequence = (last?.sequence ?? 0) + 1;
    const detail = {
      ...common(context),
      type: "110115" as const,
      sequence,
      protocol: context.manifest.protocol!,
      loading,
      documents: rows.map((r) => ({ municipality: { code: r.municipalityCode, name: r.municipalityName }, nfeKey: r.accessKey })),
    };
    await sendEvent(context, "DOCUMENTS_ADDED", sequence, detail, { loading, documents: rows });
  });
}

/**
 * POST /v1/transport-manifests/{id}/payments: pagamento da operação de transporte 110116
 * (NT MDF-e 2021.002; evPagtoOperMDFe_v3.00.xsd), the payment of the freight of an open manifest
 * whose traction vehicle belongs to a TAC agregado; once per manifest (nSeqEvento 1).
 */
export async function addTransportManifestPayment(input: { companyId: string; manifestId: string; body: AddPaymentInput; now?: Date }): Promise<TransportManifestResponse> {
  return withManifestEvent(input.companyId, input.manifestId, input.now ?? new Date(), async (context) => {
    assertOpen(context.manifest, "get a payment");
    // MOC MDF-e 3.00 6.5.1 K01 (636): nSeqEvento 1 only, so one payment event per manifest.
    const registered = await db.transportManifestEvent.findFirst({ where: { manifestId: context.manifest.id, eventCode: MDFE_EVENT_TYPES.PAYMENT, status: "REGISTERED" }, select: { protocol: true } });
    if (registered) throw new DomainError(422, "payment_already_registered", `The payment of this manifest's transport operation is already registered (protocol ${registered.protocol}); the SVRS takes one per manifest (MOC MDF-e 3.00, rule 636)`);
    // K06 (723): the traction vehicle's owner (prop) must be a TAC agregado (tpProp 0).
    const owner = (context.manifest.input as { rodo: { vehicle: { owner?: { ownerType?: string } | null } } }).rodo.vehicle.owner;
    if (owner?.ownerType !== "0") {
      throw new DomainError(422, "vehicle_owner_not_tac_aggregated", "The payment of the transport operation (110116) is registered only for a manifest whose traction vehicle is owned by a TAC agregado (vehicle.owner.ownerType TAC_AGGREGATED at issue); the SVRS refuses any other (MOC MDF-e 3.00, rule 723)");
    }
    const sequence = 1;
    const payments = input.body.payments.map(toInfPag);
    const detail = { ...common(context), type: "110116" as const, sequence, protocol: context.manifest.protocol!, trips: input.body.trips, payments };
    await sendEvent(context, "PAYMENT", sequence, detail, { trips: input.body.trips, payments: input.body.payments });
  });
}
