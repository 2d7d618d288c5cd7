// Capital of each UF with its IBGE municipality code and a central CEP: the
// address the demo fills in when a company is created with --demo.
export type DemoAddress = { city: string; municipalityCode: string; zipCode: string; street: string; neighborhood: string };

const CAPITALS: Record<string, [city: string, municipalityCode: string, zipCode: string]> = {
  AC: ["Rio Branco", "1200401", "69900000"],
  AL: ["Maceió", "2704302", "57020000"],
  AM: ["Manaus", "1302603", "69005000"],
  AP: ["Macapá", "1600303", "68900000"],
  BA: ["Salvador", "2927408", "40020000"],
  CE: ["Fortaleza", "2304400", "60060000"],
  DF: ["Brasília", "5300108", "70040000"],
  ES: ["Vitória", "3205309", "29010000"],
  GO: ["Goiânia", "5208707", "74003010"],
  MA: ["São Luís", "2111300", "65010000"],
  MG: ["Belo Horizonte", "3106200", "30130000"],
  MS: ["Campo Grande", "5002704", "79002000"],
  MT: ["Cuiabá", "5103403", "78005000"],
  PA: ["Belém", "1501402", "66010000"],
  PB: ["João Pessoa", "2507507", "58010000"],
  PE: ["Recife", "2611606", "50030000"],
  PI: ["Teresina", "2211001", "64000000"],
  PR: ["Curitiba", "4106902", "80010000"],
  RJ: ["Rio de Janeiro", "3304557", "20040020"],
  RN: ["Natal", "2408102", "59025000"],
  RO: ["Porto Velho", "1100205", "76801000"],
  RR: ["Boa Vista", "1400100", "69301000"],
  RS: ["Porto Alegre", "4314902", "90010000"],
  SC: ["Florianópolis", "4205407", "88010000"],
  SE: ["Aracaju", "2800308", "49010000"],
  SP: ["São Paulo", "3550308", "01310100"],
  TO: ["Palmas", "1721000", "77001000"],
};

export function capitalMunicipalityCode(uf: string): string | undefined {
  return CAPITALS[uf]?.[1];
}

/** A full address in the UF; the capital's CEP and name when the code is the capital's. */
export function demoAddress(uf: string, municipalityCode: string): DemoAddress {
  const capital = CAPITALS[uf];
  if (uf === "SP" && municipalityCode === "3550308") {
    return { city: "São Paulo", municipalityCode, zipCode: "01310100", street: "Avenida Paulista", neighborhood: "Bela Vista" };
  }
  const isCapital = capital?.[1] === municipalityCode;
  return {
    city: isCapital && capital ? capital[0] : `Município ${municipalityCode}`,
    municipalityCode,
    zipCode: capital?.[2] ?? "01310100",
    street: "Rua das Flores",
    neighborhood: "Centro",
  };
}
