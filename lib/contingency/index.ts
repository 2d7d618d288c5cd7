// Contingency switching (docs/api-notes/contingency.md). What the emission side calls:
//   findActiveContingency(companyId, model)         — is the model in contingency, and how
//   recordAuthorizerCommunication(companyId, model, ok, { cStat, reason }) — after each call to the authorizer
export { findActiveContingency, type ActiveContingency } from "./active-contingency";
export { recordAuthorizerCommunication, type CommunicationDetail, type CommunicationRecord } from "./communication-failures";
export { enterContingency, type EnterContingencyInput, type EnterContingencyOutcome } from "./enter-contingency";
export { leaveContingency, type LeaveContingencyInput } from "./leave-contingency";
export { applyStatusAnswer, checkCompanyStatusAndSwitch, STATUS_OUTAGE } from "./status-answers";
export { contingencyModeFor, contingencyModeForModel, authorizerLabel, CONTINGENCY_MODELS, type ContingencyModel } from "./contingency-mode";
export { getContingencyOverview, enterContingencyManually, leaveContingencyManually } from "./contingency-state";
