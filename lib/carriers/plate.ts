import { unprocessable } from "@/lib/errors";

// Old Brazilian plates (ABC1234) and Mercosul plates (ABC1D23): three letters,
// a digit, a letter or digit, two digits (Resolução CONTRAN 780/2019).
const PLATE = /^[A-Z]{3}\d[A-Z0-9]\d{2}$/;

/** Normalizes a plate to A-Z0-9 (spec, Product and carrier rules 1); 422 invalid_plate when implausible. */
export function normalizePlate(input: string): string {
  const plate = input.toUpperCase().replace(/[^A-Z0-9]/g, "");
  if (!PLATE.test(plate)) {
    throw unprocessable("invalid_plate", `Plate ${input} is not a Brazilian plate: expected ABC1234 or the Mercosul format ABC1D23`);
  }
  return plate;
}
