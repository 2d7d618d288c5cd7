// The simulator checks access keys with its own implementation of the MOC 4.0
// rule (item 5.4: modulus 11, weights 2..9 from the right, remainder 0 or 1 →
// digit 0), independent of the builder's, so a bug there cannot hide here.

export function accessKeyCheckDigit(first43: string): string {
  let sum = 0;
  let weight = 2;
  for (let index = first43.length - 1; index >= 0; index--) {
    // Alphanumeric CNPJ (NT 2026.004): each character counts as its code minus 48.
    sum += (first43.charCodeAt(index) - 48) * weight;
    weight = weight === 9 ? 2 : weight + 1;
  }
  const remainder = sum % 11;
  return remainder < 2 ? "0" : String(11 - remainder);
}

export type AccessKeyFields = { cUF: string; yearMonth: string; cnpj: string; model: string; series: string; number: string; tpEmis: string; cNF: string; cDV: string };

/** The fields an access key is made of, in order (MOC 4.0, item 5.4). */
export function accessKeyOf(fields: AccessKeyFields): string {
  return (
    fields.cUF.padStart(2, "0") +
    fields.yearMonth +
    fields.cnpj.padStart(14, "0") +
    fields.model.padStart(2, "0") +
    fields.series.padStart(3, "0") +
    fields.number.padStart(9, "0") +
    fields.tpEmis +
    fields.cNF.padStart(8, "0") +
    fields.cDV
  );
}

export type AccessKeyProblem = { cStat: "253" | "502"; reason: string };

// NT Conjunta 2025.001, items 4 and 5: the letters the alphanumeric CNPJ does
// not use are not accepted in a key either; refused as a check-digit failure,
// the rejection the NT names for a CNPJ the authorizer cannot accept.
const EXCLUDED_LETTER = /[IOUQF]/;

/** 253 when the check digit is wrong (or the CNPJ has an excluded letter), 502 when the key is not the concatenation of the XML fields. */
export function checkAccessKey(key: string, fields: AccessKeyFields): AccessKeyProblem | null {
  if (!/^[0-9]{6}[0-9A-Z]{12}[0-9]{26}$/.test(key) || EXCLUDED_LETTER.test(key.slice(6, 18)) || accessKeyCheckDigit(key.slice(0, 43)) !== key[43]) {
    return { cStat: "253", reason: "Rejeição: Digito Verificador da chave de acesso composta inválida" };
  }
  if (accessKeyOf(fields) !== key) {
    return { cStat: "502", reason: "Rejeição: Erro na Chave de Acesso - Campo Id não corresponde à concatenação dos campos correspondentes" };
  }
  return null;
}
