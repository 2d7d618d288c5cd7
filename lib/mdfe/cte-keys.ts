import { ACCESS_KEY_PATTERN, CNPJ_EXCLUDED_LETTERS, modulus11CheckDigit, STATES } from "@/lib/br";

// A CT-e key (model 57) listed in infMunDescarga/infCTe/chCTe. The SVRS checks each with rule 601
// "Chave de acesso do CT-e informada inválida [chCTe:…][Motivo: …]" (MOC MDF-e 3.00a unified 617-621,
// 670 and 588 into 601: blog.exas.com.br "MDFe – MOC Versão 3.00A"; activecorp.com.br 2019). We check
// what a key says by itself, before numbering: layout (TChCTe), UF, month, model 57 and the mod-11
// check digit; whether the CT-e exists is the SVRS's to say.

export const CTE_MODEL = "57";

/** Why the key cannot be a CT-e key, or null when it can. */
export function cteKeyProblem(key: string): string | null {
  if (!ACCESS_KEY_PATTERN.test(key) || CNPJ_EXCLUDED_LETTERS.some((l) => key.slice(6, 18).includes(l))) return "it is not a 44-character access key (TChCTe)";
  if (String(modulus11CheckDigit(key.slice(0, 43))) !== key.slice(43)) return `its check digit is wrong (${key.slice(43)}; mod 11 gives ${modulus11CheckDigit(key.slice(0, 43))})`;
  const model = key.slice(20, 22);
  if (model !== CTE_MODEL) return `its model digits are ${model}, not 57 (CT-e)`;
  const cUF = key.slice(0, 2);
  if (!STATES.some((s) => s.cUF === cUF)) return `its state code ${cUF} is not a Brazilian state`;
  const month = Number(key.slice(4, 6));
  if (month < 1 || month > 12) return `its month ${key.slice(4, 6)} is not a month`;
  return null;
}
