import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomCnpj } from "@/lib/br";
import { buildSignedDps, readNfse } from "@/lib/fiscal/nfse";
import { dpsRegular } from "@/lib/fiscal/nfse/test-support/golden-dps";
import { testSigningCredentials } from "@/lib/fiscal/nfe/test-support/test-credentials";
import { SefinNacionalClient } from "../sefin-client";
import { startSimulatorServer, type SimulatorServer } from "../simulator/server";

// Simultaneous submissions to the simulator (its nNFSe is read before the NFS-e
// is built and signed, and recorded by an insert that does nothing on a
// conflict): different DPS of one issuer get distinct consecutive numbers, and
// the same DPS sent twice at once issues one NFS-e and answers E0014 to the other.

let simulator: SimulatorServer;
let client: SefinNacionalClient;

beforeAll(async () => {
  simulator = await startSimulatorServer({ port: 0 });
  client = new SefinNacionalClient({ timeoutMs: 15_000, baseUrl: `${simulator.url}/SefinNacional` });
});
afterAll(async () => {
  await simulator.close();
});

function signedDps(cnpj: string, number: number): string {
  const now = new Date(Date.now() - 3 * 3600_000).toISOString().slice(0, 19);
  const input = dpsRegular();
  return buildSignedDps({ ...input, number, issuedAt: `${now}-03:00`, competence: now.slice(0, 10), provider: { ...input.provider, cnpj } }, testSigningCredentials(cnpj)).xml;
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
