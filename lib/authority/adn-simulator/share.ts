import type { Prisma, PrismaClient } from "@prisma/client";
import { ABRASF_CITIES } from "../nfse-providers";
import { nationalCancellationOf, nationalTwinOf } from "./abrasf-to-national";
import { nationalCancellationOfPaulistana, nationalTwinOfPaulistana, SAO_PAULO } from "./paulistana-to-national";

// The Sefin Nacional shares every NFS-e and event it generates with the ADN,
// which puts each in the distribution of the parties entitled to it, with the
// party's next NSU (Manual Integrado SN NFS-e v1.00.02 §17.1-17.2): the NFS-e
// goes to its non-emitters (the tomador and the intermediário when the
// prestador issued it), never to its emitter; a cancellation (e101101) too; a
// cancellation by substitution (e105102) to the emitter and the non-emitters
// (the table of §17.2.2). The simulated ADN takes what the Sefin simulator
// recorded since its last look, just before it answers a distribution call, so
// the Sefin's hot path is not touched (the real ADN also receives
// asynchronously, "em ordem cronológica de recepção"). One share at a time (an
// advisory lock): the parties' counters then grow in commit order and a reader
// never sees NSU n+1 before n.
// The NFS-e the ABRASF simulator's cities authorized are shared too (LC 214/2025 art. 62: a city
// with its own system shares its NFS-e with the ADN), as their national twin
// (abrasf-to-national.ts), to the same parties; so are São Paulo's (the Paulistana simulator keeps
// them in the same table, municipality 3550308: paulistana-to-national.ts).

// Each batch is one short transaction; a call takes at most MAX_BATCHES of them, so a backlog (an
// installation that issued many NFS-e before anyone asked) drains over a few calls without a long lock.
const BATCH = 200;
const MAX_BATCHES = 10;

type Tx = Prisma.TransactionClient;

/** TipoEvento of the ADN Swagger, by Anexo II event code. */
export const ADN_EVENT_TYPES: Record<string, string> = {
  e101101: "CANCELAMENTO",
  e101103: "SOLICITACAO_CANCELAMENTO_ANALISE_FISCAL",
  e105102: "CANCELAMENTO_POR_SUBSTITUICAO",
  e105104: "CANCELAMENTO_DEFERIDO_ANALISE_FISCAL",
  e305101: "CANCELAMENTO_POR_OFICIO",
};
/** Events the emitter receives as well (§17.2.2 table, "Emitente da NFS-e: Sim"). */
const TO_EMITTER_TOO = new Set(["e105102", "e105104", "e305101"]);

function documentIn(xml: string, group: string): string | null {
  return new RegExp(`<${group}>\\s*<(?:CNPJ|CPF)>([0-9A-Z]+)</`).exec(xml)?.[1] ?? null;
}

/** The NFS-e's emitter (emit) and its other parties (prestador, tomador, intermediário), each once. */
export function partiesOfNfse(nfseXml: string): { emitter: string | null; nonEmitters: string[] } {
  const emitter = documentIn(nfseXml, "emit");
  const others = [documentIn(nfseXml, "prest"), documentIn(nfseXml, "toma"), documentIn(nfseXml, "interm")];
  const nonEmitters = [...new Set(others.filter((d): d is string => !!d && d !== emitter))].sort();
  return { emitter, nonEmitters };
}

async function append(tx: Tx, item: { environment: number; party: string; accessKey: string; documentType: "NFSE" | "EVENTO"; eventType: string | null; xml: string; at: Date }): Promise<void> {
  await tx.$executeRaw`
    WITH counter AS (
      INSERT INTO "SimulatorAdnParty" ("environment", "party", "lastNsu") VALUES (${item.environment}, ${item.party}, 1)
      ON CONFLICT ("environment", "party") DO UPDATE SET "lastNsu" = "SimulatorAdnParty"."lastNsu" + 1
      RETURNING "lastNsu")
    INSERT INTO "SimulatorAdnDocument" ("id", "environment", "party", "nsu", "accessKey", "documentType", "eventType", "xml", "createdAt")
    SELECT gen_random_uuid()::text, ${item.environment}, ${item.party}, counter."lastNsu", ${item.accessKey}, ${item.documentType}, ${item.eventType}, ${item.xml}, ${item.at.toISOString()}::timestamp
    FROM counter`;
}

/** Takes what the Sefin simulator recorded and the ADN has not seen into the parties' distributions. */
export async function shareWithAdn(db: PrismaClient, environment: number, now: Date): Promise<void> {
  for (let batch = 0; batch < MAX_BATCHES; batch++) {
    if ((await shareBatch(db, environment, now)) < BATCH) return;
  }
}

