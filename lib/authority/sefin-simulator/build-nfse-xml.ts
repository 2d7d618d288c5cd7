import { STATES } from "@/lib/br";
import { codeDescription } from "@/lib/fiscal-tables/code-description";
import { nationalServiceDescription, NFSE_NS } from "@/lib/fiscal/nfse";
import { signXml } from "@/lib/fiscal/xml/xml-signature";
import { el, group, opt } from "@/lib/fiscal/xml/xml-text";
import type { CncContributor } from "./cnc-register";
import type { NfseValues } from "./compute-values";
import type { ReceivedDps } from "./read-dps";
import { simulatorSigningCredentials } from "./signer";

// The NFS-e the simulator returns (XSD NFSe_v1.01, TCInfNFSe order), with the
// received DPS embedded byte for byte and Sefin's signature. emit's name comes
// from the signer's certificate; its trade name, address, phone and e-mail from
// the simulator's CNC (cnc-register.ts), as Sefin takes them from the CNC. A
// provider the CNC does not know gets an address placeholder in the issuing municipality.

export const SIMULATOR_APP_VERSION = "SefinNac_Sim_1.0";

/** Sefin writes the municipality's name (xLocEmi, xLocPrestacao, xLocIncid): IBGE's, as the pickers have it. */
function municipalityName(code: string): string {
  return codeDescription("municipality", code) || `Município IBGE ${code}`;
}

const digitsOnly = (value: string | null | undefined) => (value ?? "").replace(/\D/g, "");
const filled = (value: string | null | undefined, fallback: string) => (value?.trim() ? value.trim() : fallback);

/** TCEmitente's enderNac, fone and email: the CNC's, or the placeholder address of an unknown provider. */
function emitAddress(dps: ReceivedDps, cnc: CncContributor | null): string {
  const issuingUf = STATES.find((s) => s.cUF === dps.cLocEmi.slice(0, 2))?.uf ?? "SP";
  if (!cnc) {
    return group("enderNac", el("xLgr", "Endereço não cadastrado no CNC") + el("nro", "S/N") + el("xBairro", "Centro") + el("cMun", dps.cLocEmi) + el("UF", issuingUf) + el("CEP", "00000000"));
  }
  const zip = digitsOnly(cnc.zipCode);
  const phone = digitsOnly(cnc.phone);
  return (
    group(
      "enderNac",
      el("xLgr", filled(cnc.street, "Não informado")) + el("nro", filled(cnc.streetNumber, "S/N")) + opt("xCpl", cnc.complement?.trim()) + el("xBairro", filled(cnc.neighborhood, "Não informado")) +
        el("cMun", cnc.municipalityCode) + el("UF", cnc.state) + el("CEP", zip.length === 8 ? zip : "00000000"),
    ) +
    (/^\d{6,20}$/.test(phone) ? el("fone", phone) : "") +
    opt("email", cnc.email?.trim().slice(0, 80))
  );
}

/** Who generated the NFS-e: the Sefin Nacional (ambGer 2, default) or a city's own system sharing it with the ADN (ambGer 1). */
export type NfseGenerator = { ambGer: "1" | "2"; appVersion: string };

export function buildNfseXml(input: { accessKey: string; nNFSe: number; dhProc: string; dps: ReceivedDps; dpsXml: string; values: NfseValues; emitName: string; cnc?: CncContributor | null; generatedBy?: NfseGenerator }): string {
  const { dps, values } = input;
  const cnc = input.cnc ?? null;
  const incidence = dps.cLocPrestacao ?? dps.cLocEmi;
  const emit =
    (dps.prest.cnpj ? el("CNPJ", dps.prest.cnpj) : el("CPF", dps.prest.cpf ?? "")) + opt("IM", dps.prest.im) + el("xNome", input.emitName) +
    opt("xFant", cnc?.tradeName?.trim()) + emitAddress(dps, cnc);
  const valores = opt("vBC", values.vBC) + opt("pAliqAplic", values.pAliqAplic) + opt("vISSQN", values.vISSQN) + opt("vTotalRet", values.vTotalRet) + el("vLiq", values.vLiq);
  const inf =
    el("xLocEmi", municipalityName(dps.cLocEmi)) + el("xLocPrestacao", municipalityName(dps.cLocPrestacao ?? dps.cLocEmi)) + el("nNFSe", String(input.nNFSe)) +
    el("cLocIncid", incidence) + el("xLocIncid", municipalityName(incidence)) + el("xTribNac", nationalServiceDescription(dps.cTribNac) ?? dps.cTribNac) +
    el("verAplic", input.generatedBy?.appVersion ?? SIMULATOR_APP_VERSION) + el("ambGer", input.generatedBy?.ambGer ?? "2") + el("tpEmis", "1") + el("procEmi", "1") + el("cStat", "100") + el("dhProc", input.dhProc) +
    el("nDFSe", String(input.nNFSe)) + group("emit", emit) + group("valores", valores);
  const embedded = input.dpsXml.replace(/^\uFEFF?\s*<\?xml[^?]*\?>/, "");
  const unsigned = `<?xml version="1.0" encoding="UTF-8"?><NFSe xmlns="${NFSE_NS}" versao="1.01"><infNFSe Id="NFS${input.accessKey}">${inf}${embedded}</infNFSe></NFSe>`;
  return signXml(unsigned, simulatorSigningCredentials(), { tag: "infNFSe", nestedSignatures: true });
}
