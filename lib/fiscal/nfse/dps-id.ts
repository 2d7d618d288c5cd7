// DPS Id (XSD TSIdDPS, Anexo I LEIAUTE): "DPS" + cLocEmi (7) + tpInsc (1: CPF,
// 2: CNPJ) + inscription (14, zero-padded) + série (5) + nDPS (15) = 45 characters.

export function buildDpsId(input: { issuingMunicipality: string; cnpj?: string | null; cpf?: string | null; series: number; number: number }): string {
  const [tpInsc, inscription] = input.cnpj ? ["2", input.cnpj] : ["1", input.cpf ?? ""];
  return `DPS${input.issuingMunicipality}${tpInsc}${inscription.padStart(14, "0")}${String(input.series).padStart(5, "0")}${String(input.number).padStart(15, "0")}`;
}

export type DpsIdFields = { issuingMunicipality: string; tpInsc: string; inscription: string; series: number; number: number };

export function parseDpsId(id: string): DpsIdFields | null {
  // TSIdDPS of bundle 20260727: letters only in a CNPJ (tpInsc 2).
  const match = /^DPS(\d{7})(?:(1)(\d{14})|(2)([0-9A-Z]{14}))(\d{5})(\d{15})$/.exec(id);
  if (!match) return null;
  const [, issuingMunicipality, cpfType, cpfPadded, cnpjType, cnpj, series, number] = match as unknown as string[];
  const tpInsc = cpfType ?? cnpjType;
  const padded = cpfPadded ?? cnpj;
  const inscription = tpInsc === "1" ? padded!.slice(3) : padded!;
  return { issuingMunicipality: issuingMunicipality!, tpInsc: tpInsc!, inscription, series: Number(series), number: Number(number) };
}
