import { z } from "zod";
import { inngest } from "@/lib/jobs/inngest-client";
import { mailExportToAccountant } from "@/lib/exports/accountant-mail";
import { buildExport, failExport } from "@/lib/exports/build-export";
import { BUILD_EXPORT_EVENT, BUILD_EXPORT_FUNCTION_ID } from "@/lib/exports/config";

const BuildExportEventData = z.object({ companyId: z.string(), exportId: z.string() });

/**
 * An export for the accountant (POST /v1/exports, or the monthly run): the ZIP in one
 * step (a retry after a crash builds it again into a new file; the row keeps the
 * progress), then, for the monthly export, the e-mail with its signed link, once.
 * One export per company builds at a time.
 */
export const buildExportFunction = inngest.createFunction(
  {
    id: BUILD_EXPORT_FUNCTION_ID,
    name: "Build an export for the accountant",
    triggers: [{ event: BUILD_EXPORT_EVENT }],
    concurrency: [{ key: "event.data.companyId", limit: 1 }],
    retries: 2,
    onFailure: async ({ event, error, step }) => {
      const data = BuildExportEventData.parse(event.data.event.data);
      await step.run("mark-failed", () => failExport(data.exportId, error.message));
    },
  },
  async ({ event, step }) => {
    const data = BuildExportEventData.parse(event.data);
    const built = await step.run("build-zip", () => buildExport(data.exportId));
    if (built.status === "READY") await step.run("mail-accountant", () => mailExportToAccountant(data.exportId));
    return built;
  },
);
