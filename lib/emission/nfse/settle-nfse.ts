import { randomUUID } from "node:crypto";
import { sql, utc, type Queryable } from "@/lib/db/sql";
import { documentEventData } from "@/lib/events/record-outcome";
import type { NfseIssued } from "@/lib/authority";
import type { AbrasfIssued } from "@/lib/authority/abrasf-types";
import type { PaulistanaFound } from "@/lib/authority/paulistana-types";
import type { NfseTotals } from "@/lib/tax/tax-shapes";
import { readNfse } from "@/lib/fiscal/nfse";
import type { EmissionRun } from "../outcomes";
import type { Settled, SettlementSource, SettleOptions } from "../settle-emission";

// PROCESSING → AUTHORIZED for an NFS-e, as ONE statement (like SETTLE for
// NF-e): the 50-digit access key, nfseNumber (nNFSe), verificationCode (the
// national standard has no cVerif: the access key is what the public
// consultation verifies), protocolNumber (nDFSe, the ADN's number of the
// document), authorizationDate (dhProc), the NFS-e XML as authorizedXml, the
// NFS-e's own values in taxTotals.nfse.authority, the AUTHORIZATION event and
// document.authorized. The event keeps the DPS sent; Sefin's answer is the NFS-e
// itself, kept once, as the document's authorizedXml (a second copy of ~8 KB per
// NFS-e in the event cost server time and disk, and nothing reads it there).
const SETTLE_NFSE_CTES = `
  settled AS (
    UPDATE "FiscalDocument"
    SET "status" = 'AUTHORIZED', "accessKey" = $4, "nfseNumber" = $5, "verificationCode" = $16, "protocolNumber" = $6, "authorizationDate" = $7::timestamp,
        "authorizedXml" = $8, "rejectionCode" = NULL, "rejectionReason" = NULL, "updatedAt" = $9::timestamp,
        "taxTotals" = CASE WHEN "taxTotals" ? 'nfse' AND jsonb_typeof("taxTotals"->'nfse') = 'object'
                      THEN jsonb_set("taxTotals", '{nfse,authority}', $10::jsonb) ELSE "taxTotals" END
    WHERE "id" = $1 AND "companyId" = $2 AND "runId" = $3 AND "status" = 'PROCESSING'
    RETURNING "id", "companyId", "environment", "type", "signedXml"
  ), event AS (
    INSERT INTO "DocumentEvent" ("id", "documentId", "companyId", "kind", "sequence", "outcome", "cStat", "reason", "protocol", "requestXml", "responseXml", "details", "runId", "occurredAt", "createdAt")
    SELECT $11, s."id", s."companyId", 'AUTHORIZATION', 1, 'AUTHORIZED', '100', $12, $6, s."signedXml", NULL, $13::jsonb, $3, $7::timestamp, $9::timestamp
    FROM settled s
  ), outcome AS (
    INSERT INTO "DomainEvent" ("id", "companyId", "type", "documentId", "environment", "documentType", "data", "createdAt")
    SELECT $14, s."companyId", 'document.authorized', s."id", s."environment", s."type", $15::jsonb, $9::timestamp
    FROM settled s
  )`;
const SETTLE_NFSE = `WITH ${SETTLE_NFSE_CTES} SELECT count(*)::int AS "settled" FROM settled`;

/** What an authorized NFS-e sets on the document, whichever system issued it. */
type IssuedFields = {
  /** The national 50-digit key; null for a city's own NFS-e (ABRASF has none). */
  accessKey: string | null;
  nfseNumber: string;
  verificationCode: string;
  protocol: string;
  authorizationDate: Date;
  xml: string;
  authority: NfseTotals["authority"];
  details: Record<string, unknown>;
};

async function settleIssued(client: Queryable, run: EmissionRun, source: SettlementSource, fields: IssuedFields, options: Pick<SettleOptions, "deferWrite">): Promise<Settled> {
  const after = { ...source, accessKey: fields.accessKey, authorizationDate: fields.authorizationDate, protocolNumber: fields.protocol, rejectionReason: null };
  const now = utc(new Date());
  const values = [
    run.documentId, run.companyId, run.runId, fields.accessKey, fields.nfseNumber, fields.protocol, utc(fields.authorizationDate), fields.xml, now,
    JSON.stringify(fields.authority),
    randomUUID(), `NFS-e ${fields.nfseNumber} gerada`, JSON.stringify(fields.details),
    randomUUID(), JSON.stringify(documentEventData(after)), fields.verificationCode,
  ];
  if (options.deferWrite?.({ ctes: SETTLE_NFSE_CTES, values, applied: "settled" })) return { kind: "settled", status: "AUTHORIZED" };
  const [row] = await sql<{ settled: number }>(client, SETTLE_NFSE, values);
  return row?.settled === 1 ? { kind: "settled", status: "AUTHORIZED" } : { kind: "superseded", status: "not this run's" };
}

