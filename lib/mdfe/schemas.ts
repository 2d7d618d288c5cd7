import { z } from "zod";
import { isStateCode, isValidCpf, onlyDigits } from "@/lib/br";
import { PaginationQuery, pageSchema } from "@/lib/contracts/pagination";
import { VehicleOwner, type VEHICLE_BODY_TYPES, type VEHICLE_WHEEL_TYPES } from "@/lib/carriers/schemas";

// /v1/transport-manifests (issue 55; the spec is silent on MDF-e, docs/api-notes/mdfe.md): the
// request and answer shapes. Field names are English; the XML names they fill are in comments.

/** A query flag "true"/"false" (default false), as the downloads' (lib/downloads/schemas.ts). */
const booleanFlag = z.enum(["true", "false"]).default("false").transform((value) => value === "true");
const Uf = z.string().trim().toUpperCase().refine(isStateCode, { message: "must be a Brazilian state (UF)" });
const MunicipalityCode = z.string().regex(/^\d{7}$/, "must be the 7-digit IBGE municipality code");
const Municipality = z.object({ code: MunicipalityCode, name: z.string().trim().min(2).max(60) });
const Cpf = z
  .string()
  .transform((v) => onlyDigits(v))
  .refine(isValidCpf, { message: "must be a valid CPF" });
const Decimal = (scale: number) => z.union([z.number(), z.string()]).transform((v) => String(v).trim()).refine((v) => new RegExp(`^\\d{1,13}(\\.\\d{1,${scale}})?$`).test(v), { message: `must be a non-negative decimal with up to ${scale} decimals` });
const Kg = z.number().int().min(0).max(999_999);
const Document = z.object({ type: z.enum(["CNPJ", "CPF"]), value: z.string().trim().min(11).max(18) });

const Driver = z.object({ name: z.string().trim().min(2).max(60), cpf: Cpf });

// The names are the vehicle's (lib/carriers, stored with a registered vehicle); the codes are tpCar/tpRod.
const BODY_TYPES = { NOT_APPLICABLE: "00", OPEN: "01", CLOSED: "02", BULK: "03", CONTAINER: "04", SIDER: "05" } as const satisfies Record<(typeof VEHICLE_BODY_TYPES)[number], string>;
const WHEEL_TYPES = { TRUCK: "01", TOCO: "02", TRACTOR: "03", VAN: "04", UTILITY: "05", OTHER: "06" } as const satisfies Record<(typeof VEHICLE_WHEEL_TYPES)[number], string>;
export const MDFE_BODY_TYPES = BODY_TYPES;
export const MDFE_WHEEL_TYPES = WHEEL_TYPES;

const VehicleFields = {
  plate: z.string().trim().min(7).max(8).optional(),
  renavam: z.string().regex(/^\d{9,11}$/, "RENAVAM has 9 to 11 digits").nullable().optional(),
  tareKg: Kg,
  capacityKg: Kg.nullable().optional(),
  capacityM3: z.number().int().min(0).max(999).nullable().optional(),
  bodyType: z.enum(Object.keys(BODY_TYPES) as [keyof typeof BODY_TYPES, ...(keyof typeof BODY_TYPES)[]]),
  state: Uf.nullable().optional(),
  owner: VehicleOwner.nullable().optional(),
};

export const ManifestVehicle = z
  .object({
    /** A registered vehicle (carriers and vehicles): its plate, state, RENAVAM, tara, capacities, bodyType and wheelType are used unless given here. */
    vehicleId: z.string().min(1).max(64).optional(),
    ...VehicleFields,
    tareKg: Kg.optional(),
    bodyType: VehicleFields.bodyType.optional(),
    wheelType: z.enum(Object.keys(WHEEL_TYPES) as [keyof typeof WHEEL_TYPES, ...(keyof typeof WHEEL_TYPES)[]]).optional(),
  })
  .refine((v) => v.vehicleId || v.plate, { message: "give vehicleId or plate" })
  .refine((v) => v.vehicleId || (v.tareKg !== undefined && v.bodyType && v.wheelType), { message: "tareKg, bodyType and wheelType are required without a registered vehicleId" });

const Trailer = z.object({ ...VehicleFields, plate: z.string().trim().min(7).max(8), capacityKg: Kg });

const KEY = /^[0-9]{6}[0-9A-Z]{12}[0-9]{26}$/;
/** One NF-e on board: a document of the company (id) or its access key. */
const CarriedDocument = z.union([z.object({ documentId: z.string().min(1).max(64) }), z.object({ accessKey: z.string().regex(KEY, "must be a 44-character access key") })]);
/** A CT-e (model 57) on board, by its key (infCTe/chCTe): listed by a transport service provider (tpEmit 1); its model and check digit are checked. */
const CarriedCte = z.object({ cteAccessKey: z.string().trim().toUpperCase().regex(KEY, "must be a 44-character access key") });

