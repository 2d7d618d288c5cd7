import { loadSigningCredentials } from "@/lib/certificates";
import { env } from "@/lib/config/env";
import { db, type DbClient } from "@/lib/db/client";
import { DomainError } from "@/lib/errors";
import { authorityHttpRequest } from "./authority-http";
import { contingencyFor, resolveEndpoint } from "./endpoints";
import type { NfseAuthority } from "./nfse-types";
import { SEFIN_BASE_URLS, SefinNacionalClient } from "./sefin-client";
import { checkServiceStatus } from "./service-status";
import { SoapTaxAuthority } from "./soap-tax-authority";
import { simulatorUrl, usesSimulator } from "./tax-authority";
import { probeTls } from "./tls-probe";
import type { PresentedCertificate } from "./tls-session";
import type { AuthorityEnvironment, AuthorityModel, ClientCertificate, StatusResult } from "./types";

// `npm run cli -- authority check`: the first thing to run against production.
// For a company (or a state and model) it reaches every authority the
// platform may call, the same way the clients do (trust store, A1, timeouts),
// and says for each what TLS showed and what the service answered:
//   - the state's authorizer and its SVC (SVC-AN or SVC-RS): NFeStatusServico4;
//   - the Ambiente Nacional, which has no status service: a GET of its event
//     service's WSDL proves reach and TLS;
//   - Sefin Nacional (NFS-e), which has none either: HEAD /dps of an id that
//     does not exist (404 means the service answers and accepted our certificate).

export type AuthorityCheckQuery = {
  uf: string;
  environment: AuthorityEnvironment;
  /** The authorizers to ask: a company is checked for both models (a state may use another authorizer for NFC-e). */
  models: AuthorityModel[];
  certificate?: ClientCertificate;
  cnpj?: string;
};

export type AuthorityCheckOptions = {
  timeoutMs?: number;
  /** Origin to send SEFAZ calls to instead of the tables' hosts (the simulator, a test server). */
  soapBaseUrl?: string;
  /** Sefin Nacional's base URL (…/SefinNacional). */
  sefinBaseUrl?: string;
  /** A CA to trust on top of the store (tests). */
  trustedCaPem?: string;
};

export type TlsReport =
  | { checked: false; why: string }
  | { checked: true; trusted: boolean; problem?: string; protocol: string | null; chain: PresentedCertificate[] };

export type AuthorityCheckItem = { target: string; url: string; tls: TlsReport; ok: boolean; answer: string };

/** Where calls go by default: the simulator in HOMOLOGATION (unless AUTHORITY_MODE=sefaz), the real services otherwise. */
export function defaultCheckOptions(environment: AuthorityEnvironment): AuthorityCheckOptions {
  const simulator = usesSimulator(environment) ? simulatorUrl() : undefined;
  return { timeoutMs: env().AUTHORITY_TIMEOUT_MS, soapBaseUrl: simulator, sefinBaseUrl: simulator ? `${simulator}/SefinNacional` : SEFIN_BASE_URLS[environment] };
}

async function tlsOf(url: string, query: AuthorityCheckQuery, options: AuthorityCheckOptions): Promise<TlsReport> {
  if (!url.startsWith("https:")) return { checked: false, why: "plain HTTP to the built-in simulator on loopback" };
  const probe = await probeTls(url, { certificate: query.certificate, timeoutMs: options.timeoutMs ?? 15_000, trustedCaPem: options.trustedCaPem });
  return { checked: true, trusted: probe.ok, problem: probe.ok ? undefined : probe.reason, protocol: probe.session?.protocol ?? null, chain: probe.session?.chain ?? [] };
}

/** NFeStatusServico4's answer in plain words (MOC 4.0: 107 running, 108 paused briefly, 109 paused without forecast). */
function statusInWords(result: StatusResult): { ok: boolean; answer: string } {
  if (result.kind === "authorized") {
    const average = result.averageSeconds !== undefined ? `; average processing time ${result.averageSeconds} s` : "";
    return { ok: true, answer: `cStat ${result.cStat} "${result.reason}": the service is running${average}` };
  }
  if (result.kind === "refused") return { ok: false, answer: `cStat ${result.cStat} "${result.reason}": the authority refused the status request` };
  if (result.cStat === "108" || result.cStat === "109") {
    return { ok: false, answer: `cStat ${result.cStat}: the service is paused (${result.cStat === "108" ? "briefly" : "without a forecast"}): ${result.reason}` };
  }
  return { ok: false, answer: `no usable answer: ${result.reason}` };
}

const NO_CERTIFICATE: ClientCertificate = { privateKeyPem: "", certificatePem: "" };

/** A DPS id that cannot exist (series 00000, number 0): HEAD answers 404 when the service works. */
function absentDpsId(cnpj: string | undefined): string {
  return `DPS3550308${"2"}${(cnpj ?? "").padStart(14, "0")}${"00000"}${"0".repeat(15)}`;
}

