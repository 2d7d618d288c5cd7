import type { NfseTotals } from "@/lib/tax/tax-shapes";

// Which NFS-e amounts the document page shows. Once authorized, the NFS-e's own
// valores (vBC, pAliqAplic, vISSQN, vTotalRet, vLiq) are the legal figures: a
// não optante sends no pAliq and Sefin applies the municipality's rate, and an
// ME/EPP without withholding has no ISS on the NFS-e (paid in the DAS). Before
// that, the values computed from the tax rules at creation (the DPS) are shown.

export type NfseDisplayValues = {
  source: "nfse" | "dps";
  serviceValue: string;
  issBase: string | null;
  issRate: string | null;
  issAmount: string | null;
  issRetained: boolean;
  /** The federal withholdings are what the DPS sent (tribFed); the NFS-e only totals them. */
  retentions: { pis: string; cofins: string; ir: string; inss: string; csll: string };
  retainedTotal: string;
  netValue: string;
  /** The DPS's own ISS figures when the NFS-e applied different ones (e.g. the municipal rate). */
  dpsIss: { rate: string; amount: string } | null;
};

export function nfseDisplayValues(nfse: NfseTotals): NfseDisplayValues {
  const { authority, retentions } = nfse;
  const federal = { pis: retentions.pis, cofins: retentions.cofins, ir: retentions.ir, inss: retentions.inss, csll: retentions.csll };
  if (!authority) {
    return {
      source: "dps",
      serviceValue: nfse.serviceValue,
      issBase: nfse.issBase,
      issRate: nfse.issRate,
      issAmount: nfse.issAmount,
      issRetained: nfse.issRetained,
      retentions: federal,
      retainedTotal: nfse.retainedTotal,
      netValue: nfse.netValue,
      dpsIss: null,
    };
  }
  const sameIss = authority.vISSQN !== null && sameNumber(authority.vISSQN, nfse.issAmount) && sameNumber(authority.pAliqAplic, nfse.issRate);
  return {
    source: "nfse",
    serviceValue: nfse.serviceValue,
    issBase: authority.vBC,
    issRate: authority.pAliqAplic,
    issAmount: authority.vISSQN,
    issRetained: nfse.issRetained,
    retentions: federal,
    retainedTotal: authority.vTotalRet ?? "0.00",
    netValue: authority.vLiq,
    dpsIss: sameIss ? null : { rate: nfse.issRate, amount: nfse.issAmount },
  };
}

/** "3.0000" and "3.00" are the same rate; comparing decimal strings, not floats. */
function sameNumber(a: string | null, b: string | null): boolean {
  if (a === null || b === null) return a === b;
  const canonical = (v: string) => v.replace(/(\.\d*?)0+$/, "$1").replace(/\.$/, "");
  return canonical(a) === canonical(b);
}
