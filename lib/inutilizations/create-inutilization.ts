import type { Inutilization } from "@prisma/client";
import { getTaxAuthority } from "@/lib/authority";
import { withAuthorityCall } from "@/lib/authority-calls";
import { assertNotMisusePaused, isMisuse, misuseRecorded } from "@/lib/authority/misuse-pause";
import { stateInfo } from "@/lib/br";
import { loadSigningCredentials } from "@/lib/certificates";
import { db } from "@/lib/db/client";
import { recordInutilizationOutcome, recordInutilizationRegistered } from "@/lib/events/record-outcome";
import { DomainError, notFound } from "@/lib/errors";
import { buildProcInutNFe, buildSignedInutilization, extractElement } from "@/lib/fiscal/nfe";
import { assertRangeFree, reserveSeriesRange } from "./assert-range-free";
import { closeInutilizedDocuments } from "./close-inutilized-documents";
import type { CreateInutilizationInput, CreateInutilizationResponse } from "./schemas";

// cStat 563: "Já existe pedido de Inutilização com a mesma faixa" — answered to
// the retry of a request whose first answer we never received.
const SAME_RANGE_ALREADY_VOIDED = "563";

/**
 * POST /v1/fiscal-inutilizations, synchronous. The record is written PENDING
 * before the call, so an unanswered request stays visible; repeating the
 * same range reuses that record. AUTHORIZED is stored with the
 * document.inutilized outcome and the INUTILIZED status of the drafts and
 * rejected documents holding those numbers in one transaction.
 */
export async function createInutilization(input: {
  companyId: string;
  body: CreateInutilizationInput;
  now?: Date;
  /** AUTOMATIC: requested by the gap job (lib/inutilizations/auto-inutilize.ts). */
  origin?: "MANUAL" | "AUTOMATIC";
  /** The 2-digit year of the numbers (the gap job: their keys' AA); the current year in the company's state otherwise. */
  year?: string;
}): Promise<CreateInutilizationResponse> {
  const { companyId, body } = input;
  const now = input.now ?? new Date();
  const company = await db.company.findFirst({ where: { id: companyId } });
  if (!company) throw notFound("Company");
  const state = stateInfo(company.state);
  const year = input.year ?? localYear(now, state.timezone);
  const range = { companyId, environment: company.environment, model: body.model, series: body.series, startNumber: body.startNumber, endNumber: body.endNumber, year };

  // One inutilization of a series at a time (lib/authority-calls): parallel requests for one
  // range wait, then find it authorized (422 inutilization_range_in_use) or reuse its PENDING record.
  const subject = { companyId, key: `inutilizations:${companyId}:${company.environment}:${body.model}:${body.series}` };
  return withAuthorityCall(subject, async () => {
    await assertRangeFree(db, range);
    const credentials = await loadSigningCredentials(companyId);
    await reserveSeriesRange(db, { ...range, advanceSeries: body.advanceSeries });
    const signed = buildSignedInutilization(
      {
        environment: company.environment,
        uf: company.state,
        cnpj: company.cnpj,
        year,
        model: body.model,
        series: body.series,
        firstNumber: body.startNumber,
        lastNumber: body.endNumber,
        reason: body.justification,
      },
      credentials,
    ).xml;

    const pending = await db.inutilization.findFirst({ where: { ...range, status: "PENDING" }, orderBy: { createdAt: "desc" } });
    const record: Inutilization =
      pending ??
      (await db.inutilization.create({ data: { ...range, status: "PENDING", justification: body.justification, requestXml: signed, origin: input.origin ?? "MANUAL" } }));

    const target = { uf: company.state, environment: company.environment, model: body.model === "65" ? 65 : 55 } as const;
    await assertNotMisusePaused(companyId, target);
    const result = await getTaxAuthority(company.environment).inutilize(target, signed, credentials);

    if (result.kind === "communication_failure") {
      if (isMisuse(result)) throw await misuseRecorded(companyId, target);
      throw new DomainError(
        503,
        "authority_unavailable",
        `The tax authority could not be reached: ${result.reason}. Inutilization ${record.id} stays PENDING; send the same range again to complete it`,
        { "retry-after": "30" },
      );
    }
    if (result.kind === "refused" && !(pending && result.cStat === SAME_RANGE_ALREADY_VOIDED)) {
      await db.inutilization.update({
        where: { id: record.id },
        data: { status: "REJECTED", cStat: result.cStat, rejectionReason: result.reason, requestXml: signed, responseXml: result.responseXml ?? null },
      });
      throw new DomainError(422, "authority_rejected", `${result.cStat} - ${result.reason} (inutilization ${record.id})`);
    }

    const authorized = result.kind === "authorized" ? result : null;
    const updated = await db.$transaction(async (tx) => {
      const row = await tx.inutilization.update({
        where: { id: record.id },
        data: {
          status: "AUTHORIZED",
          cStat: authorized?.cStat ?? result.cStat,
          protocol: authorized?.protocol ?? null,
          inutilizationDate: authorized ? parseDate(authorized.inutilizedAt, now) : now,
          rejectionReason: null,
          requestXml: signed,
          responseXml: authorized ? buildProcInutNFe(signed, extractElement(authorized.retInutNFeXml, "retInutNFe") ?? authorized.retInutNFeXml) : (result.kind === "refused" ? result.responseXml : null) ?? null,
        },
      });
      await recordInutilizationOutcome(tx, row);
      await recordInutilizationRegistered(tx, row, await closeInutilizedDocuments(tx, row));
      return row;
    });
    return { success: true, protocol: updated.protocol, record: { id: updated.id, status: updated.status } };
  });
}

/** The 2-digit year in the issuer's state, which is the year the authority checks. */
export function localYear(date: Date, timeZone: string): string {
  return new Intl.DateTimeFormat("en-US", { timeZone, year: "2-digit" }).format(date);
}

function parseDate(value: string, fallback: Date): Date {
  const parsed = new Date(value);
  return Number.isNaN(parsed.getTime()) ? fallback : parsed;
}
