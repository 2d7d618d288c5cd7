import { describe, expect, it } from "vitest";
import * as products from "@/app/v1/products/route";
import { POST as createDocument } from "@/app/v1/fiscal-documents/route";
import { getFiscalSettings, updateFiscalSettings } from "@/lib/companies/fiscal-settings";
import { isSealedText } from "@/lib/crypto";
import { companyWithClient, item } from "@/lib/documents/testing/fixtures";
import { DomainError } from "@/lib/errors";
import { allocateNumber, MAX_DOCUMENT_NUMBER } from "@/lib/numbering";
import { createTestCompany, db } from "@/test/factories";
import { call } from "@/test/http";

// Issue 16, defects 4 and 10: numbers the schema accepted overflowed the
// columns (500); free-form groups stored anything; smaller fixes.
const postProduct = (key: string, body: unknown) => call(products.POST, { method: "POST", path: "/v1/products", key, body });
const postDocument = (key: string, body: unknown) => call(createDocument, { method: "POST", path: "/v1/fiscal-documents", key, body });

const documentSetup = () => companyWithClient();

describe("numeric bounds match the columns", () => {
  it("refuses a product price beyond Decimal(15, 4) with 400 naming salePrice, and stores the largest that fits", async () => {
    const company = await createTestCompany();
    for (const salePrice of [1e11, 1e308, "100000000000", "99999999999.99999"]) {
      const res = await postProduct(company.key, { name: "P", code: `C-${String(salePrice)}`, salePrice });
      expect(res.status, String(salePrice)).toBe(400);
      expect(res.body.code).toBe("validation_error");
      expect(res.body.message).toContain("body.salePrice");
    }
    const fits = await postProduct(company.key, { name: "P", code: "C-MAX", salePrice: "99999999999.9999" });
    expect(fits.status).toBe(201);
    expect(fits.body.salePrice).toBe("99999999999.9999");
    const rate = await postProduct(company.key, { name: "P", code: "C-RATE", salePrice: 1, nfeConfig: { icmsRate: 1e9 } });
    expect(rate.status).toBe(400);
    expect(rate.body.message).toContain("body.nfeConfig.icmsRate");
  });

  it("refuses a line total or a document total that could overflow Decimal(15, 2), and an int4 volume count", async () => {
    const c = await documentSetup();
    const line = await postDocument(c.key, c.base({ items: [item({ quantity: 99999999999, unitValue: 1000 })] }));
    expect(line.status).toBe(400);
    expect(line.body.message).toContain("body.items.0.unitValue: quantity × unitValue must be at most 99999999999.99");
    const sum = await postDocument(c.key, c.base({ items: [item({ quantity: 1, unitValue: 60_000_000_000 }), item({ quantity: 1, unitValue: 60_000_000_000 })] }));
    expect(sum.status).toBe(400);
    expect(sum.body.message).toContain("body.items: the items and freight must add up");
    const volumes = await postDocument(c.key, c.base({ transport: { volumeQuantity: 2147483648 } }));
    expect(volumes.status).toBe(400);
    expect(volumes.body.message).toContain("body.transport.volumeQuantity");
    expect(await db.fiscalDocument.count({ where: { companyId: c.companyId } })).toBe(0);
    const fits = await postDocument(c.key, c.base({ items: [item({ quantity: 1000, unitValue: 99_999_999.99 })], transport: { volumeQuantity: 2147483647 } }));
    expect(fits.status, JSON.stringify(fits.body)).toBe(201);
  });

  it("gives declared IBS/CBS groups limits: flat fields, names as in the layout, 4 KB", async () => {
    const c = await documentSetup();
    let deep: unknown = { v: 1 };
    for (let i = 0; i < 5; i++) deep = { g: deep };
    const refused = [
      { adjustment: deep },
      { adjustment: { "not a name": 1 } },
      { adjustment: { big: "x".repeat(201) } },
      { adjustment: Object.fromEntries(Array.from({ length: 31 }, (_, i) => [`f${i}`, i])) },
      { creditReversal: Object.fromEntries(Array.from({ length: 30 }, (_, i) => [`f${i}`, "y".repeat(150)])) },
    ];
    for (const ibsCbs of refused) {
      const res = await postDocument(c.key, c.base({ items: [item({ ibsCbs })] }));
      expect(res.status, JSON.stringify(ibsCbs).slice(0, 80)).toBe(400);
      expect(res.body.message).toMatch(/body\.items\.0\.ibsCbs\.(adjustment|creditReversal)/);
    }
    const accepted = await postDocument(c.key, c.base({ items: [item({ ibsCbs: { adjustment: { vAjuste: 1.5, gSub: { cMotivo: "01" } } } })] }));
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(201);
  });
});

