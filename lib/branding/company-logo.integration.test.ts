import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DELETE as deleteLogo, GET as getLogo, PATCH as patchLogo, PUT as putLogo } from "@/app/api/dashboard/companies/[companyId]/logo/route";
import { GET as danfeRoute } from "@/app/v1/fiscal-documents/[id]/danfe/route";
import type { SimulatorServer } from "@/lib/authority/simulator";
import { authorizedDocument } from "@/lib/document-events/testing/authorized-document";
import { createEmittingCompany, startTestSimulator } from "@/lib/emission/testing/emission-fixtures";
import { createTestCompany, db, type TestCompany } from "@/test/factories";
import { call } from "@/test/http";
import { signedInCookie } from "@/test/session";
import { logoForPrinting } from "./company-logo";

// The company's logo through the dashboard routes (session, roles, validation) into PostgreSQL,
// and onto the DANFE that GET /v1/fiscal-documents/{id}/danfe renders for an NF-e authorized by
// the simulator; switched off, the same DANFE has no image.

process.env.NEXTAUTH_SECRET = "company-logo-routes-secret";

const fixture = (name: string) => readFileSync(new URL(`./testing/${name}`, import.meta.url));
const work = mkdtempSync(path.join(tmpdir(), "logo-routes-"));

let simulator: SimulatorServer;
let company: TestCompany;
let other: TestCompany;
let admin: Record<string, string>;
let support: Record<string, string>;
const at = (c: TestCompany) => ({ path: `/api/dashboard/companies/${c.companyId}/logo`, params: { companyId: c.companyId } });

beforeAll(async () => {
  simulator = await startTestSimulator();
  company = await createEmittingCompany();
  other = await createTestCompany();
  admin = await signedInCookie(company.tenantId, "ADMIN");
  support = await signedInCookie(company.tenantId, "SUPPORT");
});
afterAll(async () => {
  await simulator?.close();
  rmSync(work, { recursive: true, force: true });
});

/** The embedded images of the PDF, as pdfimages lists them: [width, height] in pixels. */
function imagesOf(pdf: Buffer): number[][] {
  const file = path.join(work, `${Math.random().toString(36).slice(2)}.pdf`);
  writeFileSync(file, pdf);
  return execFileSync("pdfimages", ["-list", file], { encoding: "utf8" }).split("\n").slice(2).filter(Boolean)
    .map((line) => line.trim().split(/\s+/)).filter((columns) => columns[2] === "image").map((columns) => [Number(columns[3]), Number(columns[4])]);
}

async function danfe(id: string): Promise<Buffer> {
  const response = await danfeRoute(new Request(`http://localhost/v1/fiscal-documents/${id}/danfe`, { headers: { authorization: `Bearer ${company.key}` } }), { params: Promise.resolve({ id }) });
  expect(response.status).toBe(200);
  return Buffer.from(await response.arrayBuffer());
}

