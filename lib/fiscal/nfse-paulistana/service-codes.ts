// São Paulo's own service codes (CodigoServico, 4–5 digits; the city's list, not the
// LC 116 item): the RPS must carry one of them, else the city answers 306 ("código
// de serviço inexistente"). Only the codes of LC 116 group 01 (informática) are here,
// as a public São Paulo client validated against the production service lists them
// (nfse-sp-api README, "Códigos de serviço"; 02692 is also in the city's developer
// FAQ sample string). The city's full list (several hundred codes) is not vendored:
// adding one means adding a row with its source.

export type PaulistanaServiceCode = { code: string; lc116Item: string; description: string; source: string };

const CLIENT = "nfse-sp-api README (public São Paulo client, validated against production)";

export const PAULISTANA_SERVICE_CODES: readonly PaulistanaServiceCode[] = [
  { code: "02660", lc116Item: "01.01", description: "Análise e desenvolvimento de sistemas", source: CLIENT },
  { code: "02668", lc116Item: "01.02", description: "Programação", source: CLIENT },
  { code: "02684", lc116Item: "01.03", description: "Processamento, armazenamento ou hospedagem de dados", source: CLIENT },
  { code: "02692", lc116Item: "01.04", description: "Elaboração de programas de computador", source: `${CLIENT}; notadomilhao.sf.prefeitura.sp.gov.br webservice FAQ sample` },
  { code: "02800", lc116Item: "01.05", description: "Licenciamento ou cessão de direito de uso de programas", source: CLIENT },
  { code: "02881", lc116Item: "01.06", description: "Assessoria e consultoria em informática", source: CLIENT },
  { code: "02919", lc116Item: "01.07", description: "Suporte técnico em informática", source: CLIENT },
  { code: "02935", lc116Item: "01.08", description: "Planejamento, confecção e manutenção de páginas eletrônicas", source: CLIENT },
  { code: "02961", lc116Item: "01.09", description: "Disponibilização de conteúdo pela internet", source: CLIENT },
];

/** The city's code as written on the RPS (4 or 5 digits, leading zero optional), or null when the city does not list it. */
export function paulistanaServiceCode(code: string): PaulistanaServiceCode | null {
  if (!/^\d{4,5}$/.test(code)) return null;
  const padded = code.padStart(5, "0");
  return PAULISTANA_SERVICE_CODES.find((entry) => entry.code === padded) ?? null;
}
