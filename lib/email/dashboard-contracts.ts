import { z } from "zod";
import { asDashboardContract } from "@/lib/contracts/dashboard-contract";
import { defineContract } from "@/lib/contracts/contract";
import { listDocumentEmailsContract, resendDocumentEmailContract } from "./contracts";
import { DocumentEmailPreview, EmailSettingsInput, EmailSettingsResponse } from "./schemas";

// Internal dashboard routes (handleSession): the document page's e-mail panel and the company's e-mail settings.

const documentParams = z.object({ companyId: z.string().min(1), documentId: z.string().min(1).max(64) });

export const dashboardListDocumentEmailsContract = { ...asDashboardContract(listDocumentEmailsContract), path: "/api/dashboard/companies/{companyId}/documents/{documentId}/emails", params: documentParams };
export const dashboardResendDocumentEmailContract = { ...asDashboardContract(resendDocumentEmailContract), path: "/api/dashboard/companies/{companyId}/documents/{documentId}/email", params: documentParams };

export const dashboardDocumentEmailPreviewContract = defineContract({
  method: "GET",
  path: "/api/dashboard/companies/{companyId}/documents/{documentId}/emails/{emailId}",
  summary: "The message as built: subject, plain text and HTML",
  tag: "Dashboard: Fiscal documents",
  scope: null,
  params: documentParams.extend({ emailId: z.string().min(1).max(64) }),
  response: DocumentEmailPreview,
  errorStatuses: [404],
});

const companyParams = z.object({ companyId: z.string().min(1) });

export const dashboardGetEmailSettingsContract = defineContract({
  method: "GET",
  path: "/api/dashboard/companies/{companyId}/settings/email",
  summary: "The company's e-mail settings (the SMTP password write-only)",
  tag: "Dashboard: settings",
  scope: null,
  params: companyParams,
  response: EmailSettingsResponse,
});

export const dashboardUpdateEmailSettingsContract = defineContract({
  method: "PATCH",
  path: "/api/dashboard/companies/{companyId}/settings/email",
  summary: "Update any subset of the e-mail settings; the SMTP password is sealed at rest",
  tag: "Dashboard: settings",
  scope: null,
  params: companyParams,
  body: EmailSettingsInput,
  response: EmailSettingsResponse,
  errorStatuses: [400],
});
