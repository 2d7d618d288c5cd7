import { z } from "zod";
import { STATE_CODES, isValidCnpj, isValidCpf } from "@/lib/br";
import { parseAccessKey } from "@/lib/fiscal/nfe/access-key";

// Lookups at the tax authority (issue 56 items 1 and 2; docs/api-notes/lookups.md). The spec
// (api.md) does not define them: paths and fields are ours, named as the rest of the API.

/** A CNPJ (14, numeric or alphanumeric) or CPF (11), punctuation accepted and dropped; check digits verified. */
const TaxpayerDocument = z
  .string()
  .trim()
  .transform((v) => v.toUpperCase().replace(/[.\-/\s]/g, ""))
  .refine((v) => (v.length === 14 ? isValidCnpj(v) : v.length === 11 ? /^\d{11}$/.test(v) && isValidCpf(v) : false), {
    message: "a valid CNPJ (14 characters) or CPF (11 digits)",
  });

export const TaxpayerLookupQuery = z.object({
  document: TaxpayerDocument,
  state: z
    .string()
    .trim()
    .transform((v) => v.toUpperCase())
    .pipe(z.enum(STATE_CODES)),
  /** true: ask the state now even when a cached answer is fresh (still counted against the company's lookups a minute). */
  refresh: z
    .enum(["true", "false"])
    .optional()
    .transform((v) => v === "true"),
});
export type TaxpayerLookupQuery = z.output<typeof TaxpayerLookupQuery>;

const Address = z.object({
  street: z.string().nullable(),
  number: z.string().nullable(),
  complement: z.string().nullable(),
  neighborhood: z.string().nullable(),
  municipalityCode: z.string().nullable(),
  city: z.string().nullable(),
  zipCode: z.string().nullable(),
});

export const TaxpayerRegistration = z.object({
  stateRegistration: z.string().describe("IE"),
  cnpj: z.string().nullable(),
  cpf: z.string().nullable(),
  state: z.string(),
  situation: z.enum(["ACTIVE", "INACTIVE"]).describe("cSit 1 enabled (habilitado) / 0 not enabled"),
  nfeCredential: z.string().nullable().describe("indCredNFe: 0 not credentialed, 1 credentialed, 2 obliged for all operations, 3 partially, 4 by the state's criteria"),
  name: z.string(),
  tradeName: z.string().nullable(),
  taxRegime: z.string().nullable().describe("xRegApur, as the state words it"),
  cnae: z.string().nullable(),
  activityStartDate: z.string().nullable(),
  situationDate: z.string().nullable(),
  closedDate: z.string().nullable(),
  address: Address.nullable(),
});
export type TaxpayerRegistration = z.infer<typeof TaxpayerRegistration>;

export const TaxpayerLookupResponse = z.object({
  document: z.string(),
  state: z.string(),
  environment: z.enum(["PRODUCTION", "HOMOLOGATION"]),
  /** At least one registration (any situation) in the state. */
  registered: z.boolean(),
  /** At least one ACTIVE registration. */
  active: z.boolean(),
  registrations: z.array(TaxpayerRegistration),
  authority: z.object({ cStat: z.string(), reason: z.string() }),
  consultedAt: z.string(),
  cached: z.boolean(),
  expiresAt: z.string(),
});
export type TaxpayerLookupResponse = z.infer<typeof TaxpayerLookupResponse>;

export const NfeKeyParams = z.object({
  accessKey: z
    .string()
    .trim()
    .transform((v) => v.toUpperCase().replace(/\s/g, ""))
    .refine((v) => /^[0-9]{6}[0-9A-Z]{12}[0-9]{26}$/.test(v), { message: "an access key has 44 characters: digits, with letters only in the issuer's CNPJ" })
    .refine((v) => !/^[0-9]{6}[0-9A-Z]{12}[0-9]{26}$/.test(v) || parseAccessKey(v) !== null, { message: "check digit (cDV) or model does not match: not a valid NF-e/NFC-e access key" }),
});

export const NfeLookupEvent = z.object({
  eventCode: z.string().describe("tpEvento, e.g. 110111 cancellation, 110110 CC-e"),
  sequence: z.number().int(),
  cStat: z.string(),
  protocol: z.string(),
  registeredAt: z.string(),
});

export const NfeLookupResponse = z.object({
  accessKey: z.string(),
  model: z.enum(["55", "65"]),
  state: z.string(),
  environment: z.enum(["PRODUCTION", "HOMOLOGATION"]),
  /** What the authority holds for the key. */
  status: z.enum(["AUTHORIZED", "CANCELLED", "DENIED", "NOT_FOUND"]),
  authority: z.object({ cStat: z.string(), reason: z.string(), authorizer: z.string().describe("the authorizer asked: the state's, SVRS, SVAN, SVC-AN or SVC-RS (tpEmis 6/7)") }),
  protocol: z.string().nullable(),
  authorizedAt: z.string().nullable(),
  events: z.array(NfeLookupEvent),
  /** The company's own document under this key, when it is one. */
  documentId: z.string().nullable(),
});
export type NfeLookupResponse = z.infer<typeof NfeLookupResponse>;
