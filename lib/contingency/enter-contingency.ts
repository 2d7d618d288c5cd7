import { randomUUID } from "node:crypto";
import { Prisma } from "@prisma/client";
import { env } from "@/lib/config/env";
import { db, type DbClient } from "@/lib/db/client";
import { utc } from "@/lib/db/sql";
import { withTransaction } from "@/lib/db/with-transaction";
import { notFound } from "@/lib/errors";
import { runRow } from "@/lib/jobs/enqueue-run";
import { findActiveContingency, type ActiveContingency } from "./active-contingency";
import { asJustification, contingencyModeForModel, type AutomaticContingencyModel, type ContingencyModel } from "./contingency-mode";
import { WATCH_CONTINGENCY_EVENT, WATCH_CONTINGENCY_FUNCTION_ID, watchConcurrencyKey } from "./events";

export type EnterContingencyInput = {
  companyId: string;
  model: ContingencyModel;
  /** xJust of the documents issued under it (15–256 characters). */
  reason: string;
  /** Entered by the platform (status 108/109, failures): refused when the company turned automatic entry off, left by itself on 107. */
  automatic: boolean;
};

export type EnterContingencyOutcome = {
  /** False when a contingency was already active (it is returned unchanged) or automatic entry is off. */
  entered: boolean;
  contingency: ActiveContingency | null;
};

/**
 * Enters contingency for the company's model. Idempotent and safe under
 * concurrency: the partial unique index (one row with endedAt null per company
 * and model) lets exactly one of simultaneous entries insert; the others get
 * the active one. An automatic entry queues, in the same transaction, the run
 * that watches the status service and leaves it on 107.
 */
export async function enterContingency(input: EnterContingencyInput, client: DbClient = db): Promise<EnterContingencyOutcome> {
  const { companyId, model, automatic } = input;
  const reason = asJustification(input.reason);
  return withTransaction(client, async (tx) => {
    const company = await tx.company.findFirst({ where: { id: companyId }, select: { state: true, contingencyAutomatic: true } });
    if (!company) throw notFound("Company");
    // The MDF-e's contingency is the issuer's decision alone (docs/api-notes/mdfe.md): never entered automatically.
    if (automatic && (!company.contingencyAutomatic || model === 58)) return { entered: false, contingency: await findActiveContingency(companyId, model, tx) };
    const id = randomUUID();
    const mode = contingencyModeForModel(company.state, model);
    // The state's law allows no contingency this platform issues for the model today: nothing to enter.
    if (!mode) return { entered: false, contingency: await findActiveContingency(companyId, model, tx) };
    const inserted = await tx.$queryRaw<{ id: string }[]>`
      INSERT INTO "CompanyContingency" ("id", "companyId", "model", "mode", "reason", "automatic", "since")
      VALUES (${id}, ${companyId}, ${model}, ${mode}::"ContingencyMode", ${reason}, ${automatic}, ${utc(new Date())}::timestamp)
      ON CONFLICT ("companyId", "model") WHERE "endedAt" IS NULL DO NOTHING
      RETURNING "id"`;
    const entered = inserted.length === 1;
    if (entered) {
      // A new streak starts after the switch; the failures that caused it are spent.
      await tx.authorizerFailureStreak.deleteMany({ where: { companyId, model } });
      if (automatic && model !== 58) await queueWatch(tx, { companyId, model, contingencyId: id });
    }
    return { entered, contingency: await findActiveContingency(companyId, model, tx) };
  });
}

/** The watch run's row, due one check interval from now (no network inside the transaction). */
export async function queueWatch(client: DbClient, data: { companyId: string; model: AutomaticContingencyModel; contingencyId: string }): Promise<void> {
  const concurrencyKey = watchConcurrencyKey(data.companyId, data.model);
  const run = runRow({
    functionId: WATCH_CONTINGENCY_FUNCTION_ID,
    eventName: WATCH_CONTINGENCY_EVENT,
    data: { ...data, concurrencyKey },
    concurrencyKey,
    companyId: data.companyId,
  });
  const runAt = new Date(Date.now() + env().CONTINGENCY_STATUS_CHECK_SECONDS * 1000);
  await client.backgroundRun.create({ data: { ...run, eventData: run.eventData as Prisma.InputJsonObject, runAt } });
}