/** deferWrite: as for an NF-e's settlement (settle-emission.ts, SettleOptions): made by the statement that records the step's result. */
export async function settleNfseAuthorized(client: Queryable, run: EmissionRun, source: SettlementSource, issued: NfseIssued, via: "submit" | "dps_lookup", options: Pick<SettleOptions, "deferWrite"> = {}): Promise<Settled> {
  const summary = readNfse(issued.nfseXml);
  if (!summary) throw new Error(`Sefin returned an NFS-e without infNFSe Id for document ${source.id}`);
  return settleIssued(client, run, source, {
    accessKey: issued.accessKey,
    nfseNumber: summary.nNFSe,
    // The national standard has no cVerif: the access key is what the public consultation verifies.
    verificationCode: issued.accessKey,
    protocol: (/<nDFSe>(\d+)<\/nDFSe>/.exec(issued.nfseXml)?.[1]) ?? summary.nNFSe,
    authorizationDate: new Date(summary.dhProc || issued.processedAt),
    xml: issued.nfseXml,
    authority: summary.values,
    details: { via, attempts: source.emissionAttempts, idDps: issued.idDps, alerts: issued.alerts },
  }, options);
}

/**
 * A city's own NFS-e (ABRASF 2.04, issue 57): no access key; the city's number and
 * CodigoVerificacao; its CompNfse as the authorized XML; the city's values read as the
 * national ones (BaseCalculo → vBC, Aliquota as a percentage → pAliqAplic, ValorIss → vISSQN,
 * ValorLiquidoNfse → vLiq).
 */
export async function settleAbrasfAuthorized(
  client: Queryable, run: EmissionRun, source: SettlementSource, issued: AbrasfIssued, context: { via: "submit" | "rps_lookup" | "lot"; aliquotaFormat: "percent" | "fraction"; municipalityCode: string },
  options: Pick<SettleOptions, "deferWrite"> = {},
): Promise<Settled> {
  const { nfse } = issued;
  const rate = nfse.values.aliquota === null ? null : (context.aliquotaFormat === "fraction" ? Number(nfse.values.aliquota) * 100 : Number(nfse.values.aliquota)).toFixed(2);
  const issuedAt = new Date(nfse.issuedAt);
  return settleIssued(client, run, source, {
    accessKey: null,
    nfseNumber: nfse.number,
    verificationCode: nfse.verificationCode,
    protocol: nfse.number,
    authorizationDate: Number.isNaN(issuedAt.getTime()) ? new Date() : issuedAt,
    xml: issued.compNfseXml,
    authority: { vBC: nfse.values.baseCalculo, pAliqAplic: rate, vISSQN: nfse.values.valorIss, vTotalRet: null, vLiq: nfse.values.valorLiquido ?? "0.00" },
    details: { via: context.via, attempts: source.emissionAttempts, standard: "ABRASF 2.04", municipalityCode: context.municipalityCode },
  }, options);
}

/**
 * São Paulo's NFS-e (Nota Fiscal Paulistana, issue 57): no access key; the city's number and
 * CodigoVerificacao; its NFe (tpNFe, read back with ConsultaNFe) as the authorized XML; the
 * city's values read as the national ones (ValorServicos − ValorDeducoes → vBC, AliquotaServicos
 * as a percentage → pAliqAplic, ValorISS → vISSQN, the net value less the ISS when withheld).
 */
export async function settlePaulistanaAuthorized(
  client: Queryable, run: EmissionRun, source: SettlementSource, found: PaulistanaFound, context: { via: "submit" | "rps_lookup" },
  options: Pick<SettleOptions, "deferWrite"> = {},
): Promise<Settled> {
  const { nfe } = found;
  const cents = (value: string | null) => {
    const [units = "0", fraction = ""] = (value ?? "0").split(".");
    return BigInt(units) * 100n + BigInt((fraction + "00").slice(0, 2));
  };
  const money = (value: bigint) => `${value / 100n}.${String(value % 100n).padStart(2, "0")}`;
  const deductions = cents(/<ValorDeducoes>([^<]*)</.exec(found.nfeXml)?.[1] ?? "0");
  const base = cents(nfe.values.services) - deductions;
  const iss = cents(nfe.values.iss);
  // AliquotaServicos is a fraction of up to 4 decimals: 0.05 → 5.00 (percent, two decimals, by shifting digits).
  const [units = "0", fraction = ""] = (nfe.values.aliquota ?? "0").split(".");
  const basisPoints = BigInt(units) * 10000n + BigInt((fraction + "0000").slice(0, 4));
  const issuedAt = new Date(nfe.issuedAt);
  return settleIssued(client, run, source, {
    accessKey: null,
    nfseNumber: nfe.number,
    verificationCode: nfe.verificationCode,
    protocol: nfe.number,
    authorizationDate: Number.isNaN(issuedAt.getTime()) ? new Date() : issuedAt,
    xml: found.nfeXml,
    authority: { vBC: money(base), pAliqAplic: money(basisPoints), vISSQN: money(iss), vTotalRet: null, vLiq: money(cents(nfe.values.services) - (nfe.values.issRetained ? iss : 0n)) },
    details: { via: context.via, attempts: source.emissionAttempts, standard: "Nota Fiscal Paulistana v1", municipalityCode: "3550308", ccm: nfe.ccm },
  }, options);
}
