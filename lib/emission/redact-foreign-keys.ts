import { ACCESS_KEY_PATTERN_SOURCE } from "@/lib/br";
import { sql, type Queryable } from "@/lib/db/sql";
import type { EmissionRefusal } from "./outcomes";

// A refusal 539 ("Duplicidade de NF-e com diferença na Chave de Acesso")
// names the access key and protocol the authority holds for that number, as
// SEFAZ does. When that key is a document of ANOTHER company of this
// installation (two tenants with one CNPJ, issue 34 problem 9), showing it
// would hand one tenant the other's key and protocol: the reason and the
// stored answer keep the refusal but lose those identifiers. A key of this
// company, or one unknown here (issued by the taxpayer elsewhere), stays.

const NAMES_ANOTHER_KEY = new Set(["539"]);
// An alphanumeric issuer's key has letters in its CNPJ (NT Conjunta 2025.001, item 5).
const ACCESS_KEY = new RegExp(ACCESS_KEY_PATTERN_SOURCE, "g");
const BRACKETED_IDENTIFIERS = /\s*\[(?:chNFe|nProt|dhAut)\s*:[^\]]*\]/g;
export const FOREIGN_KEY_REDACTED = "[chave e protocolo de documento de outra empresa omitidos]";

const HELD_BY_ANOTHER_COMPANY = `SELECT "accessKey" FROM "FiscalDocument" WHERE "accessKey" = ANY($1::text[]) AND "companyId" <> $2`;

function redact(text: string, foreignKeys: readonly string[]): string {
  let noted = false;
  let redacted = text.replace(BRACKETED_IDENTIFIERS, () => (noted ? "" : ((noted = true), ` ${FOREIGN_KEY_REDACTED}`)));
  for (const key of foreignKeys) redacted = redacted.replaceAll(key, "(omitida)");
  return redacted;
}

/** The refusal as this company may see it: another company's access key and protocol removed. */
export async function withoutForeignKeys(client: Queryable, companyId: string, refusal: EmissionRefusal): Promise<EmissionRefusal> {
  if (!NAMES_ANOTHER_KEY.has(refusal.code)) return refusal;
  const keys = [...new Set(`${refusal.reason} ${refusal.responseXml ?? ""}`.match(ACCESS_KEY) ?? [])];
  if (keys.length === 0) return refusal;
  const foreign = (await sql<{ accessKey: string }>(client, HELD_BY_ANOTHER_COMPANY, [keys, companyId])).map((row) => row.accessKey);
  if (foreign.length === 0) return refusal;
  return { ...refusal, reason: redact(refusal.reason, foreign), responseXml: refusal.responseXml ? redact(refusal.responseXml, foreign) : refusal.responseXml };
}
