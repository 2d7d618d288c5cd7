import { describe, expect, it } from "vitest";
import { randomCnpj } from "@/lib/br";
import { db } from "@/lib/db/client";
import { recordUnlessDuplicate, type AuthorizationRecord } from "./record-authorization";

// The group-committed record of authorizations against the real PostgreSQL:
// several sends in one statement, each answered with its own outcome.

let nextNumber = 1;

function record(cnpj: string, overrides: Partial<AuthorizationRecord> = {}): AuthorizationRecord {
  const number = nextNumber++;
  return {
    environment: 2, accessKey: `35261${cnpj}55001${String(number).padStart(9, "0")}1${String(Math.floor(Math.random() * 1e8)).padStart(8, "0")}0`.slice(0, 44),
    cnpj, model: 55, series: 1, number, protocol: `13526${String(number).padStart(10, "0")}`, digestValue: "digest", receivedAt: new Date(), xml: `<NFe>${number}</NFe>`, denialCStat: null, distribution: [],
    ...overrides,
  };
}

describe("recordUnlessDuplicate", () => {
  it("records sends that share a statement, each with its own answer: the same key twice is one authorization and one 204", async () => {
    const cnpj = randomCnpj();
    const a = record(cnpj);
    const b = record(cnpj);
    const results = await Promise.all([recordUnlessDuplicate(a), recordUnlessDuplicate(b), recordUnlessDuplicate({ ...a, protocol: "135260000000999" })]);
    expect(results[0]).toBeNull();
    expect(results[1]).toBeNull();
    expect(results[2]).toEqual({ cStat: "204", xMotivo: `Duplicidade de NF-e [nProt:${a.protocol}]` });
    expect(await db.simulatorDocument.count({ where: { cnpj } })).toBe(2);
  });

  it("gives two NF-e to one party in the same statement consecutive NSUs", async () => {
    const cnpj = randomCnpj();
    const party = randomCnpj();
    const item = (n: number) => ({ party, schema: "resNFe_v1.01.xsd", xml: `<resNFe>${n}</resNFe>` });
    await Promise.all([1, 2, 3].map((n) => recordUnlessDuplicate(record(cnpj, { distribution: [item(n)] }))));
    const items = await db.simulatorDistribution.findMany({ where: { party }, orderBy: { nsu: "asc" } });
    expect(items.map((i) => Number(i.nsu))).toEqual([1, 2, 3]);
    expect((await db.simulatorDistributionParty.findUniqueOrThrow({ where: { environment_party: { environment: 2, party } } })).lastNsu).toBe(3n);
  });

  it("a record PostgreSQL refuses fails its own send only; the others of its statement are recorded", async () => {
    const cnpj = randomCnpj();
    const good = [record(cnpj), record(cnpj)];
    const bad = record(cnpj, { xml: "<NFe>\u0000</NFe>" }); // PostgreSQL text cannot hold NUL
    const settled = await Promise.allSettled([recordUnlessDuplicate(good[0]!), recordUnlessDuplicate(bad), recordUnlessDuplicate(good[1]!)]);
    expect(settled.map((s) => s.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
    const stored = await db.simulatorDocument.findMany({ where: { cnpj }, select: { accessKey: true } });
    expect(stored.map((s) => s.accessKey).sort()).toEqual(good.map((g) => g.accessKey).sort());
  });
});
