import { validationError } from "@/lib/errors";
// State registration (IE): "ISENTO", or the digits of one of the UF's layouts
// with matching check digits (Sintegra, "Conferência de Inscrições Estaduais";
// the rules per state are in state-registration-forms.ts). Catching a mistyped
// IE here spares a SEFAZ rejection (209/229) at emission.
import { IE_FORMS } from "./state-registration-forms";

export const EXEMPT_STATE_REGISTRATION = "ISENTO";

/** Uppercased "ISENTO", or the digits only (punctuation removed). */
export function normalizeStateRegistration(value: string): string {
  const trimmed = value.trim().toUpperCase();
  return trimmed === EXEMPT_STATE_REGISTRATION ? trimmed : trimmed.replace(/[.\-/\s]/g, "");
}

/** Null when valid for the UF, else the reason. */
export function stateRegistrationProblem(value: string, uf: string): string | null {
  const ie = normalizeStateRegistration(value);
  if (ie === EXEMPT_STATE_REGISTRATION) return null;
  // SP's rural producer form (P-0MMMSSSS.D/NNN) cannot be sent: the NF-e IE field takes digits only.
  if (uf === "SP" && /^P\d{12}$/.test(ie)) return 'the rural producer IE of SP ("P" + 12 digits) is not supported';
  if (!/^\d+$/.test(ie)) return 'must contain only digits, or be "ISENTO"';
  const forms = IE_FORMS[uf];
  if (!forms) return `unknown state ${uf}`;
  const form = forms.find((f) => f.length === ie.length);
  if (!form) {
    const lengths = forms.map((f) => f.length).sort((a, b) => a - b);
    return `an IE of ${uf} has ${lengths.join(" or ")} digits (got ${ie.length})`;
  }
  if (/^0+$/.test(ie)) return "cannot be all zeros";
  const shape = form.shapeProblem?.(ie);
  if (shape) return shape;
  if (form.withCheckDigits(ie) !== ie && !form.alsoValid?.(ie)) return `check digit does not match for an IE of ${uf}`;
  return null;
}

/**
 * A valid IE of the UF's current layout for test and demo companies: the first
 * 8 digits of the seed (a CNPJ, say), 1s up to the length, then the check digits.
 */
export function sampleStateRegistration(uf: string, seed = "11022233"): string {
  const form = IE_FORMS[uf]?.[0];
  if (!form) throw new Error(`unknown state ${uf}`);
  const base = seed.replace(/\D/g, "").padEnd(8, "0").slice(0, 8);
  return form.withCheckDigits(base.padEnd(form.length, "1").slice(0, form.length));
}

/**
 * A third party's IE (client, carrier) against its state: 400 validation_error naming `path`.
 * Only checked when both are known and the state is a UF (not EX, abroad): the IE is printed on
 * the NF-e (dest/IE, transporta/IE) and the SEFAZ refuses one that is invalid for its UF.
 */
export function assertThirdPartyStateRegistration(stateRegistration: string | null | undefined, state: string | null | undefined, path: string): void {
  if (!stateRegistration || !state || state === "EX") return;
  const problem = stateRegistrationProblem(stateRegistration, state);
  if (problem) throw validationError(`${path}: ${problem}`);
}
