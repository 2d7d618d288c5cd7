import { z } from "zod";

// GET /v1/status (issue 58 item 2; docs/api-notes/status.md). The spec has no status route: these
// shapes are ours.

const Check = z.object({ objective: z.number(), value: z.number().nullable(), met: z.boolean().nullable() });

const ApiWindow = z.object({
  requests: z.number().int(),
  errors: z.number().int(),
  errorRate: z.number().nullable(),
  p50Ms: z.number().nullable(),
  p99Ms: z.number().nullable(),
  objectives: z.object({ p50Ms: Check, p99Ms: Check, errorRate: Check }),
});

export const AuthorizerStatus = z.object({
  authorizer: z.string(),
  model: z.enum(["55", "65"]),
  environment: z.enum(["PRODUCTION", "HOMOLOGATION"]),
  contingencyAuthorizer: z.boolean(),
  condition: z.enum(["operational", "outage", "unreachable", "unknown"]),
  cStat: z.string().nullable(),
  reason: z.string().nullable(),
  checkedAt: z.string().nullable(),
  via: z.enum(["simulator", "sefaz"]).nullable(),
  outageSince: z.string().nullable(),
  lastHour: z.object({ calls: z.number().int(), failures: z.number().int(), p50Ms: z.number().nullable(), p99Ms: z.number().nullable() }),
  companiesInContingency: z.number().int(),
  misusePauses: z.number().int(),
});

export const StatusResponse = z.object({
  generatedAt: z.string(),
  /** Any objective missed over the last hour or day. */
  objectivesMissed: z.boolean(),
  api: z.object({
    /** This process's counters: since when it counts. */
    countingSince: z.string(),
    objectives: z.object({ p50Ms: z.number(), p99Ms: z.number(), errorRate: z.number() }),
    lastHour: ApiWindow,
    lastDay: ApiWindow,
  }),
  authorizers: z.array(AuthorizerStatus),
});
export type StatusResponse = z.infer<typeof StatusResponse>;

/**
 * The data of authority.outage_started and authority.outage_ended (docs/api-notes/status.md): one
 * event per company whose state the authorizer serves, in the company's environment.
 */
export const AuthorityOutageEventData = z.object({
  outageId: z.string(),
  authorizer: z.string(),
  model: z.enum(["55", "65"]),
  environment: z.enum(["PRODUCTION", "HOMOLOGATION"]),
  /** Every state the authorizer serves for the model. */
  states: z.array(z.string()),
  startedAt: z.string(),
  /** Set on outage_ended. */
  endedAt: z.string().nullable(),
  durationSeconds: z.number().int().nullable(),
  /** The status answer that made the transition: 108/109 (or null: no answer) to start, 107 to end. */
  cStat: z.string().nullable(),
  reason: z.string(),
  companyId: z.string(),
  /** The company's state. */
  state: z.string(),
});
export type AuthorityOutageEventData = z.infer<typeof AuthorityOutageEventData>;
