import { createReadStream, createWriteStream, type WriteStream } from "node:fs";
import { mkdir, open, readdir, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import type { DocumentExport } from "@prisma/client";
import { db } from "@/lib/db/client";
import { documentXmlFile } from "@/lib/downloads/get-document-xml";
import { documentEventXmlFile, hasEventXml } from "@/lib/downloads/get-event-xml";
import { DocumentDanfeQuery } from "@/lib/downloads/schemas";
import { DomainError } from "@/lib/errors";
import { exportFilePath, exportsDirectory } from "./config";
import { documentFolder, inutilizationEntry } from "./layout";
import { earlierEventLine, earlierEventsHeader, resumoHeader } from "./resumo-csv";
import { writeResumoSummary } from "./write-resumo";
import { ExportInclude } from "./schemas";
import {
  countDocuments,
  countEarlierDocumentEvents,
  countInutilizations,
  documentPages,
  earlierDocumentEventPages,
  eventsOf,
  inutilizationPages,
  xmlBatches,
  xmlsOf,
  type ExportCriteria,
  type ExportedDocument,
} from "./walk-documents";
import { ZipFileWriter } from "@/lib/downloads/zip-writer";
import { countReceived, receivedPages } from "./walk-received";
import { countManifests, manifestPages } from "./walk-manifests";
import { manifestEventXmlFile, manifestXmlFile } from "@/lib/mdfe";
import { receivedXmlEntry } from "@/lib/received/downloads";

// The background build of an export (inngest/functions/build-export.ts): the ZIP is written
// to a file of its own attempt and renamed into place when complete, so a crash or a retry
// builds it again from the start and never serves half a file; the row holds the status and
// progress. Documents are read a page at a time and each entry is compressed before the next
// is read, so memory stays flat whatever the period holds.
//
// Each attempt is numbered (`attempts`, incremented when it starts) and writes only while it is
// the newest: a worker that stalled past its lease while another took its run over finds a
// higher number at its next progress write and stops without touching the row or the ZIP. An
// attempt starts by removing the part files earlier attempts of the export left (a worker that
// died leaves them), and the ZIP and its directory entry are on disk (fsync) before READY.

/** SUPERSEDED: a newer attempt of the same export took over (this one wrote nothing visible). */
export type BuildOutcome = { status: "READY" | "EXPIRED" | "MISSING" | "SUPERSEDED"; sizeBytes: number; total: number };

class Superseded extends Error {
  constructor() {
    super("a newer attempt of this export took over");
  }
}

const DANFE_QUERY = DocumentDanfeQuery.parse({ download: "true" });

function criteriaOf(row: DocumentExport): ExportCriteria {
  return { companyId: row.companyId, environment: row.environment, types: row.documentTypes, from: row.fromDate, to: row.toDate };
}

async function fileExists(file: string): Promise<boolean> {
  return stat(file).then(
    () => true,
    () => false,
  );
}

/** A write that waits when the stream's buffer is full. */
function write(stream: WriteStream, text: string): Promise<void> {
  return stream.write(text) ? Promise.resolve() : new Promise((resolve) => stream.once("drain", () => resolve()));
}

function closeStream(stream: WriteStream): Promise<void> {
  return new Promise((resolve, reject) => stream.end((error?: Error | null) => (error ? reject(error) : resolve())));
}

/** The part files (ZIP, its central directory, resumo.csv) that earlier attempts of this export left. */
async function removeEarlierParts(exportId: string): Promise<void> {
  const dir = exportsDirectory();
  const prefix = `${path.basename(exportFilePath(exportId))}.`;
  const names = await readdir(dir).catch(() => [] as string[]);
  await Promise.all(names.filter((name) => name.startsWith(prefix) && name.endsWith(".part")).map((name) => rm(path.join(dir, name), { force: true })));
}

/**
 * A rename is durable once its directory is synced: after a power cut the READY row never points
 * to a missing or empty file. Where a directory cannot be opened or synced (Windows, some network
 * file systems) the rename stands as it is.
 */
async function syncDirectory(dir: string): Promise<void> {
  const handle = await open(dir, "r").catch(() => null);
  if (!handle) return;
  try {
    await handle.sync().catch((error: NodeJS.ErrnoException) => {
      if (!["EINVAL", "ENOTSUP", "EPERM", "EISDIR", "EBADF"].includes(error.code ?? "")) throw error;
    });
  } finally {
    await handle.close();
  }
}

/** The DANFE/DANFSe as the download route renders it; waits while the company's render queue is full (429). */
async function danfeOf(companyId: string, document: ExportedDocument) {
  // Loaded on first use: the PDF renderer and its fonts weigh ~180 MB of RSS, which an export without PDFs never needs.
  const { getDocumentDanfe } = await import("@/lib/downloads/get-document-danfe");
  for (let attempt = 0; ; attempt++) {
    try {
      return await getDocumentDanfe(companyId, document.id, DANFE_QUERY);
    } catch (error) {
      if (!(error instanceof DomainError) || error.status !== 429 || attempt >= 60) throw error;
      await new Promise((resolve) => setTimeout(resolve, 1_000));
    }
  }
}

export async function buildExport(exportId: string): Promise<BuildOutcome> {
  const row = await db.documentExport.findUnique({ where: { id: exportId } });
  if (!row) return { status: "MISSING", sizeBytes: 0, total: 0 };
  const target = exportFilePath(row.id);
  if (row.status === "READY" && (await fileExists(target))) return { status: "READY", sizeBytes: Number(row.sizeBytes), total: row.total };
  if (row.status === "EXPIRED" || row.expiresAt.getTime() <= Date.now()) {
    await db.documentExport.update({ where: { id: row.id }, data: { status: "EXPIRED" } });
    return { status: "EXPIRED", sizeBytes: 0, total: row.total };
  }

  const include = ExportInclude.parse(row.include);
  const criteria = criteriaOf(row);
  const [documents, earlierEvents, inutilizations, received, manifests] = await Promise.all([
    countDocuments(criteria),
    include.events ? countEarlierDocumentEvents(criteria) : 0,
    include.inutilizations ? countInutilizations(criteria) : 0,
    include.received ? countReceived(criteria) : 0,
    include.xml ? countManifests(criteria) : 0,
  ]);
  const total = documents + earlierEvents + inutilizations + received + manifests;
  const { attempts: attempt } = await db.documentExport.update({
    where: { id: row.id },
    data: { status: "RUNNING", attempts: { increment: 1 }, startedAt: new Date(), total, done: 0, sizeBytes: 0, error: null },
    select: { attempts: true },
  });
  /** Writes to the row while this attempt is the newest; throws Superseded otherwise. */
  const current = { id: row.id, attempts: attempt, status: "RUNNING" as const };
  const updateIfCurrent = async (data: { done: number; sizeBytes: number }) => {
    const { count } = await db.documentExport.updateMany({ where: current, data });
    if (count === 0) throw new Superseded();
  };

  await mkdir(exportsDirectory(), { recursive: true });
  await removeEarlierParts(row.id);
  const part = `${target}.${attempt}.part`;
  const csvPart = `${target}.${attempt}.csv.part`;
  const zip = await ZipFileWriter.create(part);
  const csv = createWriteStream(csvPart, { flags: "w" });
  let done = 0;
  const progress = () => updateIfCurrent({ done, sizeBytes: zip.bytes() });
  try {
    await write(csv, resumoHeader());
    for await (const page of documentPages(criteria)) {
      for (const batch of xmlBatches(page)) {
        const ids = batch.map((d) => d.id);
        const [xmls, events] = await Promise.all([include.xml ? xmlsOf(row.companyId, ids) : new Map<string, string>(), include.events ? eventsOf(row.companyId, ids) : []]);
        for (const document of batch) {
          const folder = documentFolder(document.type, document.issueDateTime);
          if (include.xml) {
            const file = documentXmlFile({ ...document, authorizedXml: xmls.get(document.id) ?? null, signedXml: null }, { type: "authorized", download: true });
            xmls.delete(document.id);
            await zip.add(folder + file.fileName, file.body, document.issueDateTime);
          }
          // A denied NF-e has no DANFE (MOC 7.0); its nfeProc is the record.
          if (include.pdf && document.status !== "DENIED") {
            const pdf = await danfeOf(row.companyId, document);
            await zip.add(folder + pdf.fileName, pdf.body, document.issueDateTime);
          }
          for (const event of events) {
            if (event.documentId !== document.id || !hasEventXml(event)) continue;
            const file = documentEventXmlFile(event, document, { download: true });
            await zip.add(folder + file.fileName, file.body, document.issueDateTime);
          }
          done++;
        }
      }
      await progress();
    }
    await writeResumoSummary((text) => write(csv, text), criteria);
    // Events registered in the period of documents issued before it, in their document's folder (docs/api-notes/exports.md).
    if (include.events && earlierEvents > 0) {
      await write(csv, earlierEventsHeader());
      for await (const page of earlierDocumentEventPages(criteria)) {
        for (const event of page) {
          const file = documentEventXmlFile(event, event.document, { download: true });
          await zip.add(documentFolder(event.document.type, event.document.issueDateTime) + file.fileName, file.body, event.occurredAt);
          await write(csv, earlierEventLine(event));
          done++;
        }
        await progress();
      }
    }
    if (include.inutilizations) {
      for await (const page of inutilizationPages(criteria)) {
        for (const inutilization of page) {
          await zip.add(inutilizationEntry(inutilization, row.createdAt), inutilization.responseXml, inutilization.inutilizationDate ?? undefined);
          done++;
        }
        await progress();
      }
    }
    // MDF-e of the period under MDFe/<month>/ (the names and bytes of GET /v1/transport-manifests/{id}/xml), their events beside them.
    if (include.xml && manifests > 0) {
      for await (const page of manifestPages(criteria)) {
        for (const manifest of page) {
          const folder = documentFolder("MDFE", manifest.issuedAt);
          const file = manifestXmlFile(manifest);
          await zip.add(folder + file.fileName, file.body, manifest.issuedAt);
          for (const event of include.events ? manifest.events : []) {
            const eventFile = manifestEventXmlFile(manifest.accessKey, event);
            await zip.add(folder + eventFile.fileName, eventFile.body, manifest.issuedAt);
          }
          done++;
        }
        await progress();
      }
    }
    // NF-e and NFS-e received from suppliers whose full XML has arrived, under Recebidas/ (the received XML download's name and bytes).
    if (include.received) {
      for await (const page of receivedPages(criteria)) {
        for (const document of page) {
          const type = document.documentType === "NFSE" ? "NFSE" : "NFE";
          const entry = receivedXmlEntry(document.accessKey, document.xml, type);
          await zip.add(`Recebidas/${documentFolder(type, document.issueDate)}${entry.fileName}`, entry.body, document.issueDate);
          done++;
        }
        await progress();
      }
    }
    await closeStream(csv);
    await zip.add("resumo.csv", createReadStream(csvPart));
    const sizeBytes = await zip.finish();
    // Only the newest attempt puts its ZIP in place (a newer one would replace it anyway).
    await updateIfCurrent({ done, sizeBytes });
    await rename(part, target);
    await syncDirectory(exportsDirectory());
    const { count } = await db.documentExport.updateMany({ where: current, data: { status: "READY", done, total: done, sizeBytes, finishedAt: new Date() } });
    if (count === 0) throw new Superseded();
    return { status: "READY", sizeBytes, total: done };
  } catch (error) {
    await zip.abort();
    csv.destroy();
    await rm(part, { force: true });
    if (error instanceof Superseded) return { status: "SUPERSEDED", sizeBytes: 0, total };
    throw error;
  } finally {
    await rm(csvPart, { force: true });
  }
}

/** The run gave up (retries spent): the export is FAILED with the reason; its partial files are gone. */
export async function failExport(exportId: string, reason: string): Promise<void> {
  await db.documentExport.updateMany({ where: { id: exportId, status: { in: ["QUEUED", "RUNNING"] } }, data: { status: "FAILED", error: reason.slice(0, 1000), finishedAt: new Date() } });
}
