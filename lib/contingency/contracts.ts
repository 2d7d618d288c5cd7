import { defineContract } from "@/lib/contracts/contract";
import { ContingencyOverview, ContingencyState, EnterContingencyBody, LeaveContingencyQuery } from "./schemas";

const TAG = "Contingency";

export const getContingencyContract = defineContract({
  method: "GET",
  path: "/v1/contingency",
  summary: "The company's contingency per model (55 NF-e, 65 NFC-e)",
  description:
    "For each model: whether documents are issued in contingency, its mode (OFFLINE for NFC-e, SVC_AN or SVC_RS for NF-e per the state's SVC table), since when, its reason (the xJust written into the documents) and whether the platform entered it by itself. Automatic entry: the authorizer's status service answering 108/109, or CONTINGENCY_FAILURE_THRESHOLD consecutive communication failures within CONTINGENCY_FAILURE_WINDOW_SECONDS (off when the company's contingencyAutomatic is false); an automatic contingency ends by itself when the status service answers 107 again.",
  tag: TAG,
  scope: "documents:read",
  response: ContingencyOverview,
});

export const enterContingencyContract = defineContract({
  method: "POST",
  path: "/v1/contingency",
  summary: "Enter contingency by hand for a model",
  description:
    "Starts issuing the model's documents in contingency with this justification (15–256 characters, the documents' xJust). A contingency entered by hand ends only by hand (DELETE). Idempotent: when one is already active it is answered unchanged.",
  tag: TAG,
  scope: "documents:write",
  body: EnterContingencyBody,
  response: ContingencyState,
  errorStatuses: [404],
});

export const leaveContingencyContract = defineContract({
  method: "DELETE",
  path: "/v1/contingency",
  summary: "Leave contingency for a model",
  description: "Ends the model's contingency, automatic or manual; documents are issued normally again. Idempotent: answers the inactive state when none was active.",
  tag: TAG,
  scope: "documents:write",
  query: LeaveContingencyQuery,
  response: ContingencyState,
  errorStatuses: [404],
});

export const contingencyContracts = [getContingencyContract, enterContingencyContract, leaveContingencyContract];
