import type { Environment } from "@prisma/client";
import { createApiKey } from "@/lib/auth/api-keys";
import { createAccountApiKey } from "@/lib/auth/account-api-keys";
import { ACCOUNT_SCOPES, parseScopeList } from "@/lib/contracts/scopes";
import { installTestCertificate, writeTestCertificate } from "@/lib/certificates";
import { createCompany, createDemoCompany } from "@/lib/companies";
import { closeDb, db } from "@/lib/db/client";
import { DomainError } from "@/lib/errors";
import { createUser } from "@/lib/users/create-user";
import { listCnpjConflicts, releaseCnpjReservation, transferCnpjReservation } from "./cnpj-commands";
import { createTenant, listCompanies, listTenants, listUsers } from "./tenancy-commands";

type Flags = Record<string, string | boolean | undefined>;
type Command = (flags: Flags) => Promise<unknown>;

function text(flags: Flags, name: string, required = true): string | undefined {
  const value = flags[name];
  if (typeof value === "string" && value.trim() !== "") return value;
  if (required) throw new Error(`--${name} is required`);
  return undefined;
}

function environmentFlag(flags: Flags): Environment {
  const environment = text(flags, "environment")!.toUpperCase();
  if (environment !== "HOMOLOGATION" && environment !== "PRODUCTION") throw new Error("--environment must be HOMOLOGATION or PRODUCTION");
  return environment;
}

// Commands are registered by resource and action; other modules add theirs (e.g. certificate create-test).
export const commands: Record<string, Record<string, Command>> = {
  tenant: {
    create: async (flags) => createTenant(text(flags, "name")!),
    list: async () => listTenants(),
  },
  company: {
    list: async (flags) => listCompanies(text(flags, "tenant", false)),
    create: async (flags) => {
      // --demo: every fiscal setting filled with test values and a test certificate installed; unset flags get demo values.
      if (flags.demo === true) {
        const { company, certificate } = await createDemoCompany({
          legalName: text(flags, "name", false),
          cnpj: text(flags, "cnpj", false),
          state: text(flags, "state", false),
          municipalityCode: text(flags, "municipality-code", false),
          taxRegime: text(flags, "regime", false) as never,
          tenantId: text(flags, "tenant", false),
        });
        return { ...company, certificate };
      }
      const company = await createCompany({
        legalName: text(flags, "name")!,
        cnpj: text(flags, "cnpj")!,
        state: text(flags, "state")!,
        municipalityCode: text(flags, "municipality-code")!,
        taxRegime: text(flags, "regime")! as never,
        environment: (text(flags, "environment", false) ?? "HOMOLOGATION") as never,
        tenantId: text(flags, "tenant", false),
      });
      return company;
    },
  },
  certificate: {
    // --company: generate and install (--out also writes the file); --cnpj with --out: only the file, for a company not created yet.
    "create-test": async (flags) => {
      const validDays = text(flags, "valid-days", false) ? Number(text(flags, "valid-days", false)) : undefined;
      const cnpj = text(flags, "cnpj", false);
      if (cnpj) {
        if (text(flags, "company", false)) throw new Error("give --company (generate and install) or --cnpj with --out (only write the file), not both");
        return writeTestCertificate({ cnpj, legalName: text(flags, "name", false), validDays, outFile: text(flags, "out")! });
      }
      return installTestCertificate({ companyId: text(flags, "company")!, validDays, outFile: text(flags, "out", false) });
    },
  },
  // Reservations of a CNPJ and environment (issue 49 item 5): list the companies of a CNPJ, release or transfer the reservation.
  cnpj: {
    conflicts: async (flags) => listCnpjConflicts(text(flags, "cnpj")!),
    release: async (flags) => releaseCnpjReservation(text(flags, "cnpj")!, environmentFlag(flags)),
    transfer: async (flags) => transferCnpjReservation(text(flags, "cnpj")!, environmentFlag(flags), text(flags, "to")!),
  },
  "api-key": {
    create: async (flags) => {
      // --tenant: an account key (fsa_…) for the tenant's companies; --company: a company key (fsk_…).
      const tenantId = text(flags, "tenant", false);
      if (tenantId) {
        if (text(flags, "company", false)) throw new Error("give --tenant (an account key) or --company (a company key), not both");
        const scopes = parseScopeList(text(flags, "scopes", false) ?? "all", ACCOUNT_SCOPES);
        const key = await createAccountApiKey({ tenantId, name: text(flags, "name")!, scopes });
        return { id: key.id, key: key.key, tenantId: key.tenantId, scopes: key.scopes };
      }
      const companyId = text(flags, "company")!;
      const company = await db.company.findUnique({ where: { id: companyId } });
      if (!company) throw new Error(`Company ${companyId} not found`);
      const scopes = parseScopeList(text(flags, "scopes", false) ?? "all");
      const key = await createApiKey({ companyId, name: text(flags, "name")!, scopes });
      return { id: key.id, key: key.key, scopes: key.scopes };
    },
  },
  authority: {
    // NFeStatusServico4: --company ID (its state, environment and A1) or --uf UF --environment E [--model 55|65] [--contingency SVC-AN|SVC-RS];
    // --fresh asks the authority now instead of reading an answer younger than 3 minutes (each call counts towards 656).
    status: async (flags) => {
      const { checkServiceStatus } = await import("@/lib/authority/service-status");
      // With a company, its answers also switch its contingency (108/109 enter, 107 ends an automatic one).
      const { checkCompanyStatusAndSwitch } = await import("@/lib/contingency/status-answers");
      const companyId = text(flags, "company", false);
      const maxAgeMs = flags.fresh ? 0 : undefined;
      if (companyId) return checkCompanyStatusAndSwitch(companyId, undefined, { maxAgeMs });
      return checkServiceStatus({
        uf: text(flags, "uf")!.toUpperCase(),
        environment: (text(flags, "environment", false) ?? "HOMOLOGATION") as never,
        model: Number(text(flags, "model", false) ?? "55") as never,
        contingency: text(flags, "contingency", false) as never,
      }, undefined, { maxAgeMs });
    },
    // Every authority the platform calls (authorizer, SVC, AN, Sefin), with TLS and answer in plain words:
    // --company ID, or --uf UF [--model 55|65] [--environment HOMOLOGATION|PRODUCTION].
    check: async (flags) => (await import("./authority-check-command")).authorityCheckCommand(flags),
  },
  user: {
    list: async (flags) => listUsers(text(flags, "tenant", false)),
    create: async (flags) =>
      createUser({
        email: text(flags, "email")!,
        password: text(flags, "password")!,
        tenantId: text(flags, "tenant")!,
        role: (text(flags, "role", false) ?? "ADMIN") as never,
        name: text(flags, "name", false),
      }),
  },
};

export async function runCommand(resource: string | undefined, action: string | undefined, flags: Flags): Promise<unknown> {
  const command = resource && action ? commands[resource]?.[action] : undefined;
  if (!command) {
    const known = Object.entries(commands).flatMap(([r, actions]) => Object.keys(actions).map((a) => `${r} ${a}`));
    throw new Error(`unknown command "${[resource, action].filter(Boolean).join(" ")}". Known: ${known.join(", ")}`);
  }
  try {
    return await command(flags);
  } catch (error) {
    if (error instanceof DomainError) throw new Error(error.message);
    throw error;
  } finally {
    await closeDb().catch(() => undefined);
  }
}