describe("company logo", () => {
  it("is uploaded, read, printed on the DANFE, switched off and on, replaced and removed", async () => {
    expect((await call(getLogo, { ...at(company), headers: support })).body).toEqual({ logo: null });

    const upload = await call(putLogo, { ...at(company), method: "PUT", headers: admin, body: { imageBase64: fixture("logo-240x120.jpg").toString("base64") } });
    expect(upload.status).toBe(200);
    expect(upload.body).toMatchObject({ contentType: "image/jpeg", width: 240, height: 120, sizeBytes: fixture("logo-240x120.jpg").length, printOnDocuments: true });
    const stored = await db.companyLogo.findUniqueOrThrow({ where: { companyId: company.companyId } });
    expect(Buffer.from(stored.data).equals(fixture("logo-240x120.jpg"))).toBe(true);

    const document = await authorizedDocument(company.companyId);
    expect(imagesOf(await danfe(document.id))).toEqual([[240, 120]]);

    const off = await call(patchLogo, { ...at(company), method: "PATCH", headers: admin, body: { printOnDocuments: false } });
    expect(off.body.printOnDocuments).toBe(false);
    expect(imagesOf(await danfe(document.id))).toEqual([]);

    // A new file keeps the choice; switched on again, the new one prints.
    const replaced = await call(putLogo, { ...at(company), method: "PUT", headers: admin, body: { imageBase64: fixture("logo-160-alpha.png").toString("base64") } });
    expect(replaced.body).toMatchObject({ contentType: "image/png", width: 160, height: 160, printOnDocuments: false });
    expect(await logoForPrinting(company.companyId)).toBeUndefined();
    await call(patchLogo, { ...at(company), method: "PATCH", headers: admin, body: { printOnDocuments: true } });
    expect((await logoForPrinting(company.companyId))?.src).toMatch(/^data:image\/png;base64,/);
    expect(imagesOf(await danfe(document.id))).toContainEqual([160, 160]);

    // Another company of another tenant has none and does not see this one.
    expect(await logoForPrinting(other.companyId)).toBeUndefined();
    const foreign = await call(getLogo, { ...at(company), headers: await signedInCookie(other.tenantId, "ADMIN") });
    expect(foreign.status).toBe(404);

    expect((await call(deleteLogo, { ...at(company), method: "DELETE", headers: admin })).body).toEqual({ deleted: true });
    expect((await call(getLogo, { ...at(company), headers: admin })).body).toEqual({ logo: null });
    expect(imagesOf(await danfe(document.id))).toEqual([]);
  });

  it("refuses a file that is not a valid PNG or JPEG with 422 invalid_logo, bad base64 with 400, and SUPPORT with 403", async () => {
    const gif = await call(putLogo, { ...at(other), method: "PUT", headers: await signedInCookie(other.tenantId, "ADMIN"), body: { imageBase64: Buffer.from("GIF89a-not-a-logo").toString("base64") } });
    expect(gif.status).toBe(422);
    expect(gif.body).toMatchObject({ statusCode: 422, code: "invalid_logo", message: "The logo must be a PNG or JPEG file" });

    // Damaged files, cut short: the route answers with the decoder's refusal in our words, and stores nothing.
    const otherAdmin = await signedInCookie(other.tenantId, "ADMIN");
    const png = fixture("logo-160-alpha.png");
    const cutPng = await call(putLogo, { ...at(other), method: "PUT", headers: otherAdmin, body: { imageBase64: png.subarray(0, png.length - 20).toString("base64") } });
    expect([cutPng.status, cutPng.body.code, cutPng.body.message]).toEqual([422, "invalid_logo", "The PNG file is cut short (it does not end with IEND)"]);
    const jpeg = fixture("logo-240x120-progressive.jpg");
    const cutJpeg = await call(putLogo, { ...at(other), method: "PUT", headers: otherAdmin, body: { imageBase64: jpeg.subarray(0, jpeg.length - 200).toString("base64") } });
    expect([cutJpeg.status, cutJpeg.body.code, cutJpeg.body.message]).toEqual([422, "invalid_logo", "The JPEG file is cut short (no end-of-image marker)"]);

    const notBase64 = await call(putLogo, { ...at(company), method: "PUT", headers: admin, body: { imageBase64: "@@@" } });
    expect(notBase64.status).toBe(400);
    expect(notBase64.body.code).toBe("validation_error");

    const bySupport = await call(putLogo, { ...at(company), method: "PUT", headers: support, body: { imageBase64: fixture("logo-240x120.jpg").toString("base64") } });
    expect(bySupport.status).toBe(403);

    const noLogo = await call(patchLogo, { ...at(company), method: "PATCH", headers: admin, body: { printOnDocuments: false } });
    expect(noLogo.status).toBe(404);
    expect(await db.companyLogo.count({ where: { companyId: { in: [company.companyId, other.companyId] } } })).toBe(0);
  });
});
