import { db, type DbClient } from "@/lib/db/client";
import { notFound } from "@/lib/errors";
import { findActiveContingency, type ActiveContingency } from "./active-contingency";
import { authorizerLabel, type ContingencyModel } from "./contingency-mode";
import { enterContingency } from "./enter-contingency";
import { leaveContingency } from "./leave-contingency";
import type { ContingencyOverview, ContingencyState, EnterContingencyBody } from "./schemas";

function toState(model: ContingencyModel, active: ActiveContingency | null): ContingencyState {
  return {
    model: String(model) as "55" | "58" | "65",
    active: active !== null,
    mode: active?.mode ?? null,
    since: active?.since.toISOString() ?? null,
    reason: active?.reason ?? null,
    automatic: active?.automatic ?? null,
  };
}

async function assertCompany(companyId: string, client: DbClient): Promise<void> {
  if (!(await client.company.findFirst({ where: { id: companyId }, select: { id: true } }))) throw notFound("Company");
}

/** GET /v1/contingency: each model's contingency. */
export async function getContingencyOverview(companyId: string, client: DbClient = db): Promise<ContingencyOverview> {
  await assertCompany(companyId, client);
  const [nfe, mdfe, nfce] = await Promise.all([findActiveContingency(companyId, 55, client), findActiveContingency(companyId, 58, client), findActiveContingency(companyId, 65, client)]);
  return { "55": toState(55, nfe), "58": toState(58, mdfe), "65": toState(65, nfce) };
}

/** POST /v1/contingency: enters by hand (left only by hand); an active one is answered as it is. */
export async function enterContingencyManually(companyId: string, body: EnterContingencyBody, client: DbClient = db): Promise<ContingencyState> {
  const model = Number(body.model) as ContingencyModel;
  const { contingency } = await enterContingency({ companyId, model, reason: body.justification, automatic: false }, client);
  return toState(model, contingency);
}

/** DELETE /v1/contingency?model=: leaves it, automatic or not; idempotent. */
export async function leaveContingencyManually(companyId: string, model: "55" | "58" | "65", client: DbClient = db): Promise<ContingencyState> {
  await assertCompany(companyId, client);
  const numeric = Number(model) as ContingencyModel;
  await leaveContingency({ companyId, model: numeric, reason: "Encerrada manualmente" }, client);
  return toState(numeric, null);
}

export type ContingencyBanner = ActiveContingency & { authority: string };

/** The company's active contingencies with the authorizer as people name it (the dashboard's banner, on every page: one query). */
export async function activeContingencyBanners(companyId: string, client: DbClient = db): Promise<ContingencyBanner[]> {
  const rows = await client.companyContingency.findMany({ where: { companyId, endedAt: null }, orderBy: { model: "asc" }, include: { company: { select: { state: true } } } });
  return rows.map((row) => {
    const model = row.model as ContingencyModel;
    return { id: row.id, model, mode: row.mode, since: row.since, reason: row.reason, automatic: row.automatic, svcUnavailableAt: row.svcUnavailableAt, authority: authorizerLabel(row.company.state, model) };
  });
}