/** infPag (evPagtoOperMDFe / rodo infANTT): who is paid, the components, the value and how (NT MDF-e 2021.002; tpComp 04 Frete: NT 2025.001 v1.03). */
export const PAYMENT_COMPONENT_TYPES = { TOLL_VOUCHER: "01", TAXES: "02", EXPENSES: "03", FREIGHT: "04", OTHER: "99" } as const;
const Money = Decimal(2);
const OperationPayment = z
  .object({
    /** xNome of the one responsible for the payment. */
    name: z.string().trim().min(2).max(60).nullable().optional(),
    document: Document,
    components: z
      .array(
        z.object({
          type: z.enum(Object.keys(PAYMENT_COMPONENT_TYPES) as [keyof typeof PAYMENT_COMPONENT_TYPES, ...(keyof typeof PAYMENT_COMPONENT_TYPES)[]]),
          value: Money,
          description: z.string().trim().min(2).max(60).nullable().optional(),
        }),
      )
      .min(1)
      .max(50),
    contractValue: Money,
    /** indPag: CASH 0 (à vista), INSTALLMENTS 1 (a prazo, with infPrazo). */
    method: z.enum(["CASH", "INSTALLMENTS"]),
    /** vAdiant: only with INSTALLMENTS. */
    advanceValue: Money.nullable().optional(),
    installments: z.array(z.object({ dueDate: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "must be YYYY-MM-DD"), value: Money })).max(999).default([]),
    bank: z.discriminatedUnion("kind", [
      z.object({ kind: z.literal("BANK"), bankCode: z.string().trim().min(3).max(5), agency: z.string().trim().min(1).max(10) }),
      z.object({ kind: z.literal("IPEF"), cnpj: z.string().trim().min(14).max(18) }),
      z.object({ kind: z.literal("PIX"), key: z.string().trim().min(2).max(60) }),
    ]),
  })
  // infPrazo is "informar somente se indPag for à Prazo" (evPagtoOperMDFe_v3.00.xsd), and a payment in instalments lists them.
  .refine((p) => (p.method === "INSTALLMENTS") === p.installments.length > 0, { message: "INSTALLMENTS lists its installments; CASH has none", path: ["installments"] })
  .refine((p) => p.method === "INSTALLMENTS" || p.advanceValue == null, { message: "advanceValue only with INSTALLMENTS", path: ["advanceValue"] })
  .refine((p) => p.components.every((c) => c.type !== "OTHER" || c.description), { message: "an OTHER component needs a description (xComp)", path: ["components"] });

