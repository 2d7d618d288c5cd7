import { defineContract } from "@/lib/contracts/contract";
import {
  CreateInutilizationInput,
  CreateInutilizationResponse,
  InutilizationIdParams,
  InutilizationPage,
  InutilizationRecord,
  ListInutilizationsQuery,
} from "./schemas";

const TAG = "Inutilizations";

export const createInutilizationContract = defineContract({
  method: "POST",
  path: "/v1/fiscal-inutilizations",
  summary: "Declare a range of numbers unused (inutilization, synchronous)",
  description:
    "Validates, calls the tax authority and returns its protocol. 422 inutilization_range_in_use when a document holds a number of the range (authorized, cancelled, processing, waiting for its re-send, or rejected without a final refusal: it may be authorized at the authority) or an authorized inutilization covers it; 422 inutilization_range_not_issued (naming the next number) when the range reaches the series' next number and advanceSeries is not true (with true, the series skips past the range); 422 authority_rejected (\"cStat - xMotivo\") when the authority refuses (the record stays REJECTED); 503 authority_unavailable when it cannot be reached (the record stays PENDING; sending the same range again completes it).",
  tag: TAG,
  scope: "inutilizations:write",
  body: CreateInutilizationInput,
  response: CreateInutilizationResponse,
  errorStatuses: [404, 422, 503],
});

export const listInutilizationsContract = defineContract({
  method: "GET",
  path: "/v1/fiscal-inutilizations",
  summary: "List inutilization records",
  tag: TAG,
  scope: "inutilizations:read",
  query: ListInutilizationsQuery,
  response: InutilizationPage,
});

export const getInutilizationContract = defineContract({
  method: "GET",
  path: "/v1/fiscal-inutilizations/{id}",
  summary: "Get an inutilization record",
  tag: TAG,
  scope: "inutilizations:read",
  params: InutilizationIdParams,
  response: InutilizationRecord,
  errorStatuses: [404],
});

export const inutilizationContracts = [createInutilizationContract, listInutilizationsContract, getInutilizationContract];
