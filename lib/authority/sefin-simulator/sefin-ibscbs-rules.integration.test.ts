import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomCnpj } from "@/lib/br";
import { buildDps, buildSignedDps, type DpsInput } from "@/lib/fiscal/nfse";
import { dpsSimples, dpsWithIbsCbs } from "@/lib/fiscal/nfse/test-support/golden-dps";
import { testSigningCredentials } from "@/lib/fiscal/nfe/test-support/test-credentials";
import { signXml } from "@/lib/fiscal/xml/xml-signature";
import { SefinNacionalClient } from "../sefin-client";
import { startSimulatorServer, type SimulatorServer } from "../simulator/server";

// The national NFS-e's IBS/CBS rules (Anexo I v1.01, lib/fiscal/nfse/ibscbs-rules.ts) in the Sefin
// simulator over HTTP, with real signatures and schema validation: each case breaks one rule of a
// regular-regime DPS issued now (after 03/08/2026) and gets its official code; the same DPS dated
// before 03/08/2026, or from a Simples Nacional provider in 2026, is authorized.

let simulator: SimulatorServer;
let client: SefinNacionalClient;
let nextNumber = 1;

beforeAll(async () => {
  simulator = await startSimulatorServer({ port: 0 });
  client = new SefinNacionalClient({ timeoutMs: 15_000, baseUrl: `${simulator.url}/SefinNacional` });
});
afterAll(async () => {
  await simulator.close();
});

function nowLocal(): string {
  return `${new Date(Date.now() - 3 * 3600_000).toISOString().slice(0, 19)}-03:00`;
}

/** A fresh provider's DPS with the IBSCBS group, issued now unless `issuedAt` says otherwise. */
function fresh(change: (input: DpsInput) => DpsInput = (i) => i, base: () => DpsInput = dpsWithIbsCbs, issuedAt = nowLocal()): { input: DpsInput; cnpj: string } {
  const cnpj = randomCnpj();
  const input = base();
  const ibsCbs = input.ibsCbs ?? dpsWithIbsCbs().ibsCbs;
  return { cnpj, input: change({ ...input, ibsCbs, number: nextNumber++, issuedAt, competence: issuedAt.slice(0, 10), provider: { ...input.provider, cnpj } }) };
}

const withGroup = (input: DpsInput, group: Partial<NonNullable<DpsInput["ibsCbs"]>>): DpsInput => ({ ...input, ibsCbs: { ...input.ibsCbs!, ...group } });

async function submit({ input, cnpj }: { input: DpsInput; cnpj: string }) {
  return client.submitDps("HOMOLOGATION", buildSignedDps(input, testSigningCredentials(cnpj)).xml, testSigningCredentials(cnpj));
}

/** Fields our builder never writes, added before signing as another issuer's software could send them. */
async function resigned({ input, cnpj }: { input: DpsInput; cnpj: string }, change: (xml: string) => string) {
  const xml = change(buildDps(input).xml);
  expect(xml).not.toBe(buildDps(input).xml);
  return client.submitDps("HOMOLOGATION", signXml(xml, testSigningCredentials(cnpj), { tag: "infDPS" }), testSigningCredentials(cnpj));
}

describe("Sefin simulator: the IBS/CBS rules of Anexo I v1.01", () => {
  const cases: Array<[string, string, () => Promise<unknown>]> = [
    ["cIndOp whose place is the taker's, taker without address", "E0234", () => submit(fresh((i) => ({ ...i, taker: { ...i.taker!, address: null } })))],
    ["IBSCBS without cNBS", "E0322", () => submit(fresh((i) => ({ ...i, service: { ...i.service, nbsCode: null } })))],
    ["IBSCBS on a competence before 2026", "E0850", () => submit(fresh((i) => ({ ...i, competence: "2025-12-31" })))],
    ["cIndOp not in Anexo C", "E0901", () => submit(fresh((i) => withGroup(i, { cIndOp: "100399" })))],
    ["tpOper missing for subitem 25.05", "E0903", () => submit(fresh((i) => ({ ...i, service: { ...i.service, nationalCode: "250501", municipalCode: null } })))],
    ["tpOper for an ordinary service", "E0904", () => resigned(fresh(), (xml) => xml.replace("</cIndOp>", "</cIndOp><tpOper>1</tpOper>"))],
    ["real-estate cIndOp without the imovel group", "E0932", () => submit(fresh((i) => withGroup(i, { cIndOp: "020101" })))],
    ["cClassTrib not valid on an NFS-e", "E0958", () => submit(fresh((i) => withGroup(i, { cClassTrib: "000002" })))],
    ["cClassTrib of another CST", "E0959", () => submit(fresh((i) => withGroup(i, { cClassTrib: "200052" })))],
    ["cClassTrib requiring gTribRegular, sent without it", "E0965", () => submit(fresh((i) => withGroup(i, { cst: "550", cClassTrib: "550016" })))],
    ["CST with deferral, sent without gDif", "E0972", () => submit(fresh((i) => withGroup(i, { cst: "515", cClassTrib: "515001" })))],
  ];

  for (const [name, code, run] of cases) {
    it(`${code}: ${name}`, async () => {
      expect(await run()).toMatchObject({ kind: "refused", code });
    });
  }

  it("answers the first broken rule in Anexo I row order (E0234, row 258, before E0958, row 629)", async () => {
    const both = fresh((i) => withGroup({ ...i, taker: { ...i.taker!, address: null } }, { cIndOp: "100301", cClassTrib: "000002" }));
    expect(await submit(both)).toMatchObject({ kind: "refused", code: "E0234" });
  });

  it("authorizes our builder's DPS now, and applies the rules by dhEmi and regime: before 03/08/2026, or a Simples Nacional provider in 2026, the same faults pass", async () => {
    expect(await submit(fresh())).toMatchObject({ kind: "authorized" });
    const realEstate = (i: DpsInput) => withGroup(i, { cIndOp: "020101" });
    expect(await submit(fresh(realEstate, dpsWithIbsCbs, "2026-08-03T00:00:00-03:00"))).toMatchObject({ kind: "refused", code: "E0932" });
    expect(await submit(fresh(realEstate, dpsWithIbsCbs, "2026-08-02T23:59:59-03:00"))).toMatchObject({ kind: "authorized" });
    expect(await submit(fresh(realEstate, dpsSimples))).toMatchObject({ kind: "authorized" });
  });
});
