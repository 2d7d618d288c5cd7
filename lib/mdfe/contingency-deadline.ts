import { transmissionDeadlineAt } from "@/lib/contingency/state-contingency-table";
import { db } from "@/lib/db/client";
import { DEADLINE_WARNING_SHARE, type ContingencyDeadline } from "@/lib/emission/contingency/deadline-warnings";
import { recordManifestOutcome } from "./outcomes";

// The transmission deadline of an MDF-e issued in contingência off-line (tpEmis 2), watched as the
// NF-e/NFC-e's are (lib/emission/contingency/deadline-warnings.ts): it must reach the SVRS within
// 168 hours of dhEmi (state-contingency-table.ts, MDF-e row; MOC MDF-e 3.00a / Ajuste SINIEF 21/10),
// after which the SVRS refuses it (228, docs/api-notes/mdfe.md). At 75 % of it a webhook
// transport_manifest.contingency_deadline warns, once per manifest, with the deadline, and the
// dashboard's banner lists it. Checked by every round of the transmission run, which runs while any
// such manifest waits.

const MDFE_MODEL = 58;

/** When a manifest issued offline must be transmitted by, and when to warn (75 % of the time from dhEmi). */
export function manifestContingencyDeadline(issuedAt: Date, issuerUf: string): ContingencyDeadline | null {
  const deadlineAt = transmissionDeadlineAt(issuerUf, MDFE_MODEL, "OFFLINE", issuedAt, issuedAt);
  if (!deadlineAt) return null;
  const issued = issuedAt.getTime();
  return { deadlineAt, warnAt: new Date(issued + (deadlineAt.getTime() - issued) * DEADLINE_WARNING_SHARE) };
}

/** Warns (transport_manifest.contingency_deadline) for each CONTINGENCY manifest of the company past 75 % of its deadline; the number warned now. */
export async function warnManifestContingencyDeadlines(input: { companyId: string; environment: "PRODUCTION" | "HOMOLOGATION" }, now = new Date()): Promise<number> {
  const company = await db.company.findFirstOrThrow({ where: { id: input.companyId }, select: { state: true } });
  const pending = await db.transportManifest.findMany({
    where: { companyId: input.companyId, environment: input.environment, status: "CONTINGENCY", contingencyDeadlineWarnedAt: null },
    orderBy: { issuedAt: "asc" },
    take: 500,
  });
  let warned = 0;
  for (const manifest of pending) {
    const deadline = manifestContingencyDeadline(manifest.issuedAt, company.state);
    if (!deadline || deadline.warnAt > now) continue;
    // The mark and its outcome in one transaction; a manifest marked meanwhile (a replay, or sent) is skipped.
    warned += await db.$transaction(async (tx) => {
      const marked = await tx.transportManifest.updateMany({ where: { id: manifest.id, companyId: input.companyId, status: "CONTINGENCY", contingencyDeadlineWarnedAt: null }, data: { contingencyDeadlineWarnedAt: now } });
      if (marked.count === 0) return 0;
      await recordManifestOutcome(tx, "transport_manifest.contingency_deadline", manifest, { data: { deadlineAt: deadline.deadlineAt.toISOString(), overdue: deadline.deadlineAt <= now } });
      return 1;
    });
  }
  return warned;
}

export type ManifestDeadlineAtRisk = { id: string; series: number; number: number; deadlineAt: Date };

/**
 * The company's manifests issued offline, still not transmitted, already warned about (past 75 % of
 * their deadline): the dashboard's contingency banner names them. Soonest deadline first.
 */
export async function manifestContingencyDeadlinesAtRisk(companyId: string, limit = 5): Promise<{ total: number; manifests: ManifestDeadlineAtRisk[] }> {
  const where = { companyId, status: "CONTINGENCY" as const, contingencyDeadlineWarnedAt: { not: null } };
  const [total, rows, company] = await Promise.all([
    db.transportManifest.count({ where }),
    db.transportManifest.findMany({ where, orderBy: { issuedAt: "asc" }, take: limit, select: { id: true, series: true, number: true, issuedAt: true } }),
    db.company.findFirstOrThrow({ where: { id: companyId }, select: { state: true } }),
  ]);
  const manifests = rows.flatMap((m) => {
    const deadline = manifestContingencyDeadline(m.issuedAt, company.state);
    return deadline ? [{ id: m.id, series: m.series, number: m.number, deadlineAt: deadline.deadlineAt }] : [];
  });
  return { total, manifests };
}
