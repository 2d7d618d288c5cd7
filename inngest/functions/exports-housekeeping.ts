import { inngest } from "@/lib/jobs/inngest-client";
import { EXPORTS_HOUSEKEEPING_FUNCTION_ID } from "@/lib/exports/config";
import { runExportHousekeeping } from "@/lib/exports/housekeeping";

/**
 * With Inngest: every hour, expire exports older than 7 days and, on the first days of a
 * month, create the previous month's export for each accountant e-mail. The local driver
 * has no schedules: the web process runs the same call on a timer (lib/exports/housekeeping-timer.ts).
 */
export const exportsHousekeepingFunction = inngest.createFunction(
  { id: EXPORTS_HOUSEKEEPING_FUNCTION_ID, name: "Exports housekeeping", triggers: [{ cron: "TZ=America/Sao_Paulo 5 * * * *" }], retries: 2 },
  async ({ step }) => step.run("housekeeping", () => runExportHousekeeping()),
);
