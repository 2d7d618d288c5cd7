import { setUpDemoCompany } from "@/lib/companies/setup-demo-company";
import { registerDemoStep } from "./seed-demo";

// The demo company seeded at first start gets every fiscal setting and a test
// certificate, so it can emit in HOMOLOGATION against the built-in simulator.
// Registered first: other demo steps (documents) rely on it.
registerDemoStep(async (companyId) => {
  await setUpDemoCompany(companyId);
});
