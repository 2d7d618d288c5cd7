// Reading the LoteNFe answers (RetornoEnvioRPS, RetornoConsulta,
// RetornoCancelamentoNFe): Cabecalho/Sucesso, then Alerta and Erro events
// (tpEvento: Codigo, Descricao, optionally the RPS or NFS-e key they concern),
// then the NFS-e key (ChaveNFeRPS) or the NFS-e themselves (NFe, tpNFe).
// Targeted patterns, namespace prefixes tolerated.

const P = "(?:[\\w.-]+:)?";

export type PaulistanaEvent = { code: string; description: string; nfeNumber: string | null };

export type PaulistanaNfeSummary = {
  number: string;
  verificationCode: string;
  issuedAt: string;
  ccm: string;
  rps: { series: string; number: string } | null;
  /** StatusNFe: N normal, C cancelada, E extraviada. */
  status: string;
  cancelledAt: string | null;
  values: { services: string | null; aliquota: string | null; iss: string | null; credit: string | null; issRetained: boolean };
};

export type PaulistanaAnswer = {
  /** The answer document as received. */
  raw: string;
  success: boolean;
  errors: PaulistanaEvent[];
  alerts: PaulistanaEvent[];
  /** RetornoEnvioRPS: the NFS-e key the RPS became. */
  issued: { number: string; verificationCode: string; ccm: string } | null;
  /** RetornoConsulta: every NFe, as written (tpNFe) and read. */
  nfes: Array<{ xml: string; nfe: PaulistanaNfeSummary }>;
};

function text(xml: string, tag: string): string | null {
  return new RegExp(`<${P}${tag}>([^<]*)</${P}${tag}>`).exec(xml)?.[1] ?? null;
}

function blocks(xml: string, tag: string): string[] {
  return xml.match(new RegExp(`<${P}${tag}\\b[^>]*>[\\s\\S]*?</${P}${tag}>`, "g")) ?? [];
}

function unescapeXml(value: string): string {
  return value.replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&quot;/g, '"').replace(/&apos;/g, "'").replace(/&amp;/g, "&");
}

function events(xml: string, tag: "Erro" | "Alerta"): PaulistanaEvent[] {
  return blocks(xml, tag).map((entry) => ({ code: text(entry, "Codigo") ?? "", description: unescapeXml(text(entry, "Descricao") ?? ""), nfeNumber: text(blocks(entry, "ChaveNFe")[0] ?? "", "NumeroNFe") }));
}

export function readPaulistanaNfe(xml: string): PaulistanaNfeSummary | null {
  const key = blocks(xml, "ChaveNFe")[0];
  const number = key ? text(key, "NumeroNFe") : null;
  if (!key || !number) return null;
  const rps = blocks(xml, "ChaveRPS")[0];
  return {
    number,
    verificationCode: text(key, "CodigoVerificacao") ?? "",
    ccm: text(key, "InscricaoPrestador") ?? "",
    issuedAt: text(xml, "DataEmissaoNFe") ?? "",
    rps: rps ? { series: text(rps, "SerieRPS") ?? "", number: text(rps, "NumeroRPS") ?? "" } : null,
    status: text(xml, "StatusNFe") ?? "",
    cancelledAt: text(xml, "DataCancelamento"),
    values: { services: text(xml, "ValorServicos"), aliquota: text(xml, "AliquotaServicos"), iss: text(xml, "ValorISS"), credit: text(xml, "ValorCredito"), issRetained: text(xml, "ISSRetido") === "true" },
  };
}

export function readPaulistanaAnswer(xml: string): PaulistanaAnswer {
  const pair = blocks(xml, "ChaveNFeRPS")[0];
  const key = pair ? blocks(pair, "ChaveNFe")[0] : undefined;
  const issued = key && text(key, "NumeroNFe") ? { number: text(key, "NumeroNFe")!, verificationCode: text(key, "CodigoVerificacao") ?? "", ccm: text(key, "InscricaoPrestador") ?? "" } : null;
  const nfes = blocks(xml, "NFe").flatMap((entry) => {
    const nfe = readPaulistanaNfe(entry);
    return nfe ? [{ xml: entry, nfe }] : [];
  });
  return { raw: xml, success: text(xml, "Sucesso") === "true", errors: events(xml, "Erro"), alerts: events(xml, "Alerta"), issued, nfes };
}
