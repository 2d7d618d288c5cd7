import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { POST as create } from "@/app/v1/fiscal-documents/route";
import { functions } from "@/inngest";
import { isAlphanumericCnpj } from "@/lib/br";
import { danfseQrContent, renderDanfse } from "@/lib/danfse";
import { isValidNfseAccessKey, parseDpsId } from "@/lib/fiscal/nfse";
import { xmlsecVerify } from "@/lib/fiscal/nfe/test-support/xmlsec";
import { referencePath } from "@/lib/fiscal/xml/reference-path";
import { checkXmlSchema } from "@/lib/fiscal/xml/schema-validation";
import { drainDueRuns } from "@/lib/jobs/local-worker";
import { decodePdfBarcodes } from "@/test/barcodes";
import { db } from "@/test/factories";
import { call } from "@/test/http";
import { SHARED_DIR } from "@/test/shared-dir";
import { simulatorFixture } from "../testing/simulator-company-fixture";
import { createNfseCompany, nfseBody } from "./testing";

// Issue 48, item 5 (its alphanumeric-CNPJ part): a provider with an
// alphanumeric CNPJ issues an NFS-e to an alphanumeric taker through the
// Sefin simulator, and its DANFSe's QR-Code decodes to the consultation URL.
//
// The schemas in shared/fiscal (nfse-esquemas_xsd-v1-01-20260209) have
// TSCNPJ "[0-9]{14}": a DPS with letters in the CNPJ fails them. The bundle
// esquemas-nfse-rtc-v1-01-20260727 (production since 10/08/2026) changed
// tiposSimples' patterns: the seven of the alphanumeric CNPJ, TSSerieDPS and
// the date-time offset; lib/fiscal/reference carries those nine as published
// (see its README), and this test checks the app's copy differs from the
// shared one by exactly those lines.

simulatorFixture({ authorityTimeoutMs: 6000 });

const SHARED_SIMPLE_TYPES = path.join(SHARED_DIR, "fiscal/schemas/nfse/nfse-esquemas_xsd-v1-01-20260209/1.01-libxml2/tiposSimples_v1.01.xsd");
const SHARED_DPS_XSD = path.join(SHARED_DIR, "fiscal/schemas/nfse/nfse-esquemas_xsd-v1-01-20260209/1.01-libxml2/DPS_v1.01.xsd");

const DATE_TIME_20260209 = String.raw`(((20(([02468][048])|([13579][26]))-02-29))|(20[0-9][0-9])-((((0[1-9])|(1[0-2]))-((0[1-9])|(1\d)|(2[0-8])))|((((0[13578])|(1[02]))-31)|(((0[1,3-9])|(1[0-2]))-(29|30)))))T(20|21|22|23|[0-1]\d):[0-5]\d:[0-5]\d([\-,\+](0[0-9]|10|11):00|([\+](12):00))`;

/** The patterns of esquemas-nfse-rtc-v1-01-20260727's tiposSimples_v1.01.xsd that replace the 20260209 ones, in file order. */
const BUNDLE_20260727_PATTERNS: Array<[string, string]> = [
  ["NFS[0-9]{50}", "NFS[0-9]{9}[0-9A-Z]{14}[0-9]{27}"],
  ["DPS[0-9]{42}", "DPS[0-9]{7}(1[0-9]{14}|2[0-9A-Z]{14})[0-9]{20}"],
  // TSDateTimeUTC: the comma left the offset's sign class.
  [DATE_TIME_20260209, DATE_TIME_20260209.replace(String.raw`[\-,\+]`, String.raw`[\-\+]`)],
  // TSSerieDPS: the official fix of the anchored "^0{0,4}\d{1,5}$" (shared/fiscal's libxml2 copy drops the anchors).
  [String.raw`0{0,4}\d{1,5}`, "[0-9]{1,4}|[0-8][0-9]{4}"],
  ["[0-9]{50}", "[0-9]{6}([0-9A-Z]{14})[0-9]{30}"],
  ["[0-9]{44}", "[0-9]{6}([0-9A-Z]{14})[0-9]{24}"],
  ["[0-9]{14}", "[0-9A-Z]{14}"],
  ["PRE[0-9]{56}", "PRE[0-9]{8}(1[0-9]{14}|2[0-9A-Z]{14})[0-9]{33}"],
  ["EVT[0-9]{59}", "EVT[0-9]{8}(1[0-9]{14}|2[0-9A-Z]{14})[0-9]{36}"],
];

