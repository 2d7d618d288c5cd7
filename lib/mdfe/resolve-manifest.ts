import type { Company } from "@prisma/client";
import Decimal from "decimal.js";
import { STATES } from "@/lib/br";
import { normalizePlate } from "@/lib/carriers/plate";
import type { VEHICLE_OWNER_TYPES } from "@/lib/carriers/schemas";
import { ownerOfVehicle } from "@/lib/carriers/vehicle-owner";
import { db } from "@/lib/db/client";
import { DomainError, unprocessable } from "@/lib/errors";
import { documentsOfRequest, isCteKey, type CarriedDocuments, type CarriedDocumentRow } from "./carried-documents";
import { toInfPag } from "./operation-payments";
import { assertSupportedModal } from "./xml/build-mdfe";
import type { MdfeInput, MdfeVehicle, MdfeVehicleOwner } from "./xml/types";
import { MDFE_BODY_TYPES, MDFE_WHEEL_TYPES, type CreateTransportManifestInput } from "./schemas";

// From the API request and our records to the builder's input: the documents on board
// (carried-documents.ts: our own AUTHORIZED NF-e, grouped by unloading municipality, or CT-e keys);
// the vehicle may come from the registered vehicles; the states are those of the municipalities
// (IBGE code prefix = cUF).

export const MDFE_APPLICATION_VERSION = "notas-mdfe 1.0";

const MODALS = { ROAD: "1", AIR: "2", WATER: "3", RAIL: "4" } as const;

export function ufOfMunicipality(code: string): string {
  const state = STATES.find((s) => s.cUF === code.slice(0, 2));
  if (!state) throw unprocessable("invalid_municipality", `Municipality ${code} is not an IBGE code of a Brazilian state`);
  return state.uf;
}

const OWNER_TYPES = { TAC_AGGREGATED: "0", TAC_INDEPENDENT: "1", OTHER: "2" } as const satisfies Record<(typeof VEHICLE_OWNER_TYPES)[number], string>;

function owner(o: { document: { type: "CNPJ" | "CPF"; value: string }; rntrc: string; name: string; stateRegistration: string; state: string; ownerType: (typeof VEHICLE_OWNER_TYPES)[number] } | null | undefined): MdfeVehicleOwner | null {
  if (!o) return null;
  const ownerType = OWNER_TYPES[o.ownerType];
  return { document: o.document, rntrc: o.rntrc, name: o.name, stateRegistration: o.stateRegistration, uf: o.state, ownerType };
}

async function tractionVehicle(companyId: string, body: CreateTransportManifestInput): Promise<MdfeInput["rodo"]["vehicle"]> {
  const v = body.vehicle;
  let plate = v.plate ? normalizePlate(v.plate) : null;
  let uf = v.state ?? null;
  // A registered vehicle gives what the request leaves out (RENAVAM, tara, capacities, tpCar, tpRod and the owner: stored with the vehicle).
  let stored: Partial<Record<"renavam" | "bodyType" | "wheelType", string | null> & Record<"tareKg" | "capacityKg" | "capacityM3", number | null>> & { owner?: ReturnType<typeof ownerOfVehicle> } = {};
  if (v.vehicleId) {
    const registered = await db.vehicle.findFirst({
      where: { id: v.vehicleId, carrier: { companyId } },
      select: {
        plate: true, state: true, renavam: true, tareKg: true, capacityKg: true, capacityM3: true, bodyType: true, wheelType: true,
        ownerDocumentType: true, ownerDocument: true, ownerRntrc: true, ownerName: true, ownerStateRegistration: true, ownerState: true, ownerType: true,
      },
    });
    if (!registered) throw unprocessable("invalid_vehicle", `Vehicle ${v.vehicleId} is not a vehicle of this company's carriers`);
    plate ??= registered.plate;
    uf ??= registered.state;
    stored = { ...registered, owner: ownerOfVehicle(registered) };
  }
  const tareKg = v.tareKg ?? stored.tareKg ?? null;
  const bodyType = (v.bodyType ?? stored.bodyType ?? null) as keyof typeof MDFE_BODY_TYPES | null;
  const wheelType = (v.wheelType ?? stored.wheelType ?? null) as keyof typeof MDFE_WHEEL_TYPES | null;
  const missing = [tareKg === null && "tareKg", !bodyType && "bodyType", !wheelType && "wheelType"].filter(Boolean);
  if (missing.length > 0) throw unprocessable("invalid_vehicle", `The vehicle needs ${missing.join(", ")}: give them in the request or register them with the vehicle`);
  return {
    plate: plate!,
    renavam: v.renavam ?? stored.renavam ?? null,
    tareKg: tareKg!,
    capacityKg: v.capacityKg ?? stored.capacityKg ?? null,
    capacityM3: v.capacityM3 ?? stored.capacityM3 ?? null,
    bodyType: MDFE_BODY_TYPES[bodyType!],
    wheelType: MDFE_WHEEL_TYPES[wheelType!],
    uf,
    // The request's owner wins, null included (this trip the vehicle is the issuer's); absent, the register's.
    owner: owner(v.owner !== undefined ? v.owner : stored.owner),
  };
}

