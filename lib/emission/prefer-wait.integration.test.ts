import { describe, expect, it } from "vitest";
import { POST as emit } from "@/app/v1/fiscal-documents/[id]/emit/route";
import { POST as create } from "@/app/v1/fiscal-documents/route";
import { call } from "@/test/http";
import { db } from "@/test/factories";
import { createDraft, draftBody } from "./testing/emission-fixtures";
import { simulatorCompanyFixture } from "./testing/simulator-company-fixture";
import { whileWorking } from "./testing/while-working";

// "An answer in the same call": the request waits for the outcome that the
// background run records, whichever process runs it (here a worker loop
// beside the request, draining the company's due runs against the simulator).

const fixture = simulatorCompanyFixture();


describe("Prefer: wait on emission", () => {
  it("create with emit answers 201 AUTHORIZED in one call, with Preference-Applied", async () => {
    const { companyId, key } = fixture.company;
    const started = Date.now();
    const res = await whileWorking(companyId, call(create, { method: "POST", path: "/v1/fiscal-documents", key, headers: { prefer: "wait=10" }, body: draftBody({ emit: true }) }));
    expect(res.status).toBe(201);
    expect(res.headers.get("preference-applied")).toBe("wait=10");
    expect(res.body).toMatchObject({ status: "AUTHORIZED", accessKey: expect.stringMatching(/^\d{44}$/), runId: expect.any(String), authorizationDate: expect.any(String) });
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it("emit answers 200 with the outcome when it arrives, the usual 202 when the wait passes first", async () => {
    const { companyId, key } = fixture.company;
    const draft = await createDraft(companyId);
    const path = `/v1/fiscal-documents/${draft.id}/emit`;
    const settled = await whileWorking(companyId, call(emit, { method: "POST", path, key, params: { id: draft.id }, headers: { prefer: "wait=10" } }));
    expect([settled.status, settled.headers.get("preference-applied")]).toEqual([200, "wait=10"]);
    expect(settled.body).toMatchObject({ documentId: draft.id, status: "AUTHORIZED", runId: expect.any(String) });
    // The settled document as create answers it: its key, number and protocol date, in the same call.
    const stored = await db.fiscalDocument.findUniqueOrThrow({ where: { id: draft.id } });
    expect(settled.body).toMatchObject({ id: draft.id, number: stored.number, accessKey: stored.accessKey, authorizationDate: stored.authorizationDate!.toISOString() });

    // Nobody runs the queue: after one second the answer is the usual one, still PROCESSING.
    const other = await createDraft(companyId);
    const started = Date.now();
    const queued = await call(emit, { method: "POST", path: `/v1/fiscal-documents/${other.id}/emit`, key, params: { id: other.id }, headers: { prefer: "wait=1" } });
    expect([queued.status, queued.headers.get("preference-applied"), queued.body.status]).toEqual([202, "wait=1", "PROCESSING"]);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
    // Without the preference nothing waits.
    const created = await call(create, { method: "POST", path: "/v1/fiscal-documents", key, body: draftBody({ emit: true }) });
    expect([created.status, created.headers.get("preference-applied"), created.body.status]).toEqual([201, null, "PROCESSING"]);
  });
});
