import { loadSigningCredentials } from "@/lib/certificates";
import { db, type DbClient } from "@/lib/db/client";
import { DomainError } from "@/lib/errors";
import { authorizerFor, contingencyFor, resolveEndpoint, type Contingency } from "./endpoints";
import { SoapTaxAuthority } from "./soap-tax-authority";
import { getTaxAuthority, usesSimulator } from "./tax-authority";
import type { AuthorityEnvironment, AuthorityModel, ClientCertificate, StatusResult, TaxAuthority } from "./types";

// NFeStatusServico4 per state, environment and model (issue 5, item 11): the
// dashboard shows it so a stale URL in the tables, or an authorizer that is
// down, is seen before documents pile up in retries.

export type ServiceStatusQuery = { uf: string; environment: AuthorityEnvironment; model: AuthorityModel; contingency?: Contingency; certificate?: ClientCertificate };

export type ServiceStatusCheck = {
  uf: string;
  environment: AuthorityEnvironment;
  model: AuthorityModel;
  contingency: Contingency | null;
  authorizer: string;
  /** The URL called: the table's, or the simulator's origin with the table's path. */
  url: string;
  via: "simulator" | "sefaz";
  result: StatusResult;
  latencyMs: number;
};

const NO_CERTIFICATE: ClientCertificate = { privateKeyPem: "", certificatePem: "" };

export async function checkServiceStatus(query: ServiceStatusQuery, authority: TaxAuthority = getTaxAuthority(query.environment)): Promise<ServiceStatusCheck> {
  const { uf, environment, model, contingency } = query;
  const endpoint = resolveEndpoint({ uf, environment, model, contingency, service: "NFeStatusServico4" });
  const started = performance.now();
  const result = await authority.status({ uf, environment, model, contingency }, query.certificate ?? NO_CERTIFICATE);
  return {
    uf,
    environment,
    model,
    contingency: contingency ?? null,
    authorizer: endpoint.authorizer,
    url: authority instanceof SoapTaxAuthority ? authority.urlFor(endpoint) : endpoint.url,
    via: usesSimulator(environment) ? "simulator" : "sefaz",
    result,
    latencyMs: Math.round(performance.now() - started),
  };
}

/**
 * The company's state and environment: NF-e, NFC-e and the NF-e contingency
 * authorizer, checked in parallel with the company's A1 (SEFAZ requires the
 * client certificate even for the status service).
 */
export async function checkCompanyServiceStatus(companyId: string, client: DbClient = db): Promise<{ certificate: boolean; checks: ServiceStatusCheck[] }> {
  const company = await client.company.findFirst({ where: { id: companyId }, select: { state: true, environment: true } });
  if (!company) throw new DomainError(404, "not_found", "Company not found");
  let certificate: ClientCertificate | undefined;
  try {
    certificate = await loadSigningCredentials(companyId, client);
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
  }
  const { state: uf, environment } = company;
  const queries: ServiceStatusQuery[] = [
    { uf, environment, model: 55, certificate },
    { uf, environment, model: 65, certificate },
    { uf, environment, model: 55, contingency: contingencyFor(uf), certificate },
  ];
  // A state missing from a table is shown as a failure, not a crash of the page.
  const checks = await Promise.all(
    queries.map((query) =>
      checkServiceStatus(query).catch(
        (error: unknown): ServiceStatusCheck => ({
          uf,
          environment,
          model: query.model,
          contingency: query.contingency ?? null,
          authorizer: safeAuthorizer(query),
          url: "",
          via: usesSimulator(environment) ? "simulator" : "sefaz",
          result: { kind: "communication_failure", reason: (error as Error).message },
          latencyMs: 0,
        }),
      ),
    ),
  );
  return { certificate: Boolean(certificate), checks };
}

function safeAuthorizer(query: ServiceStatusQuery): string {
  try {
    return authorizerFor(query.uf, query.model, query.contingency);
  } catch {
    return "?";
  }
}
