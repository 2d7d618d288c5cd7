import { inngest } from "@/lib/jobs/inngest-client";
import { autoInutilizeSeries, listAutoInutilizationTargets } from "@/lib/inutilizations/auto-inutilize";
import { AUTO_INUTILIZATION_FUNCTION_ID } from "@/lib/inutilizations/auto-timer";
import { warnPendingGaps } from "@/lib/inutilizations/gap-warning";

/**
 * With Inngest: every hour, each series that opted in has its confirmed gaps inutilized (one
 * memoized step per series, so a retry does not repeat a finished series), then companies with
 * gaps of an earlier month and no automatic inutilization are warned from the 5th
 * (numbering.gaps_pending). The local driver runs the same calls on a timer
 * (lib/inutilizations/auto-timer.ts). Every step is idempotent with its state in PostgreSQL.
 */
export const autoInutilizeGapsFunction = inngest.createFunction(
  { id: AUTO_INUTILIZATION_FUNCTION_ID, name: "Automatic inutilization of confirmed gaps", triggers: [{ cron: "TZ=America/Sao_Paulo 40 * * * *" }], retries: 2, concurrency: { limit: 1 } },
  async ({ step }) => {
    const targets = await step.run("targets", () => listAutoInutilizationTargets());
    let requested = 0;
    for (const target of targets) {
      const report = await step.run(`inutilize-${target.companyId}-${target.environment}-${target.model}-${target.series}`, () => autoInutilizeSeries(target));
      requested += report.outcomes.length;
    }
    const warned = await step.run("warn", () => warnPendingGaps());
    return { series: targets.length, requested, warned };
  },
);
