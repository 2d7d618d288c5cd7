import type { DemoCredentials } from "./seed-demo";

/** What the first start prints once: everything a newcomer needs for the dashboard, the API and the CLI. */
export function formatFirstStartBanner(demo: DemoCredentials, baseUrl: string): string {
  return [
    "",
    "First start: demo data created. These credentials are shown only once.",
    `  Dashboard:  ${baseUrl}  email ${demo.email}  password ${demo.password}`,
    `  Tenant id:  ${demo.tenantId}`,
    `  Company id: ${demo.companyId}`,
    `  API key:    ${demo.apiKey}`,
    `  Try:        curl -H "Authorization: Bearer ${demo.apiKey}" "${baseUrl}/v1/fiscal-documents?environment=HOMOLOGATION"`,
    "",
  ].join("\n");
}
