// Fields of an NFS-e (XSD NFSe_v1.01) that we store and print, read with
// targeted patterns: the document comes from Sefin (or its simulator) and was
// schema-checked by them; infNFSe's own children precede the embedded DPS.

export type NfseSummary = {
  accessKey: string;
  nNFSe: string;
  dhProc: string;
  ambGer: string;
  cStat: string;
  xLocEmi: string;
  xLocPrestacao: string;
  xTribNac: string;
  values: { vBC: string | null; pAliqAplic: string | null; vISSQN: string | null; vTotalRet: string | null; vLiq: string };
};

function field(xml: string, tag: string): string | null {
  return new RegExp(`<${tag}>([^<]*)</${tag}>`).exec(xml)?.[1] ?? null;
}

export function readNfse(nfseXml: string): NfseSummary | null {
  const accessKey = /<infNFSe\b[^>]*\bId="NFS([0-9A-Z]{50})"/.exec(nfseXml)?.[1];
  if (!accessKey) return null;
  // The NFS-e's own fields come before <DPS>, which repeats names such as valores.
  const own = nfseXml.slice(0, nfseXml.indexOf("<DPS") > 0 ? nfseXml.indexOf("<DPS") : undefined);
  const valores = /<valores>([\s\S]*?)<\/valores>/.exec(own)?.[1] ?? "";
  return {
    accessKey,
    nNFSe: field(own, "nNFSe") ?? "",
    dhProc: field(own, "dhProc") ?? "",
    ambGer: field(own, "ambGer") ?? "",
    cStat: field(own, "cStat") ?? "",
    xLocEmi: field(own, "xLocEmi") ?? "",
    xLocPrestacao: field(own, "xLocPrestacao") ?? "",
    xTribNac: field(own, "xTribNac") ?? "",
    values: { vBC: field(valores, "vBC"), pAliqAplic: field(valores, "pAliqAplic"), vISSQN: field(valores, "vISSQN"), vTotalRet: field(valores, "vTotalRet"), vLiq: field(valores, "vLiq") ?? "0.00" },
  };
}
