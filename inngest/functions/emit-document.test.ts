import { InngestTestEngine } from "@inngest/test";
import { describe, expect, it } from "vitest";
import { EMIT_DOCUMENT_EVENT } from "@/lib/emission/events";
import { EMISSION_SEND_ATTEMPTS } from "@/lib/emission/limits";
import { emitDocumentFunction } from "./emit-document";

// Orchestration only: every step is mocked, so these check which lib call the
// function makes next for each outcome (the steps themselves are exercised
// against PostgreSQL and the simulator in lib/emission's integration tests).
const data = { companyId: "c1", documentId: "d1", runId: "r1", concurrencyKey: "c1:55:1:HOMOLOGATION" };
const events = [{ name: EMIT_DOCUMENT_EVENT, data }] as [{ name: string; data: typeof data }];
const numbered = { kind: "numbered", series: 1, number: 7, accessKey: "3".repeat(44), reused: false };
const prepared = { kind: "prepared", bytes: 1000 };
const granted = { kind: "authorized", cStat: "100", reason: "Autorizado o uso da NF-e", protocol: "135260000000001", authorizedAt: "2026-11-21T10:00:00-03:00", protNFeXml: "<protNFe/>", via: "authorize" };
const settled = (status: string) => ({ kind: "settled", status });

function stepIds(ctx: { step: { run: { mock: { calls: unknown[][] } } } }) {
  return ctx.step.run.mock.calls.map((call) => call[0]);
}

describe("emit-document function", () => {
  it("rejects an event without the run fields", async () => {
    const t = new InngestTestEngine({ function: emitDocumentFunction, events: [{ name: EMIT_DOCUMENT_EVENT, data: { documentId: "d1" } }] });
    const { error } = await t.execute();
    expect(String((error as Error)?.message ?? error)).toMatch(/companyId|runId/);
  });

  it("numbers, prepares, sends and records the authorization", async () => {
    const t = new InngestTestEngine({
      function: emitDocumentFunction,
      events,
      steps: [
        { id: "assign-number", handler: () => numbered },
        { id: "prepare-signed-xml", handler: () => prepared },
        { id: "send-1", handler: () => granted },
        { id: "record-authorization", handler: () => settled("AUTHORIZED") },
      ],
    });
    const { result, ctx } = await t.execute();
    expect(result).toEqual(settled("AUTHORIZED"));
    expect(stepIds(ctx as never)).toEqual(["assign-number", "prepare-signed-xml", "send-1", "record-authorization"]);
  });

  it("records a rejection without sending when the XML fails the schema", async () => {
    const t = new InngestTestEngine({
      function: emitDocumentFunction,
      events,
      steps: [
        { id: "assign-number", handler: () => numbered },
        { id: "prepare-signed-xml", handler: () => ({ kind: "refused", code: "schema_validation_failed", reason: "Element vBC" }) },
        { id: "record-rejection", handler: () => settled("REJECTED") },
      ],
    });
    const { result, ctx } = await t.execute();
    expect(result).toEqual(settled("REJECTED"));
    expect(stepIds(ctx as never)).not.toContain("send-1");
  });

  it("after a communication failure goes back to DRAFT, sleeps, resumes and sends again", async () => {
    const t = new InngestTestEngine({
      function: emitDocumentFunction,
      events,
      steps: [
        { id: "assign-number", handler: () => numbered },
        { id: "prepare-signed-xml", handler: () => prepared },
        { id: "send-1", handler: () => ({ kind: "communication_failure", reason: "timeout" }) },
        { id: "return-to-draft-1", handler: () => settled("DRAFT") },
        { id: "backoff-2", handler: () => undefined },
        { id: "resume-2", handler: () => settled("PROCESSING") },
        { id: "send-2", handler: () => ({ ...granted, via: "consult" }) },
        { id: "record-authorization", handler: () => settled("AUTHORIZED") },
      ],
    });
    const { result, ctx } = await t.execute();
    expect(result).toEqual(settled("AUTHORIZED"));
    expect(stepIds(ctx as never)).toEqual(["assign-number", "prepare-signed-xml", "send-1", "return-to-draft-1", "resume-2", "send-2", "record-authorization"]);
    expect((ctx as unknown as { step: { sleep: { mock: { calls: unknown[][] } } } }).step.sleep.mock.calls[0]?.[0]).toBe("backoff-2");
  });

  it("rejects once every send failed to communicate", async () => {
    const steps: { id: string; handler: () => unknown }[] = [
      { id: "assign-number", handler: () => numbered },
      { id: "prepare-signed-xml", handler: () => prepared },
    ];
    for (let attempt = 1; attempt <= EMISSION_SEND_ATTEMPTS; attempt++) {
      if (attempt > 1) steps.push({ id: `backoff-${attempt}`, handler: () => undefined }, { id: `resume-${attempt}`, handler: () => settled("PROCESSING") });
      steps.push({ id: `send-${attempt}`, handler: () => ({ kind: "communication_failure", reason: "timeout" }) });
      if (attempt < EMISSION_SEND_ATTEMPTS) steps.push({ id: `return-to-draft-${attempt}`, handler: () => settled("DRAFT") });
    }
    steps.push({ id: "record-rejection", handler: () => settled("REJECTED") });
    const t = new InngestTestEngine({ function: emitDocumentFunction, events, steps });
    const { result, ctx } = await t.execute();
    expect(result).toEqual(settled("REJECTED"));
    const call = (ctx as never as { step: { run: { mock: { calls: unknown[][] } } } }).step.run.mock.calls.find((c) => c[0] === "record-rejection");
    expect(call).toBeDefined();
    expect(stepIds(ctx as never).filter((id) => String(id).startsWith("send-"))).toHaveLength(EMISSION_SEND_ATTEMPTS);
  });

  it("stops when another run took the document over", async () => {
    const t = new InngestTestEngine({
      function: emitDocumentFunction,
      events,
      steps: [{ id: "assign-number", handler: () => ({ kind: "superseded", status: "not this run's" }) }],
    });
    const { result, ctx } = await t.execute();
    expect(result).toMatchObject({ kind: "superseded" });
    expect(stepIds(ctx as never)).toEqual(["assign-number"]);
  });
});
