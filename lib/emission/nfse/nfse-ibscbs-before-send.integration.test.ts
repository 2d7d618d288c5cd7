import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as getDetail } from "@/app/v1/fiscal-documents/[id]/route";
import { GET as getXml } from "@/app/v1/fiscal-documents/[id]/xml/route";
import { POST as create } from "@/app/v1/fiscal-documents/route";
import { functions } from "@/inngest";
import type { SimulatorServer } from "@/lib/authority/simulator";
import { drainDueRuns } from "@/lib/jobs/local-worker";
import { call } from "@/test/http";
import { startTestSimulator } from "../testing/emission-fixtures";
import { createNfseCompany, nfseBody } from "./testing";

// Issue 48 item 5: the national NFS-e's IBS/CBS rules in force since 03/08/2026 for the regular regime
// (lib/fiscal/nfse/ibscbs-rules.ts) are checked before sending, with Sefin's code and text, on the
// DPS we would send; what passes them is authorized by the simulator, which applies the same rules.
// Documents are issued now (December 2026): the rules apply to a não optante's DPS.

let simulator: SimulatorServer;
beforeAll(async () => {
  simulator = await startTestSimulator();
});
afterAll(async () => {
  await simulator?.close();
});

const IBS_CBS = { cst: "000", cClassTrib: "000001" };
const withIbsCbs = (body: Record<string, unknown>) => ({ ...body, items: (body.items as Record<string, unknown>[]).map((item) => ({ ...item, ibsCbs: IBS_CBS })) });

async function issue(company: { key: string; companyId: string }, body: Record<string, unknown>) {
  const created = await call(create, { method: "POST", path: "/v1/fiscal-documents", key: company.key, body: { ...body, emit: true } });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  await drainDueRuns(functions, { companyIds: [company.companyId] });
  const id = (created.body as { id: string }).id;
  return { id, document: (await call(getDetail, { path: `/v1/fiscal-documents/${id}`, key: company.key, params: { id } })).body };
}

describe("NFS-e: the IBS/CBS rules before sending", () => {
  it("a regular-regime DPS with the IBSCBS group goes with cIndOp 100301 and is authorized", async () => {
    const company = await createNfseCompany({ regime: "NORMAL" });
    const { id, document } = await issue(company, withIbsCbs(nfseBody()));
    expect(document).toMatchObject({ status: "AUTHORIZED" });
    const dps = await call(getXml, { path: `/v1/fiscal-documents/${id}/xml?type=signed`, key: company.key, params: { id } });
    expect(dps.text).toContain("<cIndOp>100301</cIndOp>");
    expect(dps.text).toContain("<gIBSCBS><CST>000</CST><cClassTrib>000001</cClassTrib></gIBSCBS>");
  });

  it("refuses before sending, with Sefin's code and text, a taker without address (E0234) and a class not valid on an NFS-e (E0958)", async () => {
    const company = await createNfseCompany({ regime: "NORMAL" });
    const base = nfseBody();
    const { street: _street, number: _number, neighborhood: _neighborhood, zipCode: _zip, ...withoutAddress } = base.client as Record<string, unknown>;
    const noAddress = await issue(company, withIbsCbs({ ...base, client: withoutAddress }));
    expect(noAddress.document).toMatchObject({
      status: "REJECTED",
      rejectionReason: expect.stringMatching(/^E0234 - O endereço do tomador é obrigatório para o indicador de operação informado.*\(Anexo I v1\.01, RN DPS_NFS-e row 258; found before sending\)$/),
    });

    // Another company: the first one's client register now holds the taker without address.
    const wrongClass = await issue(await createNfseCompany({ regime: "NORMAL" }), { ...base, items: (base.items as Record<string, unknown>[]).map((item) => ({ ...item, ibsCbs: { cst: "000", cClassTrib: "000002" } })) });
    expect(wrongClass.document).toMatchObject({ status: "REJECTED", rejectionReason: expect.stringMatching(/^E0958 - cClassTrib para IBS\/CBS incorreto para operação de prestação de serviços\. \(Anexo I v1\.01, RN DPS_NFS-e row 629; found before sending\)$/) });
  });
});