export async function checkAuthorities(query: AuthorityCheckQuery, options: AuthorityCheckOptions = defaultCheckOptions(query.environment)): Promise<AuthorityCheckItem[]> {
  const timeoutMs = options.timeoutMs ?? 15_000;
  const soap = new SoapTaxAuthority({ timeoutMs, baseUrl: options.soapBaseUrl, trustedCaPem: options.trustedCaPem });
  const sefinBaseUrl = options.sefinBaseUrl ?? SEFIN_BASE_URLS[query.environment];
  const nfse: NfseAuthority = new SefinNacionalClient({ timeoutMs, baseUrl: sefinBaseUrl, serverCa: options.trustedCaPem });
  const { uf, environment, certificate } = query;

  const statusItem = async (model: AuthorityModel, contingency?: "SVC-AN" | "SVC-RS"): Promise<AuthorityCheckItem> => {
    const modelName = model === 55 ? "NF-e" : "NFC-e";
    const endpoint = resolveEndpoint({ uf, environment, model, contingency, service: "NFeStatusServico4" });
    const url = soap.urlFor(endpoint);
    const [tls, check] = await Promise.all([tlsOf(url, query, options), checkServiceStatus({ uf, environment, model, contingency, certificate }, soap, { maxAgeMs: 0 })]);
    const target = contingency ? `${contingency} (contingency of ${uf}, ${endpoint.authorizer})` : `Authorizer ${endpoint.authorizer} (${modelName} of ${uf})`;
    return { target, url, tls, ...statusInWords(check.result) };
  };

  const svcItem = async (): Promise<AuthorityCheckItem> => {
    if (!query.models.includes(55)) return { target: "SVC", url: "", tls: { checked: false, why: "not applicable" }, ok: true, answer: "NFC-e has no SVC: its contingency is offline issuance (tpEmis 9)" };
    return statusItem(55, contingencyFor(uf));
  };

  const nationalItem = async (): Promise<AuthorityCheckItem> => {
    const url = soap.urlFor(resolveEndpoint({ uf, environment, model: 55, service: "NFeRecepcaoEvento4", authorizer: "AN" }));
    const [tls, reach] = await Promise.all([
      tlsOf(url, query, options),
      authorityHttpRequest({ url: `${url}?wsdl`, method: "GET", headers: {}, certificate, timeoutMs, trustedCaPem: options.trustedCaPem }),
    ]);
    const answer = reach.ok ? `answers (HTTP ${reach.status} to GET ?wsdl); AN has no status service, so reach and TLS are what can be checked` : `no answer: ${reach.reason}`;
    return { target: "Ambiente Nacional (events: delivery receipts)", url, tls, ok: reach.ok && reach.status < 500, answer };
  };

  const sefinItem = async (): Promise<AuthorityCheckItem> => {
    const url = `${sefinBaseUrl}/dps/${absentDpsId(query.cnpj)}`;
    // Sefin authenticates by the A1 (mutual TLS); the simulator over plain HTTP needs none.
    const needsCertificate = url.startsWith("https:");
    const [tls, exists] = await Promise.all([
      tlsOf(url, query, options),
      certificate || !needsCertificate ? nfse.dpsExists(environment, absentDpsId(query.cnpj), certificate ?? NO_CERTIFICATE) : undefined,
    ]);
    if (exists === undefined) return { target: "Sefin Nacional (NFS-e)", url, tls, ok: false, answer: "not called: Sefin requires the company's A1 (use --company)" };
    if (typeof exists === "object") return { target: "Sefin Nacional (NFS-e)", url, tls, ok: false, answer: `no usable answer: ${exists.reason}` };
    return { target: "Sefin Nacional (NFS-e)", url, tls, ok: true, answer: `answers (HEAD /dps of an absent id: ${exists ? "200" : "404, as expected"}); Sefin has no status service` };
  };

  return Promise.all([...query.models.map((model) => statusItem(model)), svcItem(), nationalItem(), sefinItem()]);
}

const day = (date: Date) => date.toISOString().slice(0, 10);

function tlsInWords(tls: TlsReport, now: Date): string {
  if (!tls.checked) return `TLS: not checked (${tls.why})`;
  const chain = tls.chain.map((c) => `${c.subject} (until ${day(c.validTo)}${c.validTo.getTime() - now.getTime() < 30 * 86_400_000 ? ", EXPIRES SOON" : ""})`).join(" ← ");
  const head = tls.trusted ? `TLS: trusted, ${tls.protocol ?? "?"}` : `TLS: NOT TRUSTED${tls.protocol ? `, ${tls.protocol}` : ""}: ${tls.problem}`;
  return chain ? `${head}\n    chain: ${chain}` : head;
}

/** The report as the CLI prints it. */
export function formatAuthorityCheck(heading: string, items: AuthorityCheckItem[], now = new Date()): string {
  const lines = [heading, ""];
  for (const item of items) {
    lines.push(`${item.ok && (!item.tls.checked || item.tls.trusted) ? "OK  " : "FAIL"} ${item.target}${item.url ? ` — ${item.url}` : ""}`);
    lines.push(`    ${tlsInWords(item.tls, now)}`);
    lines.push(`    answer: ${item.answer}`);
  }
  const failed = items.filter((item) => !item.ok || (item.tls.checked && !item.tls.trusted)).length;
  lines.push("", failed ? `${failed} of ${items.length} checks failed.` : `All ${items.length} checks passed.`);
  return lines.join("\n");
}

/** A company's authorizers (NF-e and NFC-e), its SVC, AN and Sefin, with its own A1 and environment. */
export async function checkCompanyAuthorities(companyId: string, client: DbClient = db): Promise<{ heading: string; items: AuthorityCheckItem[] }> {
  const company = await client.company.findFirst({ where: { id: companyId }, select: { legalName: true, cnpj: true, state: true, environment: true } });
  if (!company) throw new DomainError(404, "not_found", "Company not found");
  let certificate: ClientCertificate | undefined;
  let note = "";
  try {
    certificate = await loadSigningCredentials(companyId, client);
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    note = ` (without a client certificate: ${error.message})`;
  }
  const query = { uf: company.state, environment: company.environment, models: [55, 65] as AuthorityModel[], certificate, cnpj: company.cnpj };
  const heading = `${company.legalName} (${company.cnpj}), ${company.state}, ${company.environment}${note}`;
  return { heading, items: await checkAuthorities(query) };
}
