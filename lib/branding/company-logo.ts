import { createHash } from "node:crypto";
import { db, type DbClient } from "@/lib/db/client";
import { DomainError, notFound } from "@/lib/errors";
import { readLogoImage } from "./logo-image";

// The company's logo (issue 58 item 4; docs/api-notes/branding.md): kept in PostgreSQL, validated
// on upload (logo-image.ts), printed on the DANFE and DANFE NFC-e unless printOnDocuments is off.

export type LogoSummary = {
  contentType: string;
  width: number;
  height: number;
  sizeBytes: number;
  printOnDocuments: boolean;
  uploadedAt: string;
};

/** The logo as a PDF job carries it to a render worker (plain data): a data: URI and its pixel size. */
export type PrintLogo = { src: string; width: number; height: number };

const summarySelect = { contentType: true, width: true, height: true, sizeBytes: true, printOnDocuments: true, uploadedAt: true } as const;

function toSummary(row: { contentType: string; width: number; height: number; sizeBytes: number; printOnDocuments: boolean; uploadedAt: Date }): LogoSummary {
  return { ...row, uploadedAt: row.uploadedAt.toISOString() };
}

export async function getCompanyLogo(companyId: string, client: DbClient = db): Promise<{ logo: LogoSummary | null }> {
  const row = await client.companyLogo.findUnique({ where: { companyId }, select: summarySelect });
  return { logo: row ? toSummary(row) : null };
}

export type SaveLogoOptions = {
  /** The type the caller says the file is (PUT /v1/companies/{id}/logo): it must be the one the file's bytes show. */
  declaredType?: string;
  /** Sets printOnDocuments with the file; absent, a new logo prints and a replaced one keeps its choice. */
  printOnDocuments?: boolean;
};

/** Validates and stores the file, replacing the company's logo; a replaced logo keeps its printOnDocuments unless one is given. */
export async function saveCompanyLogo(companyId: string, file: Buffer, client: DbClient = db, options: SaveLogoOptions = {}): Promise<LogoSummary> {
  const image = readLogoImage(file);
  if (options.declaredType !== undefined && options.declaredType !== image.contentType) {
    throw new DomainError(422, "invalid_logo", `The file is ${image.contentType === "image/png" ? "a PNG" : "a JPEG"} image (${image.contentType}), not ${options.declaredType}`);
  }
  const data = new Uint8Array(file);
  const printing = options.printOnDocuments === undefined ? {} : { printOnDocuments: options.printOnDocuments };
  const fields = { ...image, data, sizeBytes: file.length, sha256: createHash("sha256").update(file).digest("hex"), uploadedAt: new Date(), ...printing };
  const row = await client.companyLogo.upsert({ where: { companyId }, create: { companyId, ...fields }, update: fields, select: summarySelect });
  return toSummary(row);
}

export async function setLogoPrinting(companyId: string, printOnDocuments: boolean, client: DbClient = db): Promise<LogoSummary> {
  const updated = await client.companyLogo.updateMany({ where: { companyId }, data: { printOnDocuments } });
  if (updated.count === 0) throw notFound("Company logo");
  return (await getCompanyLogo(companyId, client)).logo!;
}

export async function deleteCompanyLogo(companyId: string, client: DbClient = db): Promise<{ deleted: boolean }> {
  const deleted = await client.companyLogo.deleteMany({ where: { companyId } });
  return { deleted: deleted.count > 0 };
}

/** The image as a data: URI (the settings page shows it; react-pdf reads it). */
export function logoDataUri(contentType: string, data: Uint8Array): string {
  return `data:${contentType};base64,${Buffer.from(data).toString("base64")}`;
}

/** The logo to print on the company's documents, or undefined when it has none or it is switched off. */
export async function logoForPrinting(companyId: string, client: DbClient = db): Promise<PrintLogo | undefined> {
  const row = await client.companyLogo.findUnique({ where: { companyId }, select: { contentType: true, data: true, width: true, height: true, printOnDocuments: true } });
  if (!row || !row.printOnDocuments) return undefined;
  return { src: logoDataUri(row.contentType, row.data), width: row.width, height: row.height };
}

/** The stored file for the settings page's preview. */
export async function companyLogoImage(companyId: string, client: DbClient = db): Promise<string | null> {
  const row = await client.companyLogo.findUnique({ where: { companyId }, select: { contentType: true, data: true } });
  return row ? logoDataUri(row.contentType, row.data) : null;
}

/** What the company prints on its DANFE and DANFE NFC-e besides the document: logo, canhoto, footer message (docs/api-notes/branding.md). */
export type DocumentPrintOptions = { logo?: PrintLogo; receiptStub: boolean; nfceSummary: boolean; footerMessage?: string };

export async function documentPrintOptions(companyId: string, client: DbClient = db): Promise<DocumentPrintOptions> {
  const company = await client.company.findUnique({ where: { id: companyId }, select: { danfeCanhoto: true, danfeNfceSummary: true, documentFooterMessage: true } });
  const logo = await logoForPrinting(companyId, client);
  return {
    receiptStub: company?.danfeCanhoto ?? true,
    nfceSummary: company?.danfeNfceSummary ?? false,
    ...(logo ? { logo } : {}),
    ...(company?.documentFooterMessage ? { footerMessage: company.documentFooterMessage } : {}),
  };
}

/** The stored file itself (GET /v1/companies/{id}/logo?download=true); 404 without a logo. */
export async function companyLogoFile(companyId: string, client: DbClient = db): Promise<{ contentType: string; data: Uint8Array }> {
  const row = await client.companyLogo.findUnique({ where: { companyId }, select: { contentType: true, data: true } });
  if (!row) throw notFound("Company logo");
  return row;
}