export const CreateTransportManifestInput = z.object({
  /** ROAD only for now: AIR, WATER and RAIL are 422 unsupported_modal. */
  modal: z.enum(["ROAD", "AIR", "WATER", "RAIL"]).default("ROAD"),
  series: z.number().int().min(0).max(999).default(1),
  issuedAt: z.string().datetime({ offset: true }).optional(),
  tripStartAt: z.string().datetime({ offset: true }).optional(),
  /**
   * ide/indCarregaPosterior=1 ("carregamento posterior", MOC MDF-e 3.00a): issued with no documents, one
   * loading municipality that is also the only unloading one, within one state; the NF-e collected on
   * the way are added with POST /v1/transport-manifests/{id}/documents (110115), which the SVRS takes
   * only for such a manifest (708). Without it, give documents or unloading.
   */
  loadingLater: z.boolean().default(false),
  /** infMunCarrega; default: the company's municipality. */
  loading: z.array(Municipality).min(1).max(50).optional(),
  /** infPercurso: the states crossed between the first loading state and the last unloading state. */
  route: z.array(Uf).max(25).default([]),
  /** infMunDescarga given by hand: each municipality with the NF-e (ids or keys) or CT-e keys unloaded there. */
  unloading: z
    .array(Municipality.extend({ documents: z.array(z.union([CarriedDocument, CarriedCte])).min(1).max(2000) }))
    .min(1)
    .max(100)
    .optional(),
  /** The company's own NF-e (ids or keys), grouped by the server into infMunDescarga by where each is unloaded (its delivery place, else its recipient's address). */
  documents: z.array(CarriedDocument).min(1).max(2000).optional(),
  vehicle: ManifestVehicle,
  trailers: z.array(Trailer).max(3).default([]),
  drivers: z.array(Driver).min(1).max(10),
  /** infANTT/RNTRC of the issuer when it has one (ETC/TAC). */
  rntrc: z.string().regex(/^\d{8}$/, "RNTRC has 8 digits").nullable().optional(),
  product: z.object({
    cargoType: z.enum(["01", "02", "03", "04", "05", "06", "07", "08", "09", "10", "11", "12"]).default("05"),
    description: z.string().trim().min(2).max(120),
    ncm: z.string().regex(/^(\d{2}|\d{8})$/, "NCM has 2 or 8 digits").nullable().optional(),
    gtin: z.string().regex(/^(SEM GTIN|\d{8}|\d{12,14})$/).nullable().optional(),
  }),
  cargo: z
    .object({
      unit: z.enum(["KG", "TON"]).default("KG"),
      /** qCarga; default: the sum of the carried NF-e gross weights (transp/vol/pesoB), in the unit. */
      quantity: Decimal(4).optional(),
      /** vCarga; default: the sum of the carried NF-e totals (vNF). */
      value: Decimal(2).optional(),
    })
    .default({ unit: "KG" }),
  /** infPag of the modal (NT MDF-e 2021.002): required by NT 2025.001 (F55b, 302) for a carga lotação (one DF-e) issued by a transport service provider, i.e. with a single CT-e. */
  payments: z.array(OperationPayment).max(10).default([]),
  insurance: z
    .array(
      z.object({
        responsible: z.enum(["ISSUER", "CONTRACTOR"]),
        responsibleDocument: Document.nullable().optional(),
        insurerName: z.string().trim().max(30).nullable().optional(),
        insurerCnpj: z.string().trim().max(18).nullable().optional(),
        policyNumber: z.string().trim().max(20).nullable().optional(),
        endorsements: z.array(z.string().trim().min(1).max(40)).max(20).default([]),
      }),
    )
    .max(10)
    .default([]),
  seals: z.array(z.string().trim().min(1).max(20)).max(20).default([]),
  additionalInformation: z.string().trim().max(5000).nullable().optional(),
})
  .refine((b) => b.loadingLater || (b.unloading === undefined) !== (b.documents === undefined), { message: "give documents (our NF-e, grouped by the server) or unloading (municipalities with their documents), one of them", path: ["documents"] })
  // Rule 706 (MOC MDF-e 3.00a): a manifest loaded later lists no document at issue.
  .refine((b) => !b.loadingLater || (b.unloading === undefined && b.documents === undefined), { message: "a manifest with loadingLater carries no documents at issue: add them with POST /v1/transport-manifests/{id}/documents", path: ["loadingLater"] });
export type CreateTransportManifestInput = z.infer<typeof CreateTransportManifestInput>;

export const ManifestIdParams = z.object({ id: z.string().min(1).max(64) });
export const ManifestEventParams = ManifestIdParams.extend({ eventId: z.string().min(1).max(64) });
/** download=true: Content-Disposition attachment (as GET /v1/fiscal-documents/{id}/events/{eventId}/xml). */
export const ManifestEventXmlQuery = z.object({ download: booleanFlag });
export type ManifestEventXmlQuery = z.infer<typeof ManifestEventXmlQuery>;
/** preview=true: a REJECTED manifest's DAMDFE as it would print, without fiscal value. */
export const ManifestDamdfeQuery = z.object({ preview: booleanFlag });

export const CloseManifestInput = z.object({
  /** Where the trip ended (cMun of evEncMDFe; its state is the first two digits, cUF). Default: the last unloading municipality. */
  municipalityCode: MunicipalityCode.optional(),
  /** dtEnc; default today in the issuer's state. */
  closedOn: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "must be YYYY-MM-DD").optional(),
});
export type CloseManifestInput = z.infer<typeof CloseManifestInput>;

// xJust of evCancMDFe is TJust: 15 to 255 characters.
export const CancelManifestInput = z.object({ justification: z.string().trim().min(15).max(255) });
export type CancelManifestInput = z.infer<typeof CancelManifestInput>;

/**
 * Inclusão de DF-e (110115): NF-e loaded on the way, as at creation either grouped by the caller
 * (`unloading`) or named by id/key and grouped by the server (`documents`); `loading` defaults to the
 * manifest's first loading municipality.
 */
export const AddDocumentsInput = z
  .object({
    loading: Municipality.optional(),
    /** infDoc given by hand: each unloading municipality with its NF-e (ids or keys). */
    unloading: z
      .array(Municipality.extend({ documents: z.array(CarriedDocument).min(1).max(2000) }))
      .min(1)
      .max(100)
      .optional(),
    /** The company's own AUTHORIZED NF-e (ids or keys), each placed by the server where it is unloaded (delivery place, else recipient), as at creation. */
    documents: z.array(CarriedDocument).min(1).max(2000).optional(),
  })
  .refine((b) => (b.unloading === undefined) !== (b.documents === undefined), { message: "give documents (our NF-e, grouped by the server) or unloading (municipalities with their documents), one of them", path: ["documents"] });
