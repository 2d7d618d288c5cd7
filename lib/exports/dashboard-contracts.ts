import { z } from "zod";
import { defineContract } from "@/lib/contracts/contract";
import { asDashboardContract } from "@/lib/contracts/dashboard-contract";
import { createExportContract, downloadExportContract, getExportContract, listExportsContract } from "./contracts";
import { ExportSettings, UpdateExportSettingsInput } from "./schemas";

// The dashboard's "Exportar para a contabilidade" page: the /v1 contracts under the session,
// and the company's export settings (accountant e-mail).

export const dashboardCreateExportContract = asDashboardContract(createExportContract);
export const dashboardListExportsContract = asDashboardContract(listExportsContract);
export const dashboardGetExportContract = asDashboardContract(getExportContract);
export const dashboardDownloadExportContract = asDashboardContract(downloadExportContract);

const params = z.object({ companyId: z.string().min(1) });

export const dashboardGetExportSettingsContract = defineContract({
  method: "GET",
  path: "/api/dashboard/companies/{companyId}/export-settings",
  summary: "The company's export settings (accountant e-mail)",
  tag: "Dashboard: exports",
  scope: null,
  params,
  response: ExportSettings,
});

export const dashboardUpdateExportSettingsContract = defineContract({
  method: "PUT",
  path: "/api/dashboard/companies/{companyId}/export-settings",
  summary: "Set the accountant e-mail that receives each month's ZIP link (null or empty turns it off)",
  tag: "Dashboard: exports",
  scope: null,
  params,
  body: UpdateExportSettingsInput,
  response: ExportSettings,
});
