import type { TransportManifest, TransportManifestDocument } from "@prisma/client";
import type { MdfeInput } from "../xml/types";

// What the DAMDFE shows, read from the manifest row (its resolved input and the authority's data).

export type DamdfeData = {
  accessKey: string;
  series: number;
  number: number;
  issuedAt: string;
  startUf: string;
  endUf: string;
  route: string[];
  protocol: string | null;
  authorizedAt: string | null;
  situation: string;
  /** Issued in contingência off-line (tpEmis 2): printed as such, its QR-Code signed. */
  contingency: boolean;
  homologation: boolean;
  qrCodePng: string;
  issuer: { name: string; cnpj: string; stateRegistration: string; address: string };
  rntrc: string | null;
  vehicles: { plate: string; renavam: string | null; uf: string | null; tareKg: string; capacityKg: string | null; kind: string }[];
  drivers: { name: string; cpf: string }[];
  documents: { accessKey: string; municipality: string }[];
  cargoUnit: string;
  cargoQuantity: string;
  cargoValue: string;
  product: string;
  additionalInfo: string | null;
};

const SITUATION: Record<TransportManifest["status"], string> = {
  PROCESSING: "EM PROCESSAMENTO",
  AUTHORIZED: "AUTORIZADO (EM ABERTO)",
  REJECTED: "REJEITADO",
  CLOSED: "ENCERRADO",
  CANCELLED: "CANCELADO",
  CONTINGENCY: "EMITIDO EM CONTINGÊNCIA",
};

export function damdfeData(manifest: TransportManifest & { documents: TransportManifestDocument[] }, qrCodePng: string): DamdfeData {
  const input = manifest.input as unknown as MdfeInput;
  const a = input.issuer.address;
  const vehicle = input.rodo.vehicle;
  return {
    accessKey: manifest.accessKey,
    series: manifest.series,
    number: manifest.number,
    issuedAt: manifest.issuedAt.toISOString(),
    startUf: manifest.startUf,
    endUf: manifest.endUf,
    route: input.route ?? [],
    protocol: manifest.protocol,
    authorizedAt: manifest.authorizedAt?.toISOString() ?? null,
    situation: SITUATION[manifest.status],
    // tpEmis, position 35 of the key: 2 contingência off-line.
    contingency: manifest.accessKey[34] === "2",
    homologation: manifest.environment === "HOMOLOGATION",
    qrCodePng,
    issuer: {
      name: input.issuer.name,
      cnpj: input.issuer.cnpj,
      stateRegistration: input.issuer.stateRegistration,
      address: [a.street, a.number, a.district, `${a.municipalityName} - ${a.uf}`].filter(Boolean).join(", "),
    },
    rntrc: input.rodo.antt?.rntrc ?? null,
    vehicles: [
      { plate: vehicle.plate, renavam: vehicle.renavam ?? null, uf: vehicle.uf ?? null, tareKg: String(vehicle.tareKg), capacityKg: vehicle.capacityKg == null ? null : String(vehicle.capacityKg), kind: "Tração" },
      ...(input.rodo.trailers ?? []).map((t) => ({ plate: t.plate, renavam: t.renavam ?? null, uf: t.uf ?? null, tareKg: String(t.tareKg), capacityKg: t.capacityKg == null ? null : String(t.capacityKg), kind: "Reboque" })),
    ],
    drivers: input.rodo.drivers,
    documents: manifest.documents.map((d) => ({ accessKey: d.accessKey, municipality: `${d.unloadingMunicipalityName} (${d.unloadingMunicipalityCode})` })),
    cargoUnit: input.cargoUnit,
    cargoQuantity: input.cargoQuantity,
    cargoValue: input.cargoValue,
    product: input.product.description,
    additionalInfo: input.additionalInfo?.complementary ?? null,
  };
}
