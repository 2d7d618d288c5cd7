import { Prisma, type Environment } from "@prisma/client";
import { getTaxAuthority, registryServiceOf, type RegistryEntry, type RegistryResult } from "@/lib/authority";
import { loadSigningCredentials } from "@/lib/certificates";
import { env } from "@/lib/config/env";
import { db } from "@/lib/db/client";
import { DomainError, notFound, unprocessable } from "@/lib/errors";
import { hitRateLimit } from "@/lib/rate-limit";
import type { TaxpayerLookupResponse } from "./schemas";

// GET /v1/lookups/taxpayers (issue 56 item 1): the state's taxpayer registry
// (CadConsultaCadastro4) for a CNPJ or CPF, in our own field names. Answers
// (registrations, or "not a contributor in the state") are kept per environment,
// state and document for TAXPAYER_LOOKUP_TTL_HOURS (24 h by default) and shared by
// every company: the registry is the same for all, and each call to a state's
// service counts against consumo indevido (656). Calls a company makes to the
// states are limited to TAXPAYER_LOOKUPS_PER_MINUTE (429 beyond). No connection
// or transaction is held while the state answers.

export type TaxpayerLookupInput = { companyId: string; document: string; state: string; refresh?: boolean };

type Stored = { kind: "answered" | "not_registered"; cStat: string; reason: string; entries: RegistryEntry[]; consultedAt: Date; fetchedAt: Date };

export async function lookupTaxpayer(input: TaxpayerLookupInput): Promise<TaxpayerLookupResponse> {
  const company = await db.company.findFirst({ where: { id: input.companyId }, select: { environment: true } });
  if (!company) throw notFound("Company");
  const answer = await registryAnswer({ ...input, environment: company.environment });
  return toResponse(input, company.environment, answer);
}

/**
 * The registry's answer for the document in the state: the cached one while fresh, else a
 * call (rate-limited per company). Throws the API's errors for a state without the service
 * (422 taxpayer_lookup_unavailable), a refusal (422 authority_rejected), an outage or 656
 * (503 authority_unavailable) and too many calls (429 rate_limited).
 */
export async function registryAnswer(input: TaxpayerLookupInput & { environment: Environment }): Promise<Stored & { cached: boolean }> {
  const { environment, state, document } = input;
  if (!registryServiceOf(state)) {
    throw unprocessable("taxpayer_lookup_unavailable", `State ${state} offers no taxpayer registry lookup (CadConsultaCadastro4); check the registration on the state's own site (SINTEGRA)`);
  }
  const ttlMs = env().TAXPAYER_LOOKUP_TTL_HOURS * 3600_000;
  if (!input.refresh && ttlMs > 0) {
    const cached = await db.taxpayerRegistryAnswer.findUnique({ where: { environment_state_document: { environment, state, document } } });
    if (cached && Date.now() - cached.fetchedAt.getTime() < ttlMs) {
      return { kind: cached.kind as Stored["kind"], cStat: cached.cStat, reason: cached.reason, entries: cached.entries as RegistryEntry[], consultedAt: cached.consultedAt, fetchedAt: cached.fetchedAt, cached: true };
    }
  }
  const limit = await hitRateLimit({ key: `taxpayer-lookup:${input.companyId}`, limit: env().TAXPAYER_LOOKUPS_PER_MINUTE, windowSeconds: 60 });
  if (!limit.allowed) {
    throw new DomainError(429, "rate_limited", `At most ${limit.limit} taxpayer registry lookups a minute reach the states per company (answers are cached for ${env().TAXPAYER_LOOKUP_TTL_HOURS} h); try again in ${limit.retryAfterSeconds} s`, {
      "Retry-After": String(limit.retryAfterSeconds),
    });
  }
  const credentials = await loadSigningCredentials(input.companyId);
  const query = document.length === 11 ? { uf: state, cpf: document } : { uf: state, cnpj: document };
  const result = await getTaxAuthority(environment).consultRegistry(environment, query, credentials);
  const stored = storable(state, result);
  try {
    await db.taxpayerRegistryAnswer.upsert({
      where: { environment_state_document: { environment, state, document } },
      create: { environment, state, document, ...stored, entries: stored.entries as object[] },
      update: { ...stored, entries: stored.entries as object[] },
    });
  } catch (error) {
    // Two lookups of one party at once: the other's answer, as fresh, is kept.
    if (!(error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002")) throw error;
  }
  return { ...stored, cached: false };
}

/** What is kept of an answer; anything else becomes the API's error. */
function storable(state: string, result: RegistryResult): Stored {
  const fetchedAt = new Date();
  switch (result.kind) {
    case "answered":
    case "not_registered": {
      const consultedAt = new Date(result.consultedAt);
      return {
        kind: result.kind,
        cStat: result.cStat,
        reason: result.reason,
        entries: result.kind === "answered" ? result.entries : [],
        consultedAt: Number.isNaN(consultedAt.getTime()) ? fetchedAt : consultedAt,
        fetchedAt,
      };
    }
    case "no_service":
      throw unprocessable("taxpayer_lookup_unavailable", `${result.reason}; check the registration on the state's own site (SINTEGRA)`);
    case "refused":
      throw unprocessable("authority_rejected", `${result.cStat} - ${result.reason}`);
    case "communication_failure":
      throw new DomainError(503, "authority_unavailable", `The taxpayer registry of ${state} could not be consulted (${result.reason}); try again later`, { "Retry-After": "60" });
  }
}

function toResponse(input: TaxpayerLookupInput, environment: Environment, answer: Stored & { cached: boolean }): TaxpayerLookupResponse {
  const ttlMs = env().TAXPAYER_LOOKUP_TTL_HOURS * 3600_000;
  return {
    document: input.document,
    state: input.state,
    environment,
    registered: answer.entries.length > 0,
    active: answer.entries.some((e) => e.situation === "ACTIVE"),
    registrations: answer.entries,
    authority: { cStat: answer.cStat, reason: answer.reason },
    consultedAt: answer.consultedAt.toISOString(),
    cached: answer.cached,
    expiresAt: new Date(answer.fetchedAt.getTime() + ttlMs).toISOString(),
  };
}
