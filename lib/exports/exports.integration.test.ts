import { existsSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { once } from "node:events";
import { parse as parseCsv } from "csv-parse/sync";
import Decimal from "decimal.js";
import { SMTPServer } from "smtp-server";
import { beforeAll, describe, expect, it } from "vitest";
import { functions } from "@/inngest";
import { authorizedDocument } from "@/lib/document-events/testing/authorized-document";
import { createNfseCompany, nfseBody } from "@/lib/emission/nfse/testing";
import { simulatorFixture } from "@/lib/emission/testing/simulator-company-fixture";
import { drainDueRuns } from "@/lib/jobs/local-worker";
import { createTestCompany, db, type TestCompany } from "@/test/factories";
import { call } from "@/test/http";
import { signedInCookie } from "@/test/session";
import { GET as signedDownloadRoute } from "@/app/api/exports/[id]/download/route";
import { GET as dashboardDownloadRoute } from "@/app/api/dashboard/companies/[companyId]/exports/[id]/download/route";
import { POST as dashboardCreateRoute } from "@/app/api/dashboard/companies/[companyId]/exports/route";
import { POST as cancelRoute } from "@/app/v1/fiscal-documents/[id]/cancel/route";
import { POST as correctionRoute } from "@/app/v1/fiscal-documents/[id]/correction-letter/route";
import { GET as eventXmlRoute } from "@/app/v1/fiscal-documents/[id]/events/[eventId]/xml/route";
import { GET as xmlRoute } from "@/app/v1/fiscal-documents/[id]/xml/route";
import { POST as createDocumentRoute } from "@/app/v1/fiscal-documents/route";
import { POST as inutilizeRoute } from "@/app/v1/fiscal-inutilizations/route";
import { GET as downloadRoute } from "@/app/v1/exports/[id]/download/route";
import { GET as getRoute } from "@/app/v1/exports/[id]/route";
import { GET as listRoute, POST as createRoute } from "@/app/v1/exports/route";
import { mailExportToAccountant } from "./accountant-mail";
import { updateEmailSettings } from "@/lib/email/email-settings";
import { buildExport } from "./build-export";
import { exportFilePath } from "./config";
import { createMonthlyExports, expireExports } from "./housekeeping";
import { brazilParts } from "./period";
import { signedDownloadUrl } from "./signed-link";
import { readZipBuffer } from "./testing/read-zip";
import { receivedXmlFile } from "@/lib/received/downloads";

// Issue 39 item 3: an export of a period with NF-e, NFC-e, NFS-e, events and an
// inutilization, through the real routes, the real emission (simulator) and the local driver.

process.env.NEXTAUTH_SECRET = "exports-test-secret";
process.env.EXPORTS_DIR = mkdtempSync(path.join(tmpdir(), "fiscal-exports-test-"));
// The accountant's mail goes through the company's own SMTP server, here a loopback one (read once by env()).
process.env.SMTP_ALLOWED_HOSTS = "127.0.0.1";

// No fault here needs a short timeout; a loaded machine needs a long one (an NFS-e stayed DRAFT at 1.5 s under load 11).
simulatorFixture({ authorityTimeoutMs: 10_000 });
let company: TestCompany;
let other: TestCompany;
const docs: { nfe: string; cancelled: string; nfce: string; nfse: string } = { nfe: "", cancelled: "", nfce: "", nfse: "" };
let inutilizationId = "";

const brazilDay = (offsetDays: number) => new Date(Date.now() - 3 * 3_600_000 + offsetDays * 86_400_000).toISOString().slice(0, 10);
const period = { from: brazilDay(-1), to: brazilDay(1) };
const everything = { xml: true, pdf: false, events: true, inutilizations: true, received: true };

async function runExports(companyId: string) {
  await drainDueRuns(functions, { companyIds: [companyId] });
}

async function download(id: string, key = company.key): Promise<{ status: number; headers: Headers; bytes: Buffer }> {
  const response = await downloadRoute(new Request(`http://localhost/v1/exports/${id}/download`, { headers: { authorization: `Bearer ${key}` } }), { params: Promise.resolve({ id }) });
  return { status: response.status, headers: response.headers, bytes: Buffer.from(await response.arrayBuffer()) };
}

async function routeText(handler: typeof xmlRoute, path: string, params: Record<string, string>): Promise<string> {
  const response = await handler(new Request(`http://localhost${path}`, { headers: { authorization: `Bearer ${company.key}` } }), { params: Promise.resolve(params) });
  expect(response.status).toBe(200);
  return response.text();
}

async function createExport(body: unknown, key = company.key) {
  return call(createRoute, { method: "POST", path: "/v1/exports", key, body });
}

beforeAll(async () => {
  company = await createNfseCompany();
  other = await createTestCompany();
  const post = (handler: typeof cancelRoute, id: string, body: unknown) => call(handler, { method: "POST", path: "/", key: company.key, body, params: { id } });
  docs.nfe = (await authorizedDocument(company.companyId)).id;
  expect((await post(correctionRoute, docs.nfe, { correction: "Onde se le volume 1, leia-se volumes 2 caixas" })).status).toBe(200);
  docs.cancelled = (await authorizedDocument(company.companyId)).id;
  expect((await post(cancelRoute, docs.cancelled, { justification: "Pedido cancelado pelo cliente final" })).status).toBe(200);
  docs.nfce = (await authorizedDocument(company.companyId, { type: "NFCE" })).id;
  const nfse = await call(createDocumentRoute, { method: "POST", path: "/v1/fiscal-documents", key: company.key, body: { ...nfseBody(), emit: true } });
  expect(nfse.status, nfse.text).toBe(201);
  docs.nfse = nfse.body.id;
  await drainDueRuns(functions, { companyIds: [company.companyId] });
  expect((await db.fiscalDocument.findUniqueOrThrow({ where: { id: docs.nfse } })).status).toBe("AUTHORIZED");
  const inutilized = await call(inutilizeRoute, { method: "POST", path: "/v1/fiscal-inutilizations", key: company.key, body: { series: 9, startNumber: 50, endNumber: 51, justification: "Numeracao pulada por falha no sistema emissor", advanceSeries: true } });
  expect(inutilized.status, inutilized.text).toBe(200);
  inutilizationId = inutilized.body.record.id;
}, 120_000);

describe("POST /v1/exports → GET /v1/exports/{id} → download", () => {
  it("exports every XML byte for byte in folders by type and month, with events, the inutilization and a resumo.csv that adds up", async () => {
    const created = await createExport({ ...period, include: everything });
    expect(created.status, created.text).toBe(202);
    expect(created.body).toEqual({ id: expect.any(String), status: "QUEUED" });
    const id = created.body.id as string;
    expect((await download(id)).status).toBe(409);

    await runExports(company.companyId);
    const detail = await call(getRoute, { path: `/v1/exports/${id}`, key: company.key, params: { id } });
    expect(detail.status).toBe(200);
    expect(detail.body).toMatchObject({ id, status: "READY", from: period.from, to: period.to, environment: "HOMOLOGATION", documentTypes: ["NFE", "NFCE", "NFSE"], progress: { done: 5, total: 5, percent: 100 } });
    expect(detail.body.sizeBytes).toBeGreaterThan(0);

    const zip = await download(id);
    expect(zip.status).toBe(200);
    expect(zip.headers.get("content-type")).toBe("application/zip");
    expect(Number(zip.headers.get("content-length"))).toBe(detail.body.sizeBytes);
    const entries = await readZipBuffer(zip.bytes);

    const rows = await db.fiscalDocument.findMany({ where: { id: { in: Object.values(docs) } } });
    const expected = new Map<string, string>();
    for (const row of rows) {
      const folder = `${{ NFE: "NFe", NFCE: "NFCe", NFSE: "NFSe" }[row.type]}/${brazilParts(row.issueDateTime).month}/`;
      const suffix = row.type.toLowerCase();
      expected.set(`${folder}${row.accessKey}-${suffix}.xml`, await routeText(xmlRoute, `/v1/fiscal-documents/${row.id}/xml`, { id: row.id }));
      const events = await db.documentEvent.findMany({ where: { documentId: row.id, kind: { in: ["CANCELLATION", "CORRECTION_LETTER"] }, outcome: "AUTHORIZED" } });
      for (const event of events) {
        const part = event.kind === "CANCELLATION" ? "canc" : "cce";
        const text = await routeText(eventXmlRoute, `/v1/fiscal-documents/${row.id}/events/${event.id}/xml`, { id: row.id, eventId: event.id });
        expected.set(`${folder}${row.accessKey}-${suffix}-${part}-01.xml`, text);
      }
    }
    const inutilization = await db.inutilization.findUniqueOrThrow({ where: { id: inutilizationId } });
    const inutName = [...entries.keys()].find((name) => name.endsWith("-procInutNFe.xml"))!;
    expect(inutName).toMatch(new RegExp(`^NFe/${brazilParts(inutilization.inutilizationDate!).month}/\\d{41}-procInutNFe\\.xml$`));
    expected.set(inutName, inutilization.responseXml!);
    // 4 documents, a CC-e and a cancellation, the inutilization, and resumo.csv.
    expect(expected.size).toBe(7);
    expect([...entries.keys()].sort()).toEqual([...expected.keys(), "resumo.csv"].sort());
    for (const [name, text] of expected) expect(entries.get(name)!.equals(Buffer.from(text, "utf8")), name).toBe(true);

    const csv = entries.get("resumo.csv")!.toString("utf8");
    expect(csv.startsWith("\uFEFFTipo;Série;Número;Chave de acesso;Data de emissão;Situação;Destinatário;CPF/CNPJ do destinatário;Valor total;Data de autorização;Protocolo;Natureza da operação;CFOP;")).toBe(true);
    // Read as a spreadsheet reads it: ; separated, quoted cells unquoted.
    const table: string[][] = parseCsv(csv, { delimiter: ";", bom: true, relax_column_count: true, skip_empty_lines: false });
    const blank = table.findIndex((cells) => cells.length === 1 && cells[0] === "");
    const documentLines = table.slice(1, blank);
    expect(documentLines).toHaveLength(4);
    // By model (NF-e, NFC-e, NFS-e), then series and number.
    const order = { "NF-e": 1, "NFC-e": 2, "NFS-e": 3 } as Record<string, number>;
    const sortKeys = documentLines.map((cells) => [order[cells[0]!]!, Number(cells[1]), Number(cells[2])]);
    expect(sortKeys).toEqual([...sortKeys].sort((a, b) => a[0]! - b[0]! || a[1]! - b[1]! || a[2]! - b[2]!));
    for (const row of rows) {
      // Keys, CNPJs and protocols as ="…", which Excel keeps as text.
      const cells = documentLines.find((l) => l[3] === `="${row.accessKey}"`)!;
      expect(cells, row.accessKey!).toBeDefined();
      expect(cells[5]).toBe(row.status === "CANCELLED" ? "Cancelada" : "Autorizada");
      expect(cells[8]).toBe(new Decimal(row.totalValue.toString()).toFixed(2).replace(".", ","));
      expect(cells[10]).toBe(row.protocolNumber ? `="${row.protocolNumber}"` : "");
      expect(cells[11]).toBe(row.operationNature);
      const snapshot = row.clientSnapshot as { document?: string };
      if (snapshot.document) expect(cells[7]).toBe(`="${snapshot.document}"`);
    }
    const sum = (status: string) => rows.filter((r) => r.status === status).reduce((acc, r) => acc.plus(r.totalValue.toString()), new Decimal(0));
    const comma = (value: Decimal) => value.toFixed(2).replace(".", ",");
    const footer = table.slice(blank + 1, blank + 5).map((cells) => cells.join(";"));
    expect(footer).toEqual([
      "Totais por situação;Quantidade;Valor total",
      `Autorizada;3;${comma(sum("AUTHORIZED"))}`,
      `Cancelada;1;${comma(sum("CANCELLED"))}`,
      // The cancelled note is no operation of the month: the valid total is the authorized one.
      `Total das notas válidas (autorizadas);3;${comma(sum("AUTHORIZED"))}`,
    ]);
    // CFOP totals: the authorized NF-e and NFC-e items' values, per CFOP.
    const cfopTitle = table.findIndex((cells) => cells[0] === "Totais por CFOP (notas autorizadas)");
    const items = await db.fiscalDocumentItem.findMany({ where: { document: { id: { in: [docs.nfe, docs.nfce] } } } });
    const byCfop = new Map<string, Decimal>();
    for (const item of items) byCfop.set(item.cfop, (byCfop.get(item.cfop) ?? new Decimal(0)).plus(item.grossValue.toString()).minus(item.discount.toString()));
    const cfopLines = table.slice(cfopTitle + 2, cfopTitle + 2 + byCfop.size);
    expect(cfopLines.map((cells) => [cells[0], cells[2]])).toEqual([...byCfop].sort(([a], [b]) => a.localeCompare(b)).map(([cfop, value]) => [cfop, comma(value)]));
    // The inutilized range is a line of its own, so the gap 50–51 is explained.
    const inutilizationTitle = table.findIndex((cells) => cells[0] === "Numeração inutilizada no período");
    expect(table[inutilizationTitle + 2]!.slice(0, 5)).toEqual(["NF-e", "9", "50", "51", `="${inutilization.protocol}"`]);
  }, 60_000);

  it("keeps to the types and inclusions asked for, with the DANFE PDF when pdf is true", async () => {
    const created = await createExport({ ...period, documentTypes: ["NFCE"], include: { xml: false, pdf: true, events: false, inutilizations: true } });
    expect(created.status, created.text).toBe(202);
    await runExports(company.companyId);
    const entries = await readZipBuffer((await download(created.body.id)).bytes);
    const nfce = await db.fiscalDocument.findUniqueOrThrow({ where: { id: docs.nfce } });
    // No NF-e inutilization (model 55) in an NFC-e export.
    expect([...entries.keys()].sort()).toEqual([`NFCe/${brazilParts(nfce.issueDateTime).month}/${nfce.accessKey}-danfe-nfce.pdf`, "resumo.csv"]);
    expect(entries.get([...entries.keys()][0]!)!.subarray(0, 5).toString()).toBe("%PDF-");
  }, 60_000);

  it("adds the received NF-e and NFS-e whose full XML arrived under Recebidas/, with the received XML download's bytes", async () => {
    const source = await db.fiscalDocument.findUniqueOrThrow({ where: { id: docs.nfe } });
    const accessKey = `35${"9".repeat(42)}`;
    const received = await db.receivedDocument.create({
      data: {
        companyId: company.companyId, environment: "HOMOLOGATION", accessKey, issuerDocument: "11222333000181", issuerName: "Fornecedor Exemplo Ltda",
        issueDate: source.issueDateTime, totalValue: source.totalValue, operation: "SAIDA", authorityStatus: "AUTHORIZED", xml: source.authorizedXml, nsu: "000000000000001",
      },
    });
    // A received NFS-e (the ADN's distribution, issue 57) goes under Recebidas/NFSe/ with its download's name and bytes.
    const nfseKey = `3543402${"2".repeat(43)}`;
    const nfse = await db.receivedDocument.create({
      data: {
        companyId: company.companyId, environment: "HOMOLOGATION", documentType: "NFSE", accessKey: nfseKey, issuerDocument: "11222333000181", issuerName: "Prestador Exemplo Ltda",
        issueDate: source.issueDateTime, totalValue: "100.00", operation: "SAIDA", authorityStatus: "AUTHORIZED", xml: `<NFSe xmlns="http://www.sped.fazenda.gov.br/nfse" versao="1.01"/>`, nsu: "1",
      },
    });
    try {
      const created = await createExport({ ...period, documentTypes: ["NFSE"], include: { xml: false, pdf: false, events: false, inutilizations: false, received: true } });
      expect(created.status, created.text).toBe(202);
      await runExports(company.companyId);
      const entries = await readZipBuffer((await download(created.body.id)).bytes);
      const name = `Recebidas/NFe/${brazilParts(source.issueDateTime).month}/${accessKey}-nfe.xml`;
      const nfseName = `Recebidas/NFSe/${brazilParts(source.issueDateTime).month}/${nfseKey}-nfse.xml`;
      expect([...entries.keys()].sort()).toEqual([name, nfseName, "resumo.csv"].sort());
      const route = await receivedXmlFile(company.companyId, received.id, { download: true });
      expect(entries.get(name)!.equals(Buffer.from(route.body as string, "utf8"))).toBe(true);
      const nfseRoute = await receivedXmlFile(company.companyId, nfse.id, { download: true });
      expect(nfseRoute.fileName).toBe(`${nfseKey}-nfse.xml`);
      expect(entries.get(nfseName)!.equals(Buffer.from(nfseRoute.body as string, "utf8"))).toBe(true);
    } finally {
      await db.receivedDocument.deleteMany({ where: { id: { in: [received.id, nfse.id] } } });
    }
  }, 60_000);

  it("rebuilds after a crash, and a finished export is not rebuilt", async () => {
    const created = await createExport({ ...period, documentTypes: ["NFE"], include: everything });
    const id = created.body.id as string;
    await runExports(company.companyId);
    const first = await download(id);
    // A crash mid-build: the row says RUNNING and only a part file exists.
    await db.documentExport.update({ where: { id }, data: { status: "RUNNING", done: 1 } });
    const { rm } = await import("node:fs/promises");
    await rm(exportFilePath(id));
    expect(await buildExport(id)).toMatchObject({ status: "READY", total: 3 });
    const again = await readZipBuffer((await download(id)).bytes);
    const before = await readZipBuffer(first.bytes);
    expect([...again.keys()]).toEqual([...before.keys()]);
    for (const [name, bytes] of before) expect(again.get(name)!.equals(bytes), name).toBe(true);
    const row = await db.documentExport.findUniqueOrThrow({ where: { id } });
    expect(await buildExport(id)).toMatchObject({ status: "READY" });
    expect((await db.documentExport.findUniqueOrThrow({ where: { id } })).attempts).toBe(row.attempts);
  }, 60_000);

  it("refuses bad periods and unknown fields with 400", async () => {
    expect((await createExport({ from: "2026-11-30", to: "2026-11-01" })).status).toBe(400);
    expect((await createExport({ from: "2024-01-01", to: "2026-01-01" })).status).toBe(400);
    expect((await createExport({ from: "2026-02-30", to: "2026-03-01" })).status).toBe(400);
    expect((await createExport({ ...period, include: { zip: true } })).status).toBe(400);
    expect((await createExport({ ...period, documentTypes: ["CTE"] })).status).toBe(400);
  });
});

describe("scoping, expiry and the signed link", () => {
  let id = "";
  beforeAll(async () => {
    id = (await createExport({ ...period, documentTypes: ["NFSE"], include: everything })).body.id;
    await runExports(company.companyId);
  }, 60_000);

  it("answers 404 for another company's export, and lists only the company's", async () => {
    expect((await call(getRoute, { path: `/v1/exports/${id}`, key: other.key, params: { id } })).status).toBe(404);
    expect((await download(id, other.key)).status).toBe(404);
    const list = await call(listRoute, { path: "/v1/exports", key: other.key });
    expect(list.body.data).toEqual([]);
    expect((await call(listRoute, { path: "/v1/exports?pageSize=100", key: company.key })).body.data.map((e: { id: string }) => e.id)).toContain(id);
    const cookie = await signedInCookie(other.tenantId, "ADMIN");
    const dashboard = await dashboardDownloadRoute(new Request("http://localhost/", { headers: cookie }), { params: Promise.resolve({ companyId: company.companyId, id }) });
    expect(dashboard.status).toBe(404);
  });

  it("downloads through the dashboard (any role), and creates from it (not SUPPORT)", async () => {
    const cookie = await signedInCookie(company.tenantId, "SUPPORT");
    const response = await dashboardDownloadRoute(new Request("http://localhost/", { headers: cookie }), { params: Promise.resolve({ companyId: company.companyId, id }) });
    expect(response.status).toBe(200);
    expect(Buffer.from(await response.arrayBuffer()).equals((await download(id)).bytes)).toBe(true);
    const post = async (role: "SUPPORT" | "ACCOUNTANT") =>
      dashboardCreateRoute(
        new Request("http://localhost/", { method: "POST", headers: { ...(await signedInCookie(company.tenantId, role)), "content-type": "application/json", origin: "http://localhost" }, body: JSON.stringify({ ...period, documentTypes: ["NFSE"] }) }),
        { params: Promise.resolve({ companyId: company.companyId }) },
      );
    expect((await post("SUPPORT")).status).toBe(403);
    const created = await post("ACCOUNTANT");
    expect(created.status, await created.clone().text()).toBe(202);
    const row = await db.documentExport.findUniqueOrThrow({ where: { id: ((await created.json()) as { id: string }).id } });
    expect(row).toMatchObject({ origin: "DASHBOARD", companyId: company.companyId });
    await runExports(company.companyId);
  });

  it("serves the signed link without login, and refuses it tampered or expired", async () => {
    const signedCall = async (url: string) => {
      const parsed = new URL(url);
      const exportId = decodeURIComponent(parsed.pathname.split("/")[3]!);
      const response = await signedDownloadRoute(new Request(url), { params: Promise.resolve({ id: exportId }) });
      return { status: response.status, bytes: Buffer.from(await response.arrayBuffer()) };
    };
    const row = await db.documentExport.findUniqueOrThrow({ where: { id } });
    const url = signedDownloadUrl(id, row.expiresAt, "http://localhost");
    const ok = await signedCall(url);
    expect(ok.status).toBe(200);
    expect(ok.bytes.equals((await download(id)).bytes)).toBe(true);

    const signature = new URL(url).searchParams.get("signature")!;
    const flipped = signature.slice(0, -1) + (signature.endsWith("0") ? "1" : "0");
    expect((await signedCall(url.replace(signature, flipped))).status).toBe(403);
    const expires = new URL(url).searchParams.get("expires")!;
    expect((await signedCall(url.replace(`expires=${expires}`, `expires=${Number(expires) + 3600}`))).status).toBe(403);
    const otherExport = (await db.documentExport.findFirstOrThrow({ where: { companyId: company.companyId, id: { not: id }, status: "READY" } })).id;
    expect((await signedCall(url.replace(`/exports/${id}/`, `/exports/${otherExport}/`))).status).toBe(403);
    expect((await signedCall(url.replace(/&signature=.*/, ""))).status).toBe(400);
    // Correctly signed, but its time is up.
    expect((await signedCall(signedDownloadUrl(id, new Date(Date.now() - 1000), "http://localhost"))).status).toBe(410);
  });

  it("expires after 7 days: EXPIRED at once, 410 on download, and the cleanup removes the file", async () => {
    const expiring = (await createExport({ ...period, documentTypes: ["NFSE"], include: everything })).body.id as string;
    await runExports(company.companyId);
    expect(existsSync(exportFilePath(expiring))).toBe(true);
    const row = await db.documentExport.findUniqueOrThrow({ where: { id: expiring } });
    expect(row.expiresAt.getTime() - row.createdAt.getTime()).toBe(7 * 24 * 3_600_000);
    await db.documentExport.update({ where: { id: expiring }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect((await call(getRoute, { path: `/v1/exports/${expiring}`, key: company.key, params: { id: expiring } })).body.status).toBe("EXPIRED");
    const gone = await download(expiring);
    expect(gone.status).toBe(410);
    expect(JSON.parse(gone.bytes.toString()).code).toBe("export_expired");
    await expireExports();
    expect(existsSync(exportFilePath(expiring))).toBe(false);
    expect((await db.documentExport.findUniqueOrThrow({ where: { id: expiring } })).status).toBe("EXPIRED");
    expect(existsSync(exportFilePath(id))).toBe(true);
  });
});

describe("the monthly export for the accountant", () => {
  it("creates the previous month's export once, on the first days of the month, and mails its signed link", async () => {
    await db.companyExportSettings.create({ data: { companyId: company.companyId, accountantEmail: "contador@escritorio.example.com" } });
    // "Now" is the 1st of next month (Brazil time): the previous month is this one.
    const local = new Date(Date.now() - 3 * 3_600_000);
    const nextMonth = new Date(Date.UTC(local.getUTCFullYear(), local.getUTCMonth() + 1, 1, 12));
    expect(await createMonthlyExports(new Date(Date.UTC(local.getUTCFullYear(), local.getUTCMonth() + 1, 4, 12)))).toEqual([]);
    const created = await createMonthlyExports(nextMonth);
    expect(created).toHaveLength(1);
    expect(await createMonthlyExports(nextMonth)).toEqual([]);
    const row = await db.documentExport.findUniqueOrThrow({ where: { id: created[0]! } });
    expect(row).toMatchObject({ origin: "MONTHLY", monthlyPeriod: brazilParts(new Date()).month, mailTo: "contador@escritorio.example.com" });

    // Without any SMTP server (no SMTP_URL, none of the company's) the run records NOT_CONFIGURED.
    delete process.env.SMTP_URL;
    await runExports(company.companyId);
    const built = await db.documentExport.findUniqueOrThrow({ where: { id: row.id } });
    expect(built).toMatchObject({ status: "READY", mailStatus: "NOT_CONFIGURED", total: 5 });

    // With a loopback SMTP server the message carries the signed link, which downloads the ZIP.
    const received: string[] = [];
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS"],
      onData(stream, _session, done) {
        const chunks: Buffer[] = [];
        stream.on("data", (c: Buffer) => chunks.push(c));
        stream.on("end", () => {
          received.push(Buffer.concat(chunks).toString("utf8"));
          done();
        });
      },
    });
    server.listen(0, "127.0.0.1");
    await once(server.server, "listening");
    const port = (server.server.address() as { port: number }).port;
    try {
      await db.documentExport.update({ where: { id: row.id }, data: { mailStatus: null } });
      // The company's own server (lib/email), on loopback as SMTP_ALLOWED_HOSTS (top of the file) allows.
      await updateEmailSettings(company.companyId, { smtpHost: "127.0.0.1", smtpPort: port, smtpUser: null, smtpPassword: null, fromAddress: "fiscal@empresa.example.com" });
      const result = await mailExportToAccountant(row.id);
      expect(result?.status).toBe("SENT");
      expect(await mailExportToAccountant(row.id)).toBeNull();
    } finally {
      await updateEmailSettings(company.companyId, { smtpHost: null, smtpPort: null, smtpUser: null, smtpPassword: null, fromAddress: null });
      server.close();
    }
    expect(received).toHaveLength(1);
    const mail = received[0]!.replace(/=\r\n/g, "");
    expect(mail).toContain("To: contador@escritorio.example.com");
    const link = /(https?:\/\/[^\s"<]+\/api\/exports\/[^\s"<]+)/.exec(mail.replace(/=3D/g, "="))![1]!.replace(/&amp;/g, "&");
    const url = new URL(link);
    const response = await signedDownloadRoute(new Request(`http://localhost${url.pathname}${url.search}`), { params: Promise.resolve({ id: row.id }) });
    expect(response.status).toBe(200);
    expect((await readZipBuffer(Buffer.from(await response.arrayBuffer()))).has("resumo.csv")).toBe(true);
    await db.companyExportSettings.delete({ where: { companyId: company.companyId } });
  }, 60_000);
});