describe("fiscal settings", () => {
  it("refuses a 1-character legal name (xNome is 2-60 characters)", async () => {
    const { companyId } = await createTestCompany();
    const error = await updateFiscalSettings(companyId, { legalName: "A" }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DomainError);
    expect((error as DomainError).message).toContain("body.legalName");
  });

  it("stores the CSC token sealed and reads it back as typed", async () => {
    const { companyId } = await createTestCompany();
    const settings = await updateFiscalSettings(companyId, { cscId: "000001", cscToken: "ABCDEF0123456789ABCD" });
    expect(settings.cscToken).toBe("ABCDEF0123456789ABCD");
    const stored = await db.company.findUniqueOrThrow({ where: { id: companyId }, select: { cscToken: true } });
    expect(isSealedText(stored.cscToken)).toBe(true);
    expect(stored.cscToken).not.toContain("ABCDEF0123456789ABCD");
    // A later change of another field keeps it (sealed anew) and readable.
    await updateFiscalSettings(companyId, { phone: "1133334444" });
    expect((await getFiscalSettings(companyId)).cscToken).toBe("ABCDEF0123456789ABCD");
  });

  it("stops a series at its last number: the counter never passes it and the settings stay editable", async () => {
    const { companyId } = await createTestCompany();
    const key = { companyId, model: 55 as const, series: 1, environment: "HOMOLOGATION" as const };
    await db.numberingSeries.create({ data: { ...key, nextNumber: MAX_DOCUMENT_NUMBER } });
    expect(await allocateNumber(db, key)).toBe(MAX_DOCUMENT_NUMBER);
    for (let i = 0; i < 2; i++) {
      const error = await allocateNumber(db, key).catch((e: unknown) => e);
      expect((error as DomainError).status).toBe(422);
    }
    const row = await db.numberingSeries.findFirstOrThrow({ where: key });
    expect(row.nextNumber).toBe(MAX_DOCUMENT_NUMBER + 1);
    await db.company.update({ where: { id: companyId }, data: { environment: "HOMOLOGATION" } });
    const settings = await updateFiscalSettings(companyId, { phone: "1133334444" });
    expect(settings.nfeNextNumber).toBe(MAX_DOCUMENT_NUMBER + 1);
    const refused = await updateFiscalSettings(companyId, { nfeNextNumber: MAX_DOCUMENT_NUMBER + 1, nfeSeries: 2 }).catch((e: unknown) => e);
    expect((refused as DomainError).status).toBe(400);
  });
});

describe("inline clients", () => {
  it("30 parallel documents for one unidentified consumer (matched by name) create one client", async () => {
    const c = await documentSetup();
    const body = { type: "NFCE", client: { name: "Consumidor Balcao", document: "" }, items: [item()], payments: [{ method: "MONEY", value: 100 }] };
    const results = await Promise.all(Array.from({ length: 30 }, () => postDocument(c.key, body)));
    expect(results.map((r) => r.status).every((s) => s === 201), results.map((r) => r.text.slice(0, 120)).join("\n")).toBe(true);
    expect(await db.client.count({ where: { companyId: c.companyId, name: "Consumidor Balcao" } })).toBe(1);
  });
});