/**
 * tpEmit from what is carried: NF-e → 2 (transportador de carga própria, issue 55's case); CT-e →
 * 1 (prestador de serviço de transporte). infCTe is "usar este grupo quando for prestador de serviço
 * de transporte" and tpEmit 2 is "para emitentes de NF-e" (mdfeTiposBasico_v3.00.xsd annotations), so
 * one manifest does not mix them. A carga lotação (one DF-e) of a provider needs the NCM (F55a, 301)
 * and infPag (F55b, 302) of NT MDF-e 2025.001 v1.03: refused here before a number is spent.
 */
function issuerTypeOf(carried: CarriedDocuments, body: CreateTransportManifestInput): "1" | "2" {
  if (carried.cteCount === 0) return "2";
  if (carried.nfeCount > 0) {
    throw unprocessable("invalid_document", "An MDF-e lists CT-e (issued by a transport service provider, tpEmit 1) or the company's own NF-e (carga própria, tpEmit 2), not both: issue one manifest for each");
  }
  if (carried.cteCount === 1 && (!body.product.ncm || body.payments.length === 0)) {
    throw unprocessable("invalid_document", "A manifest of a single CT-e is a carga lotação: it needs product.ncm and payments (infPag) (NT MDF-e 2025.001, rules F55a/F55b)");
  }
  return "1";
}

/** qCarga: as given, else the carried NF-e gross weights (kg, or tonnes for TON). */
function cargoQuantity(carried: CarriedDocuments, cargo: CreateTransportManifestInput["cargo"]): string {
  if (cargo.quantity) return new Decimal(cargo.quantity).toFixed(4);
  if ("missing" in carried.weight) throw unprocessable("invalid_document", `Give cargo.quantity: ${carried.weight.missing}`);
  return (cargo.unit === "TON" ? carried.weight.kg.div(1000) : carried.weight.kg).toFixed(4);
}

/** A manifest loaded later carries nothing at issue (rule 706): no rows, zero totals (vCarga 0.00, qCarga 0.0000). */
const NOTHING_CARRIED: CarriedDocuments = { rows: [], total: new Decimal(0), weight: { kg: new Decimal(0) }, nfeCount: 0, cteCount: 0 };

export type ResolvedManifest = { input: Omit<MdfeInput, "number" | "cMDF">; documents: CarriedDocumentRow[] };

