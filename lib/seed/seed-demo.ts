import { randomBytes } from "node:crypto";
import { createApiKey } from "@/lib/auth/api-keys";
import { SCOPES } from "@/lib/contracts/scopes";
import { createCompany } from "@/lib/companies";
import { db } from "@/lib/db/client";
import { createUser } from "@/lib/users/create-user";

export type DemoCredentials = { tenantId: string; companyId: string; email: string; password: string; apiKey: string };

// Steps other domains add to the demo company (fiscal settings, test certificate, ...).
type DemoStep = (companyId: string) => Promise<void>;
const demoSteps: DemoStep[] = [];
export function registerDemoStep(step: DemoStep): void {
  demoSteps.push(step);
}

/** First start with an empty database: a demo tenant, company, user and API key, printed once. */
export async function seedDemoIfEmpty(): Promise<DemoCredentials | null> {
  if ((await db.tenant.count()) > 0) return null;
  const tenant = await db.tenant.create({ data: { name: "Demo Accounting Office" } });
  const company = await createCompany({
    tenantId: tenant.id,
    legalName: "Empresa Demonstracao Ltda",
    tradeName: "Demo",
    cnpj: "11222333000181",
    state: "SP",
    municipalityCode: "3550308",
    taxRegime: "SIMPLES_NACIONAL",
    environment: "HOMOLOGATION",
  });
  const password = randomBytes(9).toString("base64url");
  const email = "admin@demo.local";
  await createUser({ email, password, tenantId: tenant.id, role: "ADMIN", name: "Demo Admin" });
  const key = await createApiKey({ companyId: company.id, name: "Demo key", scopes: [...SCOPES] });
  for (const step of demoSteps) await step(company.id);
  return { tenantId: tenant.id, companyId: company.id, email, password, apiKey: key.key };
}
