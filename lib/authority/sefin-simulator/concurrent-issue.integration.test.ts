import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomCnpj } from "@/lib/br";
import { buildSignedDps, readNfse } from "@/lib/fiscal/nfse";
import { db } from "@/test/factories";
import { dpsRegular } from "@/lib/fiscal/nfse/test-support/golden-dps";
import { testSigningCredentials } from "@/lib/fiscal/nfe/test-support/test-credentials";
import { SefinNacionalClient } from "../sefin-client";
import { startSimulatorServer, type SimulatorServer } from "../simulator/server";

// Simultaneous and repeated submissions to the simulator. Its nNFSe comes from a
// counter in memory (nfse-numbers.ts), seeded from the database the first time
// it sees an issuer, and the NFS-e is recorded by an insert that does nothing on a
// conflict: different DPS of one issuer get distinct consecutive numbers, the
// same DPS sent twice issues one NFS-e and answers E0014 to the other without
// costing a number, an issued DPS answers E0014 before any later rule, and a
// number another simulator process took (same database) is skipped, not repeated.

let simulator: SimulatorServer;
let client: SefinNacionalClient;

beforeAll(async () => {
  simulator = await startSimulatorServer({ port: 0 });
  client = new SefinNacionalClient({ timeoutMs: 15_000, baseUrl: `${simulator.url}/SefinNacional` });
});
afterAll(async () => {
  await simulator.close();
});

function localNow(offsetMs = 0): string {
  return `${new Date(Date.now() - 3 * 3600_000 + offsetMs).toISOString().slice(0, 19)}-03:00`;
}

function signedDps(cnpj: string, number: number, issuedAt = localNow()): string {
  const input = dpsRegular();
  return buildSignedDps({ ...input, number, issuedAt, competence: localNow().slice(0, 10), provider: { ...input.provider, cnpj } }, testSigningCredentials(cnpj)).xml;
}

/** nNFSe when issued, else the refusal's code. */
async function send(cnpj: string, xml: string): Promise<number | string> {
  const result = await client.submitDps("HOMOLOGATION", xml, testSigningCredentials(cnpj));
  if (result.kind === "authorized") return Number(readNfse(result.nfseXml)!.nNFSe);
  return result.kind === "refused" ? result.code : result.kind;
}

describe("Sefin Nacional simulator: simultaneous submissions", () => {
  it("numbers different DPS of one issuer 1..4 without gaps or repeats", async () => {
    const cnpj = randomCnpj();
    const results = await Promise.all([1, 2, 3, 4].map((n) => client.submitDps("HOMOLOGATION", signedDps(cnpj, n), testSigningCredentials(cnpj))));
    const numbers = results.map((result) => {
      if (result.kind !== "authorized") throw new Error(JSON.stringify(result));
      return Number(readNfse(result.nfseXml)!.nNFSe);
    });
    expect(numbers.sort((a, b) => a - b)).toEqual([1, 2, 3, 4]);
  });

  it("the same DPS sent twice at once: one NFS-e, the other answer E0014", async () => {
    const cnpj = randomCnpj();
    const xml = signedDps(cnpj, 7);
    const results = await Promise.all([xml, xml].map((dps) => client.submitDps("HOMOLOGATION", dps, testSigningCredentials(cnpj))));
    expect(results.map((result) => result.kind).sort()).toEqual(["authorized", "refused"]);
    expect(results.find((result) => result.kind === "refused")).toMatchObject({ code: "E0014" });
  });
});

describe("Sefin Nacional simulator: nNFSe from the counter in memory", () => {
  it("a resent DPS answers E0014 and costs no number, alone or sent twice at once", async () => {
    const cnpj = randomCnpj();
    const first = signedDps(cnpj, 1);
    expect(await send(cnpj, first)).toBe(1);
    expect(await send(cnpj, first)).toBe("E0014");
    expect(await send(cnpj, signedDps(cnpj, 2))).toBe(2);
    const third = signedDps(cnpj, 3);
    expect((await Promise.all([send(cnpj, third), send(cnpj, third)])).sort()).toEqual([3, "E0014"]);
    expect(await send(cnpj, signedDps(cnpj, 4))).toBe(4);
    const rows = await db.simulatorNfse.findMany({ where: { inscription: cnpj }, orderBy: { nNFSe: "asc" } });
    expect(rows.map((row) => row.nNFSe)).toEqual([1, 2, 3, 4]);
  });

  it("an issued DPS resent with a later rule broken answers E0014; a new one breaking it answers the rule", async () => {
    const cnpj = randomCnpj();
    expect(await send(cnpj, signedDps(cnpj, 1))).toBe(1);
    const inAnHour = localNow(3600_000);
    expect(await send(cnpj, signedDps(cnpj, 1, inAnHour))).toBe("E0014");
    expect(await send(cnpj, signedDps(cnpj, 2, inAnHour))).toBe("E0008");
    expect(await send(cnpj, signedDps(cnpj, 2))).toBe(2);
  });

  it("a number another simulator process took is skipped: the insert conflicts and the counter moves past it", async () => {
    const cnpj = randomCnpj();
    expect(await send(cnpj, signedDps(cnpj, 1))).toBe(1);
    // What a second simulator process on this database would have recorded meanwhile.
    await db.simulatorNfse.create({
      data: { id: randomUUID(), environment: 2, dpsId: `other-process-${randomUUID()}`, accessKey: `other-${randomUUID()}`, inscription: cnpj, nNFSe: 2, status: "AUTHORIZED", nfseXml: "<NFSe/>" },
    });
    expect(await send(cnpj, signedDps(cnpj, 2))).toBe(3);
    expect(await send(cnpj, signedDps(cnpj, 3))).toBe(4);
  });
});
