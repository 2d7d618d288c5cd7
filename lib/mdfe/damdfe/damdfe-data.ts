import type { TransportManifest, TransportManifestDocument } from "@prisma/client";
import type { MdfeInput } from "../xml/types";

// What the DAMDFE shows, read from the manifest row (its resolved input and the authority's data).

export type DamdfeData = {
  /** "" on a preview: no key exists before the number is taken. */
  accessKey: string;
  series: number;
  /** null on a preview of a manifest not yet numbered. */
  number: number | null;
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
  /**
   * A preview (POST /v1/transport-manifests/preview, or GET …/{id}/damdfe?preview=true of a REJECTED
   * one): printed without key, barcode, QR Code or protocol, marked PRÉ-VISUALIZAÇÃO – SEM VALOR
   * FISCAL, as the DANFE preview of a draft NF-e (lib/downloads/preview-danfe-data.ts).
   */
  preview: boolean;
  /** null on a preview. */
  qrCodePng: string | null;
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
  return {
    ...commonData(input, manifest.documents),
    accessKey: manifest.accessKey,
    number: manifest.number,
    issuedAt: manifest.issuedAt.toISOString(),
    protocol: manifest.protocol,
    authorizedAt: manifest.authorizedAt?.toISOString() ?? null,
    situation: SITUATION[manifest.status],
    // tpEmis, position 35 of the key: 2 contingência off-line.
    contingency: manifest.accessKey[34] === "2",
    homologation: manifest.environment === "HOMOLOGATION",
    preview: false,
    qrCodePng,
  };
}

/** The unloading rows a preview prints: the resolved request's, or a REJECTED manifest's. */
export type DamdfePreviewDocument = Pick<TransportManifestDocument, "accessKey" | "unloadingMunicipalityCode" | "unloadingMunicipalityName">;

/**
 * What a manifest not yet authorized would print: the resolved input emission builds the XML from,
 * with its number when it has one (a REJECTED manifest keeps it), and nothing the authority gives.
 */
export function damdfePreviewData(input: Omit<MdfeInput, "number">, documents: DamdfePreviewDocument[], number: number | null): DamdfeData {
  return {
    ...commonData(input, documents),
    accessKey: "",
    number,
    issuedAt: new Date(input.issuedAt).toISOString(),
    protocol: null,
    authorizedAt: null,
    situation: "PRÉ-VISUALIZAÇÃO (NÃO EMITIDO)",
    contingency: false,
    homologation: input.environment === "HOMOLOGATION",
    preview: true,
    qrCodePng: null,
  };
}

function commonData(input: Omit<MdfeInput, "number">, documents: DamdfePreviewDocument[]) {
  const a = input.issuer.address;
  const vehicle = input.rodo.vehicle;
  return {
    series: input.series,
    startUf: input.startUf,
    endUf: input.endUf,
    route: input.route ?? [],
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
    documents: documents.map((d) => ({ accessKey: d.accessKey, municipality: `${d.unloadingMunicipalityName} (${d.unloadingMunicipalityCode})` })),
    cargoUnit: input.cargoUnit,
    cargoQuantity: input.cargoQuantity,
    cargoValue: input.cargoValue,
    product: input.product.description,
    additionalInfo: input.additionalInfo?.complementary ?? null,
  };
}