/** The builder's input without number and cMDF (given at numbering), and the NF-e rows to store. */
export async function resolveManifest(company: Company, body: CreateTransportManifestInput, now: Date): Promise<ResolvedManifest> {
  assertSupportedModal(MODALS[body.modal]);
  const carried = body.loadingLater ? NOTHING_CARRIED : await documentsOfRequest(company.id, company.environment, body);
  const { rows, total } = carried;
  const issuerType = issuerTypeOf(carried, body);
  const loading = body.loading ?? [{ code: company.municipalityCode, name: company.city ?? "" }];
  if (loading.some((m) => m.name.length < 2)) throw unprocessable("invalid_municipality", "Give loading municipalities: the company has no city name to default to");
  const startUf = ufOfMunicipality(loading[0]!.code);
  if (loading.some((m) => ufOfMunicipality(m.code) !== startUf)) throw unprocessable("invalid_municipality", "All loading municipalities must be in one state (UFIni)");
  // Carregamento posterior (MOC MDF-e 3.00a G022/G023, 703/704): one loading municipality, which is
  // also the only unloading one, so one state and no route; tpEmit 2 (G025, 707) follows from carrying NF-e.
  if (body.loadingLater && loading.length > 1) throw unprocessable("invalid_municipality", "A manifest with loadingLater has one loading municipality, which is also its unloading municipality (MOC MDF-e 3.00a, rule 703)");
  if (body.loadingLater && body.route.length > 0) throw unprocessable("invalid_route", "A manifest with loadingLater stays within one state: no route (MOC MDF-e 3.00a, rule 704)");
  const endUf = body.loadingLater ? startUf : ufOfMunicipality(rows[rows.length - 1]!.municipalityCode);
  if (rows.some((m) => ufOfMunicipality(m.municipalityCode) !== endUf)) throw unprocessable("invalid_municipality", "All unloading municipalities must be in one state (UFFim)");
  if (body.route.includes(startUf) || body.route.includes(endUf)) {
    throw unprocessable("invalid_route", "route lists only the states crossed between the loading state and the unloading state, not those two");
  }
  if (!company.street || !company.streetNumber || !company.neighborhood || !company.city || !company.stateRegistration) {
    throw new DomainError(422, "fiscal_settings_incomplete", "The company's address (street, number, district, city) and state registration are needed for the MDF-e issuer (emit)");
  }
  const trailers: MdfeVehicle[] = body.trailers.map((t) => ({
    plate: normalizePlate(t.plate!),
    renavam: t.renavam ?? null,
    tareKg: t.tareKg,
    capacityKg: t.capacityKg,
    capacityM3: t.capacityM3 ?? null,
    bodyType: MDFE_BODY_TYPES[t.bodyType],
    uf: t.state ?? null,
    owner: owner(t.owner),
  }));
  const municipalities = new Map<string, { code: string; name: string; nfeKeys: string[]; cteKeys: string[] }>();
  for (const row of rows) {
    const entry = municipalities.get(row.municipalityCode) ?? { code: row.municipalityCode, name: row.municipalityName, nfeKeys: [], cteKeys: [] };
    (isCteKey(row.accessKey) ? entry.cteKeys : entry.nfeKeys).push(row.accessKey);
    municipalities.set(row.municipalityCode, entry);
  }
  const input: ResolvedManifest["input"] = {
    environment: company.environment,
    modal: "1",
    issuerType,
    series: body.series,
    tpEmis: "1",
    issuedAt: body.issuedAt ? new Date(body.issuedAt) : now,
    tripStartAt: body.tripStartAt ? new Date(body.tripStartAt) : null,
    applicationVersion: MDFE_APPLICATION_VERSION,
    issuer: {
      cnpj: company.cnpj,
      stateRegistration: company.stateRegistration,
      name: company.legalName,
      tradeName: company.tradeName,
      address: {
        street: company.street,
        number: company.streetNumber,
        complement: company.complement,
        district: company.neighborhood,
        municipalityCode: company.municipalityCode,
        municipalityName: company.city,
        uf: company.state,
        zipCode: company.zipCode,
        phone: company.phone,
        email: company.email,
      },
    },
    startUf,
    endUf,
    loading,
    route: body.route,
    unloading: body.loadingLater
      ? [{ municipality: loading[0]!, nfeKeys: [] }]
      : [...municipalities.values()].map((m) => ({ municipality: { code: m.code, name: m.name }, nfeKeys: m.nfeKeys, cteKeys: m.cteKeys })),
    loadingLater: body.loadingLater,
    rodo: {
      antt: body.rntrc || body.payments.length > 0 ? { rntrc: body.rntrc ?? null, payments: body.payments.map(toInfPag) } : null,
      vehicle: await tractionVehicle(company.id, body),
      drivers: body.drivers,
      trailers,
      seals: body.seals,
    },
    insurance: body.insurance.map((s) => ({
      responsible: s.responsible === "ISSUER" ? "1" : "2",
      responsibleDocument: s.responsibleDocument ?? (s.responsible === "ISSUER" ? { type: "CNPJ", value: company.cnpj } : null),
      insurer: s.insurerName && s.insurerCnpj ? { name: s.insurerName, cnpj: s.insurerCnpj } : null,
      policyNumber: s.policyNumber ?? null,
      endorsements: s.endorsements,
    })),
    product: { cargoType: body.product.cargoType, description: body.product.description, ncm: body.product.ncm ?? null, gtin: body.product.gtin ?? null },
    cargoUnit: body.cargo.unit === "TON" ? "02" : "01",
    cargoQuantity: cargoQuantity(carried, body.cargo),
    // vCarga: the value of the goods carried; by default the sum of the NF-e totals (vNF).
    cargoValue: body.cargo.value ? new Decimal(body.cargo.value).toFixed(2) : total.toFixed(2),
    additionalInfo: body.additionalInformation ? { complementary: body.additionalInformation } : null,
    technicalResponsible:
      company.respTecCnpj && company.respTecContact && company.respTecEmail && company.respTecPhone
        ? { cnpj: company.respTecCnpj, contact: company.respTecContact, email: company.respTecEmail, phone: company.respTecPhone, csrt: null }
        : null,
  };
  return { input, documents: rows };
}
