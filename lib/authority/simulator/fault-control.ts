import type http from "node:http";
import { z } from "zod";
import { AUTHORITY_SERVICES } from "../endpoints";
import { DENIAL_CSTATS } from "./denials";
import { OUTAGE_STATUSES, type FaultRegistry, type FaultRule } from "./faults";

// Fault rules over HTTP, for tests that cannot reach the registry in-process
// (Playwright against the app, whose instrumentation runs the simulator):
//   POST   /_simulator/faults       body: a FaultRule as JSON → 201 { id }
//   DELETE /_simulator/faults       → 204, removes every rule
//   DELETE /_simulator/faults/{id}  → 204, or 404
// The simulator listens on loopback only, like everything else it serves.

export const CONTROL_PREFIX = "/_simulator/faults";

const FaultRuleSchema = z.object({
  service: z.enum(AUTHORITY_SERVICES as [string, ...string[]]).optional(),
  accessKey: z.string().regex(/^[0-9]{6}[0-9A-Z]{12}[0-9]{26}$/).optional(),
  cnpj: z.string().regex(/^[0-9A-Z]{12}[0-9]{2}$/).optional(),
  series: z.number().int().min(0).max(999).optional(),
  authorizer: z.string().regex(/^[A-Za-z]{2,5}(-[A-Za-z]{2})?$/).optional(),
  document: z.string().regex(/^([0-9A-Z]{12}[0-9]{2}|[0-9]{11})$/).optional(),
  times: z.number().int().min(1).optional(),
  action: z.discriminatedUnion("kind", [
    z.object({ kind: z.literal("reject"), cStat: z.string().regex(/^\d{3,4}$/), reason: z.string().max(255).optional() }),
    z.object({ kind: z.literal("unavailable") }),
    z.object({ kind: z.literal("http_500") }),
    z.object({ kind: z.literal("delay"), ms: z.number().int().min(1).max(600_000), beforeProcessing: z.boolean().optional() }),
    z.object({ kind: z.literal("async") }),
    z.object({ kind: z.literal("deny"), cStat: z.enum(DENIAL_CSTATS) }),
    z.object({ kind: z.literal("receipt_not_found") }),
    z.object({ kind: z.literal("consult_without_protnfe") }),
    z.object({ kind: z.literal("ult_nsu_656"), ultNSU: z.string().regex(/^\d{1,15}$/) }),
    z.object({ kind: z.literal("outage"), status: z.enum(OUTAGE_STATUSES).optional() }),
    z.object({ kind: z.literal("taxpayer_inactive") }),
  ]),
});

function json(response: http.ServerResponse, status: number, body?: unknown): void {
  response.writeHead(status, body === undefined ? {} : { "Content-Type": "application/json" });
  response.end(body === undefined ? undefined : JSON.stringify(body));
}

/** Handles a control request; `body` is the raw request body. */
export function handleFaultControl(faults: FaultRegistry, method: string, pathname: string, body: string, response: http.ServerResponse): void {
  const id = pathname.slice(CONTROL_PREFIX.length + 1);
  if (method === "POST" && pathname === CONTROL_PREFIX) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(body);
    } catch {
      return json(response, 400, { error: "malformed JSON" });
    }
    const rule = FaultRuleSchema.safeParse(parsed);
    if (!rule.success) return json(response, 400, { error: rule.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ") });
    return json(response, 201, { id: faults.addWithId(rule.data as FaultRule) });
  }
  if (method === "DELETE" && pathname === CONTROL_PREFIX) {
    faults.clear();
    return json(response, 204);
  }
  if (method === "DELETE" && /^\d+$/.test(id)) return json(response, faults.remove(Number(id)) ? 204 : 404);
  return json(response, 405, { error: "POST or DELETE" });
}
