import { STATES } from "@/lib/br";
import { codeDescription } from "@/lib/fiscal-tables/code-description";
import { nationalServiceDescription, NFSE_NS } from "@/lib/fiscal/nfse";
import { signXml } from "@/lib/fiscal/xml/xml-signature";
import { el, group, opt } from "@/lib/fiscal/xml/xml-text";
import type { NfseValues } from "./compute-values";
import type { ReceivedDps } from "./read-dps";
import { simulatorSigningCredentials } from "./signer";

// The NFS-e the simulator returns (XSD NFSe_v1.01, TCInfNFSe order), with the
// received DPS embedded byte for byte and Sefin's signature. The simulator has
// no CNC (the national register of contributors): emit's name comes from the
// signer's certificate and its address is a placeholder in the issuing municipality.

export const SIMULATOR_APP_VERSION = "SefinNac_Sim_1.0";

/** Sefin writes the municipality's name (xLocEmi, xLocPrestacao, xLocIncid): IBGE's, as the pickers have it. */
function municipalityName(code: string): string {
  return codeDescription("municipality", code) || `Município IBGE ${code}`;
}

export function buildNfseXml(input: { accessKey: string; nNFSe: number; dhProc: string; dps: ReceivedDps; dpsXml: string; values: NfseValues; emitName: string }): string {
  const { dps, values } = input;
  const uf = STATES.find((s) => s.cUF === dps.cLocEmi.slice(0, 2))?.uf ?? "SP";
  const incidence = dps.cLocPrestacao ?? dps.cLocEmi;
  const emit =
    (dps.prest.cnpj ? el("CNPJ", dps.prest.cnpj) : el("CPF", dps.prest.cpf ?? "")) + opt("IM", dps.prest.im) + el("xNome", input.emitName) +
    group("enderNac", el("xLgr", "Endereço do CNC não simulado") + el("nro", "S/N") + el("xBairro", "Centro") + el("cMun", dps.cLocEmi) + el("UF", uf) + el("CEP", "00000000"));
  const valores = opt("vBC", values.vBC) + opt("pAliqAplic", values.pAliqAplic) + opt("vISSQN", values.vISSQN) + opt("vTotalRet", values.vTotalRet) + el("vLiq", values.vLiq);
  const inf =
    el("xLocEmi", municipalityName(dps.cLocEmi)) + el("xLocPrestacao", municipalityName(dps.cLocPrestacao ?? dps.cLocEmi)) + el("nNFSe", String(input.nNFSe)) +
    el("cLocIncid", incidence) + el("xLocIncid", municipalityName(incidence)) + el("xTribNac", nationalServiceDescription(dps.cTribNac) ?? dps.cTribNac) +
    el("verAplic", SIMULATOR_APP_VERSION) + el("ambGer", "2") + el("tpEmis", "1") + el("procEmi", "1") + el("cStat", "100") + el("dhProc", input.dhProc) +
    el("nDFSe", String(input.nNFSe)) + group("emit", emit) + group("valores", valores);
  const embedded = input.dpsXml.replace(/^\uFEFF?\s*<\?xml[^?]*\?>/, "");
  const unsigned = `<?xml version="1.0" encoding="UTF-8"?><NFSe xmlns="${NFSE_NS}" versao="1.01"><infNFSe Id="NFS${input.accessKey}">${inf}${embedded}</infNFSe></NFSe>`;
  return signXml(unsigned, simulatorSigningCredentials(), { tag: "infNFSe", nestedSignatures: true });
}
