import type { Company } from "@prisma/client";
import Decimal from "decimal.js";
import { STATES } from "@/lib/br";
import { normalizePlate } from "@/lib/carriers/plate";
import { db } from "@/lib/db/client";
import { DomainError, unprocessable } from "@/lib/errors";
import { assertSupportedModal } from "./xml/build-mdfe";
import type { MdfeInput, MdfeVehicle, MdfeVehicleOwner } from "./xml/types";
import { MDFE_BODY_TYPES, MDFE_WHEEL_TYPES, type CreateTransportManifestInput } from "./schemas";

// From the API request and our records to the builder's input: the NF-e on board must be the
// company's own AUTHORIZED NF-e (model 55) of the same environment; the vehicle may come from the
// registered vehicles; the states are those of the municipalities (IBGE code prefix = cUF).

export const MDFE_APPLICATION_VERSION = "notas-mdfe 1.0";

const MODALS = { ROAD: "1", AIR: "2", WATER: "3", RAIL: "4" } as const;

export type CarriedDocumentRow = { documentId: string | null; accessKey: string; municipalityCode: string; municipalityName: string };

export function ufOfMunicipality(code: string): string {
  const state = STATES.find((s) => s.cUF === code.slice(0, 2));
  if (!state) throw unprocessable("invalid_municipality", `Municipality ${code} is not an IBGE code of a Brazilian state`);
  return state.uf;
}

function owner(o: { document: { type: "CNPJ" | "CPF"; value: string }; rntrc: string; name: string; stateRegistration: string; state: string; ownerType: string } | null | undefined): MdfeVehicleOwner | null {
  if (!o) return null;
  const ownerType = ({ TAC_AGGREGATED: "0", TAC_INDEPENDENT: "1", OTHER: "2" } as const)[o.ownerType as "OTHER"];
  return { document: o.document, rntrc: o.rntrc, name: o.name, stateRegistration: o.stateRegistration, uf: o.state, ownerType };
}

/** The NF-e of `unloading`, checked: the company's own AUTHORIZED NF-e of its environment, each once. */
export async function carriedDocuments(companyId: string, environment: Company["environment"], body: Pick<CreateTransportManifestInput, "unloading">): Promise<{ rows: CarriedDocumentRow[]; total: Decimal }> {
  const ids = body.unloading.flatMap((u) => u.documents.flatMap((d) => ("documentId" in d ? [d.documentId] : [])));
  const keys = body.unloading.flatMap((u) => u.documents.flatMap((d) => ("accessKey" in d ? [d.accessKey] : [])));
  const found = await db.fiscalDocument.findMany({
    where: { companyId, OR: [{ id: { in: ids } }, { accessKey: { in: keys } }] },
    select: { id: true, type: true, status: true, accessKey: true, environment: true, totalValue: true },
  });
  const byId = new Map(found.map((d) => [d.id, d]));
  const byKey = new Map(found.filter((d) => d.accessKey).map((d) => [d.accessKey!, d]));
  const rows: CarriedDocumentRow[] = [];
  const seen = new Set<string>();
  let total = new Decimal(0);
  for (const unloading of body.unloading) {
    for (const ref of unloading.documents) {
      const label = "documentId" in ref ? `Document ${ref.documentId}` : `NF-e ${ref.accessKey}`;
      const document = "documentId" in ref ? byId.get(ref.documentId) : byKey.get(ref.accessKey);
      if (!document) throw unprocessable("invalid_document", `${label} is not a document of this company`);
      if (document.type !== "NFE") throw unprocessable("invalid_document", `${label} is an ${document.type}: an MDF-e carries NF-e (model 55)`);
      if (document.status !== "AUTHORIZED" || !document.accessKey) throw unprocessable("invalid_document", `${label} is ${document.status}: only AUTHORIZED NF-e can be manifested`);
      if (document.environment !== environment) throw unprocessable("invalid_document", `${label} was issued in ${document.environment}; the company now issues in ${environment}`);
      if (seen.has(document.accessKey)) throw unprocessable("invalid_document", `${label} is listed twice`);
      seen.add(document.accessKey);
      total = total.plus(document.totalValue.toString());
      rows.push({ documentId: document.id, accessKey: document.accessKey, municipalityCode: unloading.code, municipalityName: unloading.name });
    }
  }
  return { rows, total };
}

async function tractionVehicle(companyId: string, body: CreateTransportManifestInput): Promise<MdfeInput["rodo"]["vehicle"]> {
  const v = body.vehicle;
  let plate = v.plate ? normalizePlate(v.plate) : null;
  let uf = v.state ?? null;
  // A registered vehicle gives what the request leaves out (RENAVAM, tara, capacities, tpCar, tpRod: stored with the vehicle).
  let stored: Partial<Record<"renavam" | "bodyType" | "wheelType", string | null> & Record<"tareKg" | "capacityKg" | "capacityM3", number | null>> = {};
  if (v.vehicleId) {
    const registered = await db.vehicle.findFirst({
      where: { id: v.vehicleId, carrier: { companyId } },
      select: { plate: true, state: true, renavam: true, tareKg: true, capacityKg: true, capacityM3: true, bodyType: true, wheelType: true },
    });
    if (!registered) throw unprocessable("invalid_vehicle", `Vehicle ${v.vehicleId} is not a vehicle of this company's carriers`);
    plate ??= registered.plate;
    uf ??= registered.state;
    stored = registered;
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
    owner: owner(v.owner),
  };
}

export type ResolvedManifest = { input: Omit<MdfeInput, "number" | "cMDF">; documents: CarriedDocumentRow[] };

/** The builder's input without number and cMDF (given at numbering), and the NF-e rows to store. */
export async function resolveManifest(company: Company, body: CreateTransportManifestInput, now: Date): Promise<ResolvedManifest> {
  assertSupportedModal(MODALS[body.modal]);
  const { rows, total } = await carriedDocuments(company.id, company.environment, body);
  const loading = body.loading ?? [{ code: company.municipalityCode, name: company.city ?? "" }];
  if (loading.some((m) => m.name.length < 2)) throw unprocessable("invalid_municipality", "Give loading municipalities: the company has no city name to default to");
  const startUf = ufOfMunicipality(loading[0]!.code);
  if (loading.some((m) => ufOfMunicipality(m.code) !== startUf)) throw unprocessable("invalid_municipality", "All loading municipalities must be in one state (UFIni)");
  const endUf = ufOfMunicipality(body.unloading[body.unloading.length - 1]!.code);
  if (body.unloading.some((m) => ufOfMunicipality(m.code) !== endUf)) throw unprocessable("invalid_municipality", "All unloading municipalities must be in one state (UFFim)");
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
  const municipalities = new Map<string, { code: string; name: string; keys: string[] }>();
  for (const row of rows) {
    const entry = municipalities.get(row.municipalityCode) ?? { code: row.municipalityCode, name: row.municipalityName, keys: [] };
    entry.keys.push(row.accessKey);
    municipalities.set(row.municipalityCode, entry);
  }
  const input: ResolvedManifest["input"] = {
    environment: company.environment,
    modal: "1",
    // tpEmit 2: the company carries its own goods (transportador de carga própria); issue 55's case.
    issuerType: "2",
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
    unloading: [...municipalities.values()].map((m) => ({ municipality: { code: m.code, name: m.name }, nfeKeys: m.keys })),
    rodo: {
      antt: body.rntrc ? { rntrc: body.rntrc } : null,
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
    cargoQuantity: new Decimal(body.cargo.quantity).toFixed(4),
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
