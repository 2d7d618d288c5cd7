import { cnpjProblem, isValidCpf, normalizeDocument, onlyDigits } from "@/lib/br";
import { validationError } from "@/lib/errors";

export type ClientType = "INDIVIDUAL" | "COMPANY" | "FOREIGN";
export type ClientDocumentType = "CPF" | "CNPJ" | "FOREIGN" | "OTHER";
export type ClientIdentity = { document: string; documentType: ClientDocumentType; type: ClientType };

const TYPE_OF_DOCUMENT: Record<ClientDocumentType, ClientType> = { CPF: "INDIVIDUAL", CNPJ: "COMPANY", FOREIGN: "FOREIGN", OTHER: "INDIVIDUAL" };

/**
 * Normalizes a client's document and infers documentType and type when
 * omitted (spec, Create-document rule 3: 14 characters = CNPJ/COMPANY,
 * 11 digits = CPF/INDIVIDUAL). An empty document is a final consumer.
 * CPF and CNPJ check digits are verified. `where` prefixes error paths.
 */
export function resolveClientIdentity(
  input: { document?: string | null; documentType?: ClientDocumentType | null; type?: ClientType | null },
  where = "body",
): ClientIdentity {
  const raw = (input.document ?? "").trim();
  let documentType = input.documentType ?? null;
  if (documentType === null) {
    const normalized = normalizeDocument(raw);
    if (normalized === "") documentType = "OTHER";
    else if (normalized.length === 14) documentType = "CNPJ";
    else if (/^\d{11}$/.test(normalized)) documentType = "CPF";
    else {
      throw validationError(`${where}.document: cannot infer documentType from "${raw}"; send an 11-digit CPF, a 14-character CNPJ, or documentType FOREIGN or OTHER`);
    }
  }
  let document = raw;
  if (documentType === "CPF") {
    document = onlyDigits(raw);
    if (document !== "" && !isValidCpf(document)) throw validationError(`${where}.document: invalid CPF (check digits do not match)`);
  } else if (documentType === "CNPJ") {
    document = normalizeDocument(raw);
    const problem = document === "" ? null : cnpjProblem(document);
    if (problem) throw validationError(`${where}.document: invalid CNPJ: ${problem}`);
  }
  return { document, documentType, type: input.type ?? TYPE_OF_DOCUMENT[documentType] };
}
