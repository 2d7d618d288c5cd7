import { describe, expect, it } from "vitest";
import type { Company } from "@prisma/client";
import { inSqlTransaction, sql, utc } from "@/lib/db/sql";
import { fromSqlRow } from "@/lib/db/sql-models";
import { createTestCompany } from "@/test/factories";
import { isValidNbsCode } from "@/lib/fiscal/nfse/national-services";
import { blockingChecksPassSql, firstBlockingFailure } from ".";

// The emission's load numbers a document in the statement that reads it when the company passes
// the blocking checks written in SQL (lib/emission/load-emission-document.ts); the TypeScript rules
// decide the refusal afterwards. Where they disagree, a document is numbered and then refused, and its
// number must be inutilized. Both must give the same verdict for every state of the company.

// Values a company's field can hold after a copy and paste: JavaScript's trim() also removes the
// no-break space and the byte order mark, which POSIX [:space:] does not cover.
const VALUES = ["12345", "ISENTO", "", " ", "\t\n", "\u00a0", "\u2003", "\ufeff", "\u3000", " x ", "\u0085", null];
const FIELDS = ["stateRegistration", "municipalRegistration", "street", "streetNumber", "neighborhood", "city", "zipCode", "cscId", "cscToken", "legalName"] as const;
// NFS-e: a valid NBS 2.0 code, a well-formed one outside the list, blank ones. The SQL knows a code
// valid only when the caller passes it ($4: the code the emission's process found valid, or NULL).
const VALID_NBS = "115022000";
const INVALID_NBS = "123456789";
const NBS_VALUES = [VALID_NBS, INVALID_NBS, "", " ", "\u00a0", null];
const NOT_NULL = new Set(["legalName"]);

/** A small deterministic generator, so a failure names a case that can be replayed. */
function generator(seed: number): () => number {
  let state = seed;
  return () => ((state = (state * 1103515245 + 12345) % 2147483648) / 2147483648);
}

describe("the blocking checks in SQL agree with the TypeScript rules", () => {
  it("for blank and whitespace-only fields, expired, foreign, inactive and replaced certificates, NF-e, NFC-e and NFS-e", async () => {
    expect([isValidNbsCode(VALID_NBS), isValidNbsCode(INVALID_NBS)]).toEqual([true, false]);
    const { companyId, cnpj } = await createTestCompany();
    const random = generator(37);
    const pick = <T,>(values: readonly T[]): T => values[Math.floor(random() * values.length)]!;
    const now = new Date();
    const disagreements: string[] = [];
    await inSqlTransaction(async (client) => {
      for (let round = 0; round < 300; round++) {
        // Most fields filled, so that each blank one is often the only one.
        const fields = Object.fromEntries(FIELDS.map((field) => [field, random() < 0.75 ? "12345" : pick(VALUES.filter((v) => v !== null || !NOT_NULL.has(field)))]));
        const nbs = random() < 0.5 ? VALID_NBS : pick(NBS_VALUES);
        await sql(client, `UPDATE "Company" SET ${FIELDS.map((field, i) => `"${field}" = $${i + 2}`).join(", ")}, "nfseNbsCode" = $${FIELDS.length + 2} WHERE "id" = $1`, [companyId, ...FIELDS.map((field) => fields[field] ?? null), nbs]);
        await sql(client, `DELETE FROM "Certificate" WHERE "companyId" = $1`, [companyId]);
        const certificates = Math.floor(random() * 3);
        for (let i = 0; i < certificates; i++) {
          const holder = random() < 0.8 ? cnpj : `${random() < 0.5 ? "99999999" : cnpj.slice(0, 8)}${random() < 0.5 ? "000100" : "999999"}`;
          const notAfter = new Date(now.getTime() + (random() < 0.8 ? 1 : -1) * 86_400_000 * (1 + Math.floor(random() * 400)));
          await sql(
            client,
            `INSERT INTO "Certificate" ("id", "companyId", "subject", "issuer", "serialNumber", "holderCnpj", "notBefore", "notAfter", "encryptedPfx", "encryptedPassword", "isActive", "createdAt")
             VALUES (gen_random_uuid()::text, $1, 'CN=test', 'CN=test', '1', $2, $3::timestamp, $4::timestamp, '\\x00', '\\x00', $5, $6::timestamp)`,
            [companyId, holder, utc(new Date(now.getTime() - 86_400_000 * 500)), utc(notAfter), random() < 0.8, utc(new Date(now.getTime() - 1000 * (i + 1)))],
          );
        }
        // The certificate as the emission's load reads it: the newest active one.
        const [row] = await sql<Record<string, unknown>>(client, `SELECT * FROM "Company" WHERE "id" = $1`, [companyId]);
        const company = fromSqlRow<Company>("Company", row!);
        const [active] = await sql<{ holderCnpj: string; notAfter: Date }>(
          client, `SELECT "holderCnpj", "notAfter" FROM "Certificate" WHERE "companyId" = $1 AND "isActive" ORDER BY "createdAt" DESC LIMIT 1`, [companyId],
        );
        for (const type of ["NFE", "NFCE", "NFSE"] as const) {
          const refusal = firstBlockingFailure(company, active ?? null, type, now);
          for (const validNbs of [null, VALID_NBS]) {
            const [verdict] = await sql<{ passes: boolean }>(client, `SELECT ${blockingChecksPassSql("c", "$2::text", "$3::timestamp", "$4")} AS "passes" FROM "Company" c WHERE c."id" = $1`, [companyId, type, utc(now), validNbs]);
            // Exact, except that an NFS-e company's code unknown to the caller as valid never passes in SQL.
            const sqlMayDecline = type === "NFSE" && !!nbs?.trim() && nbs !== validNbs;
            const agrees = verdict!.passes ? refusal === null : refusal !== null || sqlMayDecline;
            if (!agrees) {
              disagreements.push(`round ${round} ${type} (valid NBS given: ${validNbs}): SQL ${verdict!.passes ? "passes" : "refuses"}, TypeScript ${refusal?.code ?? "passes"}; ${JSON.stringify({ ...fields, nbs })}, certificate ${JSON.stringify(active ?? null)}`);
            }
          }
        }
      }
      await sql(client, "ROLLBACK");
      await sql(client, "BEGIN");
    });
    expect(disagreements).toEqual([]);
  });
});
