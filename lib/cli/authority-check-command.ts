import { checkAuthorities, checkCompanyAuthorities, formatAuthorityCheck, type AuthorityCheckItem } from "@/lib/authority/authority-check";
import { startEmbeddedSimulator } from "@/lib/authority/simulator/embedded";
import { usesSimulator } from "@/lib/authority/tax-authority";
import type { AuthorityEnvironment, AuthorityModel } from "@/lib/authority/types";

type Flags = Record<string, string | boolean | undefined>;

const ENVIRONMENTS = ["HOMOLOGATION", "PRODUCTION"] as const;

function option(flags: Flags, name: string): string | undefined {
  const value = flags[name];
  return typeof value === "string" && value.trim() !== "" ? value.trim() : undefined;
}

/**
 * `authority check`: prints the report (JSON items with --json) and sets a
 * non-zero exit code when any check failed, so a deployment script can stop.
 */
export async function authorityCheckCommand(flags: Flags): Promise<string | AuthorityCheckItem[]> {
  const companyId = option(flags, "company");
  const environment = (option(flags, "environment")?.toUpperCase() ?? "HOMOLOGATION") as AuthorityEnvironment;
  if (!companyId && !ENVIRONMENTS.includes(environment)) throw new Error(`--environment must be HOMOLOGATION or PRODUCTION`);
  const model = Number(option(flags, "model") ?? "55");
  if (model !== 55 && model !== 65) throw new Error("--model must be 55 (NF-e) or 65 (NFC-e)");

  // HOMOLOGATION talks to the built-in simulator unless AUTHORITY_MODE=sefaz: start it when no app runs one.
  const simulator = usesSimulator("HOMOLOGATION") ? await startEmbeddedSimulator() : null;
  try {
    let heading: string;
    let items: AuthorityCheckItem[];
    if (companyId) {
      ({ heading, items } = await checkCompanyAuthorities(companyId));
    } else {
      const uf = option(flags, "uf")?.toUpperCase();
      if (!uf) throw new Error("--company or --uf is required");
      heading = `State ${uf}, model ${model}, ${environment} (no company: no client certificate)`;
      items = await checkAuthorities({ uf, environment, models: [model as AuthorityModel] });
    }
    if (items.some((item) => !item.ok || (item.tls.checked && !item.tls.trusted))) process.exitCode = 1;
    return flags.json === true ? items : formatAuthorityCheck(heading, items);
  } finally {
    await simulator?.close();
  }
}