function xmllint(xml: string, xsd: string): { ok: boolean; output: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "dps-"));
  try {
    fs.writeFileSync(path.join(dir, "dps.xml"), xml);
    const run = spawnSync("xmllint", ["--noout", "--schema", xsd, path.join(dir, "dps.xml")], { encoding: "utf8" });
    return { ok: run.status === 0, output: `${run.stdout}${run.stderr}` };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

describe("NFS-e of an alphanumeric CNPJ provider", () => {
  it("the app's NFS-e simple types are the shared 20260209 ones with the 20260727 bundle's nine patterns, nothing else", () => {
    // The 20260727 bundle has LF line ends, the 20260209 one CRLF.
    const shared = fs.readFileSync(SHARED_SIMPLE_TYPES, "utf8").replace(/\r\n/g, "\n").split("\n");
    const ours = fs.readFileSync(referencePath("schemas/nfse/v1.01/tiposSimples_v1.01.xsd"), "utf8").split("\n");
    expect(ours).toHaveLength(shared.length);
    const changed = shared.flatMap((line, index) => (line === ours[index] ? [] : [[/value="([^"]*)"/.exec(line)?.[1], /value="([^"]*)"/.exec(ours[index]!)?.[1]]]));
    expect(changed).toEqual(BUNDLE_20260727_PATTERNS);
  });

  it("issues it through the Sefin simulator: AUTHORIZED, DPS valid and signed, DANFSe QR-Code decodes", { timeout: 120_000 }, async () => {
    const provider = await createNfseCompany({ alphanumeric: true });
    const taker = await createNfseCompany({ alphanumeric: true });
    expect([isAlphanumericCnpj(provider.cnpj), isAlphanumericCnpj(taker.cnpj)]).toEqual([true, true]);

    const created = await call(create, { method: "POST", path: "/v1/fiscal-documents", key: provider.key, body: { ...nfseBody({ client: { ...nfseBody().client, document: taker.cnpj } }), emit: true } });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    await drainDueRuns(functions, { companyIds: [provider.companyId] });
    const document = await db.fiscalDocument.findUniqueOrThrow({ where: { id: (created.body as { id: string }).id } });
    expect(document.status, document.rejectionReason ?? "").toBe("AUTHORIZED");

    // The key carries the provider's CNPJ in its inscription (positions 10-23) and passes the mod-11 (ASCII − 48) check.
    const key = document.accessKey!;
    expect(key.slice(9, 23)).toBe(provider.cnpj);
    expect(isValidNfseAccessKey(key)).toBe(true);

    const dps = document.signedXml!;
    expect(dps).toContain(`<prest><CNPJ>${provider.cnpj}</CNPJ>`);
    expect(dps).toContain(`<toma><CNPJ>${taker.cnpj}</CNPJ>`);
    const dpsId = /<infDPS\b[^>]*\bId="([^"]+)"/.exec(dps)![1]!;
    expect(parseDpsId(dpsId)).toMatchObject({ tpInsc: "2", inscription: provider.cnpj });
    // Valid with the 20260727 patterns (the app's schema), refused by the 20260209 TSCNPJ "[0-9]{14}" (shared/fiscal).
    const ours = checkXmlSchema(dps, "nfse/v1.01/DPS_v1.01.xsd");
    expect(ours.valid ? [] : ours.errors).toEqual([]);
    const shared = xmllint(dps, SHARED_DPS_XSD);
    expect(shared.ok).toBe(false);
    expect(shared.output).toMatch(/\[facet 'pattern'\] The value '[0-9A-Z]{14}' is not accepted by the pattern '\[0-9\]\{14\}'/);
    const signature = xmlsecVerify(dps, "infDPS");
    expect(signature.ok, signature.output).toBe(true);

    const nfse = document.authorizedXml!;
    const nfseSchema = checkXmlSchema(nfse, "nfse/v1.01/NFSe_v1.01.xsd");
    expect(nfseSchema.valid ? [] : nfseSchema.errors).toEqual([]);

    const pdf = await renderDanfse(nfse);
    expect(decodePdfBarcodes(pdf)).toContainEqual({ type: "QR-Code", data: danfseQrContent(key) });
  });
});