/** One batch of NFS-e and one of events; how many rows of the larger kind it took. */
async function shareBatch(db: PrismaClient, environment: number, now: Date): Promise<number> {
  return db.$transaction(async (tx) => {
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext('simulator-adn-share'))`;
    const notes = await tx.$queryRaw<{ id: string; accessKey: string; nfseXml: string }[]>`
      SELECT "id", "accessKey", "nfseXml" FROM "SimulatorNfse"
      WHERE "environment" = ${environment} AND "adnSharedAt" IS NULL ORDER BY "processedAt", "id" LIMIT ${BATCH}`;
    for (const note of notes) {
      for (const party of partiesOfNfse(note.nfseXml).nonEmitters) {
        await append(tx, { environment, party, accessKey: note.accessKey, documentType: "NFSE", eventType: null, xml: note.nfseXml, at: now });
      }
    }
    const cityNotes = await shareCityNotes(tx, environment, now);
    if (notes.length > 0) await tx.$executeRaw`UPDATE "SimulatorNfse" SET "adnSharedAt" = ${now.toISOString()}::timestamp WHERE "id" = ANY (${notes.map((n) => n.id)}::text[])`;
    // Events after their NFS-e: an event whose NFS-e the ADN has not taken yet waits for the next share.
    const events = await tx.$queryRaw<{ id: string; eventType: string; eventXml: string; accessKey: string; nfseXml: string }[]>`
      SELECT e."id", e."eventType", e."eventXml", n."accessKey", n."nfseXml"
      FROM "SimulatorNfseEvent" e JOIN "SimulatorNfse" n ON n."id" = e."nfseId"
      WHERE e."adnSharedAt" IS NULL AND n."environment" = ${environment} AND n."adnSharedAt" IS NOT NULL
      ORDER BY e."createdAt", e."id" LIMIT ${BATCH}`;
    for (const event of events) {
      const { emitter, nonEmitters } = partiesOfNfse(event.nfseXml);
      const parties = TO_EMITTER_TOO.has(event.eventType) && emitter ? [...new Set([emitter, ...nonEmitters])].sort() : nonEmitters;
      for (const party of parties) {
        await append(tx, { environment, party, accessKey: event.accessKey, documentType: "EVENTO", eventType: ADN_EVENT_TYPES[event.eventType] ?? null, xml: event.eventXml, at: now });
      }
    }
    if (events.length > 0) await tx.$executeRaw`UPDATE "SimulatorNfseEvent" SET "adnSharedAt" = ${now.toISOString()}::timestamp WHERE "id" = ANY (${events.map((e) => e.id)}::text[])`;
    return Math.max(notes.length, events.length, cityNotes);
  }, { timeout: 30_000 });
}

const CITY_PROVIDERS = new Map(ABRASF_CITIES.map((city) => [city.municipalityCode, city]));

/** One batch of the ABRASF cities' NFS-e; how many rows it took (one the layout cannot hold is marked and skipped). */
async function shareCityNotes(tx: Tx, environment: number, now: Date): Promise<number> {
  const notes = await tx.$queryRaw<{ id: string; municipalityCode: string; nfseXml: string }[]>`
    SELECT "id", "municipalityCode", "nfseXml" FROM "SimulatorAbrasfNfse"
    WHERE "environment" = ${environment} AND "adnSharedAt" IS NULL AND "municipalityCode" = ANY (${[...CITY_PROVIDERS.keys()]}::text[])
    ORDER BY "createdAt", "id" LIMIT ${BATCH}`;
  for (const note of notes) {
    const twin = nationalTwinOf(note.nfseXml, CITY_PROVIDERS.get(note.municipalityCode)!, environment === 1 ? "PRODUCTION" : "HOMOLOGATION");
    if (!twin) {
      console.warn(`[adn simulator] ABRASF NFS-e ${note.id} has no national twin: not shared`);
      continue;
    }
    for (const party of partiesOfNfse(twin.xml).nonEmitters) {
      await append(tx, { environment, party, accessKey: twin.accessKey, documentType: "NFSE", eventType: null, xml: twin.xml, at: now });
    }
  }
  if (notes.length > 0) await tx.$executeRaw`UPDATE "SimulatorAbrasfNfse" SET "adnSharedAt" = ${now.toISOString()}::timestamp WHERE "id" = ANY (${notes.map((n) => n.id)}::text[])`;
  return Math.max(notes.length, await shareCityCancellations(tx, environment, now), await shareSaoPauloNotes(tx, environment, now));
}

/** A note the conversion cannot take is skipped (and marked), never the whole share: the ADN serves every party from it. */
function orNull<T>(convert: () => T | null): T | null {
  try {
    return convert();
  } catch (error) {
    console.warn(`[adn simulator] São Paulo NFS-e not converted: ${error instanceof Error ? error.message : String(error)}`);
    return null;
  }
}

const envName = (environment: number) => (environment === 1 ? "PRODUCTION" : "HOMOLOGATION");

/** One batch of São Paulo's NFe (their twins) and one of their cancellations; how many rows of the larger kind it took. */
async function shareSaoPauloNotes(tx: Tx, environment: number, now: Date): Promise<number> {
  const notes = await tx.$queryRaw<{ id: string; nfseXml: string }[]>`
    SELECT "id", "nfseXml" FROM "SimulatorAbrasfNfse"
    WHERE "environment" = ${environment} AND "adnSharedAt" IS NULL AND "municipalityCode" = ${SAO_PAULO}
    ORDER BY "createdAt", "id" LIMIT ${BATCH}`;
  for (const note of notes) {
    const twin = orNull(() => nationalTwinOfPaulistana(note.nfseXml, envName(environment)));
    if (!twin) {
      console.warn(`[adn simulator] São Paulo NFS-e ${note.id} has no national twin: not shared`);
      continue;
    }
    for (const party of partiesOfNfse(twin.xml).nonEmitters) {
      await append(tx, { environment, party, accessKey: twin.accessKey, documentType: "NFSE", eventType: null, xml: twin.xml, at: now });
    }
  }
  if (notes.length > 0) await tx.$executeRaw`UPDATE "SimulatorAbrasfNfse" SET "adnSharedAt" = ${now.toISOString()}::timestamp WHERE "id" = ANY (${notes.map((n) => n.id)}::text[])`;
  // A cancellation after its NFS-e (shared in this batch or before); São Paulo has no substitution.
  const cancelled = await tx.$queryRaw<{ id: string; nfseXml: string; cancellationXml: string | null; nfseNumber: number }[]>`
    SELECT "id", "nfseXml", "cancellationXml", "nfseNumber" FROM "SimulatorAbrasfNfse"
    WHERE "environment" = ${environment} AND "municipalityCode" = ${SAO_PAULO} AND "status" = 'CANCELLED' AND "adnSharedAt" IS NOT NULL AND "adnEventSharedAt" IS NULL
    ORDER BY "cancelledAt", "id" LIMIT ${BATCH}`;
  for (const row of cancelled) {
    const event = orNull(() => nationalCancellationOfPaulistana(row, envName(environment)));
    if (!event) continue;
    for (const party of partiesOfNfse(nationalTwinOfPaulistana(row.nfseXml, envName(environment))!.xml).nonEmitters) {
      await append(tx, { environment, party, accessKey: event.accessKey, documentType: "EVENTO", eventType: ADN_EVENT_TYPES[event.eventType] ?? null, xml: event.xml, at: now });
    }
  }
  if (cancelled.length > 0) await tx.$executeRaw`UPDATE "SimulatorAbrasfNfse" SET "adnEventSharedAt" = ${now.toISOString()}::timestamp WHERE "id" = ANY (${cancelled.map((n) => n.id)}::text[])`;
  return Math.max(notes.length, cancelled.length);
}

/** The cancellations and substitutions of ABRASF NFS-e already shared (a replacement's twin shared first, so the taker knows it). */
async function shareCityCancellations(tx: Tx, environment: number, now: Date): Promise<number> {
  const rows = await tx.$queryRaw<{ id: string; municipalityCode: string; nfseXml: string; cancellationXml: string | null; nfseNumber: number; replacementXml: string | null }[]>`
    SELECT n."id", n."municipalityCode", n."nfseXml", n."cancellationXml", n."nfseNumber", r."nfseXml" AS "replacementXml"
    FROM "SimulatorAbrasfNfse" n
    LEFT JOIN "SimulatorAbrasfNfse" r ON r."environment" = n."environment" AND r."municipalityCode" = n."municipalityCode" AND r."providerCnpj" = n."providerCnpj" AND r."nfseNumber" = n."replacedBy"
    WHERE n."environment" = ${environment} AND n."status" IN ('CANCELLED', 'REPLACED') AND n."adnSharedAt" IS NOT NULL AND n."adnEventSharedAt" IS NULL
      AND (n."replacedBy" IS NULL OR r."adnSharedAt" IS NOT NULL) AND n."municipalityCode" = ANY (${[...CITY_PROVIDERS.keys()]}::text[])
    ORDER BY n."cancelledAt", n."id" LIMIT ${BATCH}`;
  for (const row of rows) {
    const provider = CITY_PROVIDERS.get(row.municipalityCode)!;
    const env = environment === 1 ? "PRODUCTION" : "HOMOLOGATION";
    const replacementKey = row.replacementXml ? (nationalTwinOf(row.replacementXml, provider, env)?.accessKey ?? null) : null;
    const event = nationalCancellationOf(row, provider, env, replacementKey);
    if (!event) continue;
    const twin = nationalTwinOf(row.nfseXml, provider, env)!;
    const { emitter, nonEmitters } = partiesOfNfse(twin.xml);
    const parties = TO_EMITTER_TOO.has(event.eventType) && emitter ? [...new Set([emitter, ...nonEmitters])].sort() : nonEmitters;
    for (const party of parties) {
      await append(tx, { environment, party, accessKey: event.accessKey, documentType: "EVENTO", eventType: ADN_EVENT_TYPES[event.eventType] ?? null, xml: event.xml, at: now });
    }
  }
  if (rows.length > 0) await tx.$executeRaw`UPDATE "SimulatorAbrasfNfse" SET "adnEventSharedAt" = ${now.toISOString()}::timestamp WHERE "id" = ANY (${rows.map((n) => n.id)}::text[])`;
  return rows.length;
}
