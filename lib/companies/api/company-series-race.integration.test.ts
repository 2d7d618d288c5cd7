import { describe, expect, it } from "vitest";
import { allocateNumber } from "@/lib/numbering/allocate-number";
import { createTestCompany, db } from "@/test/factories";
import { createCompanySeries, listCompanySeries, updateCompanySeries } from "./company-series";

// Issue 49, finding 3: an ERP re-sending its current configuration (PATCH …/series with the
// nextNumber it read) while the company issues NFC-e. The PATCH read the highest number held,
// compared and upserted without the series row's lock, so it could set the counter back under
// an allocation that had just taken a number, and the next NFC-e got that number again.

// By counts, not by a time window: on a loaded machine a window held too few draws to race.
const DRAWS_PER_EMITTER = 12;
const MIN_PATCHES = 24;

describe("PATCH /v1/companies/{id}/series nextNumber during emission", () => {
  it("re-sending the current nextNumber while numbers are drawn gives no number twice", async () => {
    const { companyId } = await createTestCompany();
    const company = await db.company.findUniqueOrThrow({ where: { id: companyId } });
    const key = { companyId, model: 65 as const, series: 1, environment: company.environment };
    let emittersDone = false;

    // Two emitters: the number and its document in one transaction, held open a little as an
    // emission's is (its XML signed and sent before the outcome commits), a pause between sales.
    const emitter = async () => {
      const numbers: number[] = [];
      while (numbers.length < DRAWS_PER_EMITTER) {
        numbers.push(
          await db.$transaction(async (tx) => {
            const number = await allocateNumber(tx, key);
            await tx.$executeRaw`SELECT pg_sleep(0.03)`;
            await tx.fiscalDocument.create({
              data: { companyId, type: "NFCE", status: "AUTHORIZED", environment: company.environment, series: 1, number, clientSnapshot: {}, operationNature: "VENDA", issueDateTime: new Date(), productsTotal: "1.00", totalValue: "1.00", taxTotals: {} },
            });
            return number;
          }),
        );
        await new Promise((resolve) => setTimeout(resolve, 40));
      }
      return numbers;
    };
    // Two ERPs: read the series, send back its nextNumber unchanged. A value gone stale meanwhile
    // (below a number a document holds) is refused with 400, which is right; any other error fails.
    let patches = 0;
    const erp = async () => {
      while (!emittersDone || patches < MIN_PATCHES) {
        const { data } = await listCompanySeries(companyId);
        const current = data.find((s) => s.type === "NFCE" && s.series === 1)!;
        await updateCompanySeries(company, { type: "NFCE", series: 1, nextNumber: current.nextNumber }).then(
          () => (patches += 1),
          (error: { code?: string }) => {
            patches += 1;
            if (error.code !== "validation_error") throw error;
          },
        );
      }
    };
    const emitters = Promise.all([emitter(), emitter()]).finally(() => (emittersDone = true));
    const [drawn] = await Promise.all([emitters, erp(), erp()]);
    const numbers = drawn.flat();
    const held = await db.fiscalDocument.groupBy({ by: ["number"], where: { companyId }, _count: true, having: { number: { _count: { gt: 1 } } } });
    expect(held).toEqual([]);
    expect(numbers.length - new Set(numbers).size).toBe(0);
    expect(numbers.length).toBe(2 * DRAWS_PER_EMITTER);
    expect(patches).toBeGreaterThanOrEqual(MIN_PATCHES);
  }, 30_000);

  it("a PATCH of the value read before an allocation in flight waits for it, then is refused; the same value when current writes nothing", async () => {
    const { companyId } = await createTestCompany();
    const company = await db.company.findUniqueOrThrow({ where: { id: companyId } });
    const key = { companyId, model: 65 as const, series: 1, environment: company.environment };
    await updateCompanySeries(company, { type: "NFCE", series: 1, nextNumber: 7 }).catch(() => createCompanySeries(company, { type: "NFCE", series: 1, nextNumber: 7 }));
    const before = await db.numberingSeries.findFirstOrThrow({ where: { companyId, model: 65, series: 1 } });
    await updateCompanySeries(company, { type: "NFCE", series: 1, nextNumber: 7 });
    expect((await db.numberingSeries.findFirstOrThrow({ where: { companyId, model: 65, series: 1 } })).updatedAt).toEqual(before.updatedAt);

    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let allocated!: () => void;
    const taken = new Promise<void>((resolve) => (allocated = resolve));
    const emission = db.$transaction(async (tx) => {
      const number = await allocateNumber(tx, key);
      await tx.fiscalDocument.create({
        data: { companyId, type: "NFCE", status: "AUTHORIZED", environment: company.environment, series: 1, number, clientSnapshot: {}, operationNature: "VENDA", issueDateTime: new Date(), productsTotal: "1.00", totalValue: "1.00", taxTotals: {} },
      });
      allocated();
      await held;
      return number;
    });
    await taken;
    const patch = updateCompanySeries(company, { type: "NFCE", series: 1, nextNumber: 7 });
    await new Promise((resolve) => setTimeout(resolve, 200));
    release();
    expect(await emission).toBe(7);
    await expect(patch).rejects.toMatchObject({ code: "validation_error" });
    expect(await allocateNumber(db, key)).toBe(8);
  });
});
