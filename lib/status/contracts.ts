import { defineContract } from "@/lib/contracts/contract";
import { StatusResponse } from "./schemas";

export const statusContract = defineContract({
  method: "GET",
  path: "/v1/status",
  summary: "Service status: authorizers and our own API against its objectives (no API key)",
  tag: "Health",
  scope: null,
  response: StatusResponse,
  description:
    "Public, no API key. Per authorizer, model and environment: the last answer of its status service (condition operational 107, outage 108/109, unreachable when it did not answer, unknown when older than 30 minutes or a 656), the last hour's p50/p99 of our calls to it, companies in contingency and 656 pauses in force (counts only). Our own /v1 API's p50/p99 and 5xx rate over the last hour and day, from this process's counters, each beside its objective (docs/operations.md, Service objectives). Figures are cached for 5 seconds. docs/api-notes/status.md.",
});

export const statusContracts = [statusContract];