export type AddDocumentsInput = z.infer<typeof AddDocumentsInput>;

/** Pagamento da operação de transporte (110116): the trips the payment covers and its infPag groups. */
export const AddPaymentInput = z.object({
  /** infViagens: qtdViagens and nroViagem (5 digits); default one trip, this one. */
  trips: z
    .object({ total: z.number().int().min(1).max(99_999), number: z.number().int().min(1).max(99_999) })
    .refine((t) => t.number <= t.total, { message: "number must not exceed total" })
    .default({ total: 1, number: 1 }),
  payments: z.array(OperationPayment).min(1).max(10),
});
export type AddPaymentInput = z.infer<typeof AddPaymentInput>;

export const AddDriverInput = Driver;
export type AddDriverInput = z.infer<typeof AddDriverInput>;

export const TransportManifestStatus = z.enum(["PROCESSING", "AUTHORIZED", "REJECTED", "CLOSED", "CANCELLED", "CONTINGENCY"]);

export const ListTransportManifestsQuery = PaginationQuery.extend({
  status: TransportManifestStatus.optional(),
  plate: z.string().trim().toUpperCase().max(8).optional(),
  accessKey: z.string().trim().max(44).optional(),
});
export type ListTransportManifestsQuery = z.infer<typeof ListTransportManifestsQuery>;

export const TransportManifestEventResponse = z.object({
  /** GET /v1/transport-manifests/{id}/events/{eventId}/xml downloads a REGISTERED one's procEventoMDFe. */
  id: z.string(),
  type: z.enum(["CANCELLATION", "CLOSING", "DRIVER_ADDED", "DOCUMENTS_ADDED", "PAYMENT"]),
  eventCode: z.string(),
  sequence: z.number().int(),
  status: z.enum(["PENDING", "REGISTERED", "REFUSED", "NOT_REGISTERED"]),
  protocol: z.string().nullable(),
  cStat: z.string().nullable(),
  reason: z.string().nullable(),
  createdAt: z.string(),
});

export const TransportManifestResponse = z.object({
  id: z.string(),
  status: TransportManifestStatus,
  environment: z.enum(["PRODUCTION", "HOMOLOGATION"]),
  model: z.literal("58"),
  series: z.number().int(),
  number: z.number().int(),
  accessKey: z.string(),
  protocol: z.string().nullable(),
  authorizedAt: z.string().nullable(),
  rejectionCode: z.string().nullable(),
  rejectionReason: z.string().nullable(),
  startState: z.string(),
  endState: z.string(),
  vehiclePlate: z.string(),
  /** Issued with indCarregaPosterior=1: documents come by POST …/documents (110115), the only manifests that take them. */
  loadingLater: z.boolean(),
  drivers: z.array(z.object({ name: z.string(), cpf: z.string() })),
  documents: z.array(z.object({ accessKey: z.string(), documentId: z.string().nullable(), unloadingMunicipalityCode: z.string(), unloadingMunicipalityName: z.string() })),
  qrCode: z.string(),
  closedAt: z.string().nullable(),
  closedOn: z.string().nullable(),
  cancelledAt: z.string().nullable(),
  cancellationReason: z.string().nullable(),
  events: z.array(TransportManifestEventResponse),
  issuedAt: z.string(),
  createdAt: z.string(),
});
export type TransportManifestResponse = z.infer<typeof TransportManifestResponse>;

export const TransportManifestPage = pageSchema(TransportManifestResponse);

/** GET /v1/transport-manifests/open: the page, and what MDFeConsNaoEnc answered and changed here. */
export const OpenTransportManifestPage = z.object({
  data: z.array(TransportManifestResponse),
  meta: TransportManifestPage.shape.meta.extend({
    authority: z.object({
      /** false: the SVRS could not be asked (no certificate, no answer); the list is our records. */
      consulted: z.boolean(),
      cStat: z.string().nullable(),
      reason: z.string().nullable(),
      checkedAt: z.string(),
      /** Our manifests whose status changed to match the authority's (closed or cancelled elsewhere; a lost authorization). */
      reconciled: z.array(z.object({ id: z.string(), accessKey: z.string(), from: TransportManifestStatus, to: TransportManifestStatus })),
      /** Open at the authority under the company's CNPJ, unknown here (issued by another system). */
      notRecorded: z.array(z.object({ accessKey: z.string(), protocol: z.string() })),
    }),
  }),
});
export type OpenTransportManifestPage = z.infer<typeof OpenTransportManifestPage>;
