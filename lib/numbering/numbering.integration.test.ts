import { describe, expect, it } from "vitest";
import type { DocumentStatus, DocumentType, Environment } from "@prisma/client";
import { DomainError } from "@/lib/errors";
import { createTestCompany, db } from "@/test/factories";
import { allocateNumber } from "./allocate-number";
import { listUnusedNumbers } from "./list-unused-numbers";
import { listSeriesCounters, setNextNumber } from "./numbering-series";

async function addDocument(companyId: string, doc: { type: DocumentType; series: number; number: number; status: DocumentStatus; environment?: Environment }) {
  return db.fiscalDocument.create({
    data: {
      companyId,
      type: doc.type,
      status: doc.status,
      environment: doc.environment ?? "HOMOLOGATION",
      series: doc.series,
      number: doc.number,
      clientSnapshot: {},
      operationNature: "VENDA",
      issueDateTime: new Date(),
      productsTotal: "10.00",
      totalValue: "10.00",
      taxTotals: {},
    },
  });
}

describe("allocateNumber", () => {
  it("gives 20 parallel transactions 20 distinct consecutive numbers", async () => {
    const { companyId } = await createTestCompany();
    const key = { companyId, model: 55 as const, series: 1, environment: "HOMOLOGATION" as const };
    const numbers = await Promise.all(
      Array.from({ length: 20 }, () =>
        db.$transaction(async (tx) => {
          const number = await allocateNumber(tx, key);
          // Hold the transaction open a little so the allocations really overlap.
          await tx.$executeRaw`SELECT pg_sleep(0.01)`;
          return number;
        }),
      ),
    );
    expect(new Set(numbers).size).toBe(20);
    expect([...numbers].sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    const series = await db.numberingSeries.findFirstOrThrow({ where: { companyId, model: 55, series: 1 } });
    expect(series.nextNumber).toBe(21);
  });

  it("keeps counters apart per model, series and environment, and per company", async () => {
    const a = await createTestCompany();
    const b = await createTestCompany();
    const take = (companyId: string, model: 55 | 65, series: number, environment: Environment) =>
      allocateNumber(db, { companyId, model, series, environment });
    expect(await take(a.companyId, 55, 1, "HOMOLOGATION")).toBe(1);
    expect(await take(a.companyId, 55, 1, "HOMOLOGATION")).toBe(2);
    expect(await take(a.companyId, 65, 1, "HOMOLOGATION")).toBe(1);
    expect(await take(a.companyId, 55, 2, "HOMOLOGATION")).toBe(1);
    expect(await take(a.companyId, 55, 1, "PRODUCTION")).toBe(1);
    expect(await take(b.companyId, 55, 1, "HOMOLOGATION")).toBe(1);
  });

  it("leaves no gap when the emitting transaction rolls back", async () => {
    const { companyId } = await createTestCompany();
    const key = { companyId, model: 65 as const, series: 3, environment: "HOMOLOGATION" as const };
    expect(await allocateNumber(db, key)).toBe(1);
    await expect(
      db.$transaction(async (tx) => {
        await allocateNumber(tx, key);
        throw new Error("XML failed");
      }),
    ).rejects.toThrow("XML failed");
    expect(await allocateNumber(db, key)).toBe(2);
  });

  it("refuses a series outside 0-999", async () => {
    const { companyId } = await createTestCompany();
    await expect(allocateNumber(db, { companyId, model: 55, series: 1000, environment: "HOMOLOGATION" })).rejects.toBeInstanceOf(DomainError);
  });
});

describe("setNextNumber and listSeriesCounters", () => {
  it("continues a sequence from a given number, refuses going back over used numbers, and lists the default series", async () => {
    const { companyId } = await createTestCompany();
    let counters = await listSeriesCounters(companyId);
    expect(counters.filter((c) => c.isDefault).map((c) => [c.model, c.series, c.nextNumber])).toEqual([
      [55, 1, 1],
      [65, 1, 1],
    ]);
    await setNextNumber({ companyId, model: 55, series: 1, environment: "HOMOLOGATION", nextNumber: 1500 });
    expect(await allocateNumber(db, { companyId, model: 55, series: 1, environment: "HOMOLOGATION" })).toBe(1500);
    await addDocument(companyId, { type: "NFE", series: 1, number: 1500, status: "AUTHORIZED" });
    await expect(setNextNumber({ companyId, model: 55, series: 1, environment: "HOMOLOGATION", nextNumber: 1400 })).rejects.toThrow(/greater than 1500/);
    counters = await listSeriesCounters(companyId);
    expect(counters.find((c) => c.isDefault && c.model === 55)?.nextNumber).toBe(1501);
  });
});

describe("listUnusedNumbers", () => {
  it("lists only numbers that can never be used: refused documents, not those being emitted, waiting for a re-send or possibly authorized upstream", async () => {
    const { companyId } = await createTestCompany();
    const withState = async (number: number, data: { status: DocumentStatus; rejectionCode?: string; emissionAttempts?: number }) => {
      const document = await addDocument(companyId, { type: "NFE", series: 1, number, status: data.status });
      return db.fiscalDocument.update({ where: { id: document.id }, data: { rejectionCode: data.rejectionCode ?? null, emissionAttempts: data.emissionAttempts ?? 1 } });
    };
    await withState(1, { status: "REJECTED", rejectionCode: "778" });
    await withState(2, { status: "DRAFT" });
    await withState(3, { status: "PROCESSING" });
    await withState(4, { status: "REJECTED", rejectionCode: "communication_failure", emissionAttempts: 5 });
    const confirmed = await withState(5, { status: "REJECTED", rejectionCode: "communication_failure", emissionAttempts: 5 });
    await db.documentEvent.create({ data: { documentId: confirmed.id, companyId, kind: "REJECTION", outcome: "REJECTED", cStat: "communication_failure", details: { attempts: 5, absentAtAuthority: true } } });
    await withState(6, { status: "REJECTED", rejectionCode: "internal_error", emissionAttempts: 0 });
    const groups = await listUnusedNumbers(companyId);
    expect(groups.flatMap((g) => g.numbers.map((n) => n.number))).toEqual([1, 5, 6]);
  });

  it("lists numbered NF-e/NFC-e refused by the authority, grouped by series with consecutive ranges", async () => {
    const { companyId } = await createTestCompany();
    const other = await createTestCompany();
    await addDocument(companyId, { type: "NFE", series: 1, number: 1, status: "AUTHORIZED" });
    const rejected = await addDocument(companyId, { type: "NFE", series: 1, number: 2, status: "REJECTED" });
    await addDocument(companyId, { type: "NFE", series: 1, number: 3, status: "PROCESSING" });
    await addDocument(companyId, { type: "NFE", series: 1, number: 4, status: "CANCELLED" });
    await addDocument(companyId, { type: "NFE", series: 1, number: 5, status: "REJECTED" });
    await addDocument(companyId, { type: "NFCE", series: 2, number: 7, status: "REJECTED" });
    await addDocument(companyId, { type: "NFE", series: 1, number: 0, status: "DRAFT" });
    await addDocument(companyId, { type: "NFSE", series: 1, number: 9, status: "REJECTED" });
    await addDocument(other.companyId, { type: "NFE", series: 1, number: 6, status: "REJECTED" });

    const groups = await listUnusedNumbers(companyId);
    expect(groups.map((g) => [g.model, g.series, g.environment, g.numbers.map((n) => n.number), g.ranges])).toEqual([
      [55, 1, "HOMOLOGATION", [2, 5], [{ startNumber: 2, endNumber: 2 }, { startNumber: 5, endNumber: 5 }]],
      [65, 2, "HOMOLOGATION", [7], [{ startNumber: 7, endNumber: 7 }]],
    ]);
    expect(groups[0]!.numbers[0]).toEqual({ number: 2, documentId: rejected.id, status: "REJECTED" });
  });

  it("leaves out numbers already covered by an authorized inutilization", async () => {
    const { companyId } = await createTestCompany();
    await addDocument(companyId, { type: "NFE", series: 1, number: 10, status: "REJECTED" });
    await addDocument(companyId, { type: "NFE", series: 1, number: 11, status: "REJECTED" });
    await db.inutilization.create({
      data: { companyId, environment: "HOMOLOGATION", model: "55", series: 1, startNumber: 10, endNumber: 10, year: "26", status: "AUTHORIZED", justification: "numero pulado por falha de sistema" },
    });
    const groups = await listUnusedNumbers(companyId);
    expect(groups.flatMap((g) => g.numbers.map((n) => n.number))).toEqual([11]);
  });
});
