import { describe, expect, it } from "vitest";
import { formatFirstStartBanner } from "./first-start-banner";

describe("first-start banner", () => {
  it("prints the dashboard login, tenant id, company id and API key with a first call to try", () => {
    const banner = formatFirstStartBanner(
      { tenantId: "tenant-1", companyId: "company-1", email: "admin@demo.local", password: "pw-1", apiKey: "fsk_abc" },
      "http://localhost:3000",
    );
    expect(banner).toContain("Dashboard:  http://localhost:3000  email admin@demo.local  password pw-1");
    expect(banner).toContain("Tenant id:  tenant-1");
    expect(banner).toContain("Company id: company-1");
    expect(banner).toContain("API key:    fsk_abc");
    expect(banner).toContain(`curl -H "Authorization: Bearer fsk_abc" "http://localhost:3000/v1/fiscal-documents?environment=HOMOLOGATION"`);
  });
});
