import { defineContract } from "@/lib/api/contract";
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
    "Validates, calls the tax authority and returns its protocol. 422 inutilization_range_in_use when an authorized, cancelled or processing document (or an authorized inutilization) uses a number of the range; 422 authority_rejected (\"cStat - xMotivo\") when the authority refuses (the record stays REJECTED); 503 authority_unavailable when it cannot be reached (the record stays PENDING; sending the same range again completes it).",
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
