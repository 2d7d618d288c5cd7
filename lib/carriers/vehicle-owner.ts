import type { Vehicle } from "@prisma/client";
import { cnpjProblem, isValidCpf, normalizeDocument } from "@/lib/br";
import { assertThirdPartyStateRegistration, normalizeStateRegistration } from "@/lib/companies/state-registration";
import { validationError } from "@/lib/errors";
import type { VehicleOwner, VehicleResponse } from "./schemas";

// A registered vehicle's owner (the MDF-e's prop group) is kept in seven columns written together:
// all set, or all null (the vehicle is the issuer's own).

type OwnerColumns = Pick<Vehicle, "ownerDocumentType" | "ownerDocument" | "ownerRntrc" | "ownerName" | "ownerStateRegistration" | "ownerState" | "ownerType">;

const NO_OWNER: OwnerColumns = { ownerDocumentType: null, ownerDocument: null, ownerRntrc: null, ownerName: null, ownerStateRegistration: null, ownerState: null, ownerType: null };

/** The columns to write: undefined leaves them, null clears them; the document's and the IE's check digits are checked (400). */
export function ownerColumns(owner: VehicleOwner | null | undefined): Partial<OwnerColumns> {
  if (owner === undefined) return {};
  if (owner === null) return NO_OWNER;
  const document = normalizeDocument(owner.document.value);
  const problem = owner.document.type === "CPF" ? (isValidCpf(document) && document.length === 11 ? null : "check digits or length do not match") : cnpjProblem(document);
  if (problem) throw validationError(`body.owner.document.value: invalid ${owner.document.type}: ${problem}`);
  const stateRegistration = normalizeStateRegistration(owner.stateRegistration);
  assertThirdPartyStateRegistration(stateRegistration, owner.state, "body.owner.stateRegistration");
  return {
    ownerDocumentType: owner.document.type,
    ownerDocument: document,
    ownerRntrc: owner.rntrc,
    ownerName: owner.name,
    ownerStateRegistration: stateRegistration,
    ownerState: owner.state,
    ownerType: owner.ownerType,
  };
}

/** The stored owner in the shape of the API (and of a manifest's inline vehicle.owner), or null. */
export function ownerOfVehicle(vehicle: OwnerColumns): VehicleResponse["owner"] {
  const { ownerDocumentType, ownerDocument, ownerRntrc, ownerName, ownerStateRegistration, ownerState, ownerType } = vehicle;
  if (!ownerDocumentType || !ownerDocument || !ownerRntrc || !ownerName || ownerStateRegistration === null || !ownerState || !ownerType) return null;
  return {
    // Written only through the enums of the contract (schemas.ts).
    document: { type: ownerDocumentType as "CPF" | "CNPJ", value: ownerDocument },
    rntrc: ownerRntrc,
    name: ownerName,
    stateRegistration: ownerStateRegistration,
    state: ownerState,
    ownerType: ownerType as NonNullable<VehicleResponse["owner"]>["ownerType"],
  };
}
