import type http from "node:http";
import { z } from "zod";
import type { SefinFaultRegistry, SefinFaultRule } from "./faults";
import { NFSE_ACCESS_KEY_PATTERN } from "@/lib/fiscal/nfse/access-key";

// Sefin Nacional fault rules over HTTP, for tests that cannot reach the
// registry in-process (Playwright against the app's simulator):
//   POST   /_simulator/sefin-faults   body: a SefinFaultRule as JSON → 201
//   DELETE /_simulator/sefin-faults   → 204, removes every rule

export const SEFIN_CONTROL_PATH = "/_simulator/sefin-faults";

const RuleSchema = z.object({
  route: z.enum(["submit", "dps", "nfse", "event", "event_lookup"]).optional(),
  dpsId: z.string().regex(/^DPS\d{7}(?:1\d{14}|2[0-9A-Z]{14})\d{20}$/).optional(),
  accessKey: z.string().regex(NFSE_ACCESS_KEY_PATTERN).optional(),
  cnpj: z.string().regex(/^[0-9A-Z]{12}\d{2}$/).optional(),
  times: z.number().int().min(1).optional(),
  action: z.discriminatedUnion("kind", [
    z.object({ kind: z.literal("reject"), code: z.string().regex(/^[A-Z]{1,4}\d{3,4}$/), description: z.string().max(500).optional(), status: z.number().int().min(400).max(499).optional() }),
    z.object({ kind: z.literal("http_500") }),
    z.object({ kind: z.literal("delay"), ms: z.number().int().min(1).max(600_000), beforeProcessing: z.boolean().optional() }),
    z.object({ kind: z.literal("event_lookup_swagger") }),
  ]),
});

function reply(response: http.ServerResponse, status: number, body?: unknown): void {
  response.writeHead(status, body === undefined ? {} : { "Content-Type": "application/json" });
  response.end(body === undefined ? undefined : JSON.stringify(body));
}

export function handleSefinFaultControl(faults: SefinFaultRegistry, method: string, body: string, response: http.ServerResponse): void {
  if (method === "DELETE") {
    faults.clear();
    return reply(response, 204);
  }
  if (method !== "POST") return reply(response, 405, { error: "POST or DELETE" });
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return reply(response, 400, { error: "malformed JSON" });
  }
  const rule = RuleSchema.safeParse(parsed);
  if (!rule.success) return reply(response, 400, { error: rule.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ") });
  faults.add(rule.data as SefinFaultRule);
  return reply(response, 201, { added: true });
}
