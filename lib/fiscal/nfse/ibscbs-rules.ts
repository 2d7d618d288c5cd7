import { isValidCnpj, isValidCpf } from "@/lib/br";
import { ibsCbsClassFlags, ibsCbsCstDefers } from "@/lib/fiscal-tables";
import { isValidNfseAccessKey } from "./access-key";

// The national NFS-e's rules on the IBS/CBS group of a DPS (layout 1.01), with their official codes
// and texts: Anexo I "SEFIN_ADN-DPS_NFSe-SNNFSe" v1.01 of 09/02/2026
// (anexo_i-sefin_adn-dps_nfse-snnfse-v1-01-20260209.xlsx, sheet "RN DPS_NFS-e", the row beside each
// rule), read in the transcription of Fm-s/open-nfse specs/ruleset/emissao.regras.json (commit
// 65ffd3008c0bb017fe2eaacdfc4e9192217e5b9a). Both the Sefin simulator and our check before sending
// apply them, by the DPS's dhEmi date (the issuer's calendar day) and the provider's regime:
//   - regular regime (opSimpNac 1): from 03/08/2026, when the IBS/CBS groups became mandatory in
//     production on the layout in force (NT SE/CGNFS-e 004, with tpRetPisCofins of NT 007; the
//     CGNFS-e's guidance of 07/08/2026 keeps accepting a DPS without the group until 31/12/2026, so
//     its absence is not refused here);
//   - Simples Nacional (MEI, ME/EPP: opSimpNac 2, 3): from 01/01/2027.
// Not checked (they need registers the simulator does not hold): E0912/E0914 (CNPJ/CPF register),
// E0920-E0922 (the recipient's municipality there), E0933 (CIB), the Calculadora's values, and
// E0234's other case (the service's place of incidence at the taker's, sheet MUN.INCID).

export type DpsIbsCbsView = {
  dhEmi: string;
  dCompet: string;
  opSimpNac: string;
  cTribNac: string;
  cNBS: string | null;
  takerHasAddress: boolean;
  ibsCbs: {
    cIndOp: string;
    tpOper: string | null;
    tpEnteGov: string | null;
    refNFSe: string[] | null;
    indDest: string;
    dest: { cnpj: string | null; cpf: string | null; email: string | null } | null;
    hasImovel: boolean;
    cst: string;
    cClassTrib: string;
    regular: { cst: string; cClassTrib: string } | null;
    hasDeferral: boolean;
  } | null;
};

export type IbsCbsRule = {
  code: string;
  /** Row of Anexo I v1.01, sheet "RN DPS_NFS-e": the simulator answers the first broken rule in row order. */
  row: number;
  message: string;
  broken(view: DpsIbsCbsView): boolean;
};

/** First day the IBS/CBS rules apply, by the provider's regime (see above). */
export const IBSCBS_RULES_FROM = { regular: "2026-08-03", simplesNacional: "2027-01-01" } as const;

/** Anexo C (IndOp) v1.01 of 22/01/2026: the 26 operation indicators. */
const OPERATION_INDICATORS = new Set([
  "020101", "020201", "020301", "030101", "030102", "030103", "030104", "040101", "050101", "050102", "050103", "050104", "050201",
  "060101", "070101", "070102", "080101", "100101", "100102", "100201", "100301", "100302", "100401", "100501", "100502", "100601",
]);
// E0234: indicators whose place of supply is the taker's (or the recipient's) address.
const TAKER_ADDRESS_INDICATORS = new Set(["030102", "050102", "100101", "100301", "100501", "030103", "050103", "100102", "100201", "100302", "100401", "100502", "100601"]);
// E0931/E0932/E0928: real-estate operations, and the civil-construction subitems that never carry the imovel group.
const REAL_ESTATE_INDICATORS = new Set(["020101", "020201", "020301"]);
const CONSTRUCTION_SERVICES = new Set(["070201", "070202", "070401", "070501", "070502", "070601", "070602", "070701", "070801", "071701", "071901"]);
// E0903/E0904: LC 116/2003 subitems 25.05, 15.09, 17.12 and 10.05 (the first four digits of cTribNac).
const OPERATION_TYPE_SERVICES = new Set(["2505", "1509", "1712", "1005"]);
const EMAIL = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;

const needsOperationType = (v: DpsIbsCbsView) => v.ibsCbs!.tpEnteGov !== null || OPERATION_TYPE_SERVICES.has(v.cTribNac.slice(0, 4));
const construction = (v: DpsIbsCbsView) => CONSTRUCTION_SERVICES.has(v.cTribNac);
const group = (v: DpsIbsCbsView) => v.ibsCbs!;

/** The rules on a DPS that carries the IBSCBS group, in Anexo I row order. */
export const IBSCBS_RULES: readonly IbsCbsRule[] = [
  {
    code: "E0234", row: 258, broken: (v) => TAKER_ADDRESS_INDICATORS.has(group(v).cIndOp) && !v.takerHasAddress,
    message: "O endereço do tomador é obrigatório para o indicador de operação informado ou quando a incidência do ISSQN definida para o serviço prestado ocorrer no local do estabelecimento/domicílio do tomador.",
  },
  { code: "E0322", row: 327, broken: (v) => !v.cNBS, message: "É obrigatório informar na DPS um item da NBS se for declarada qualquer informação de IBS/CBS." },
  { code: "E0850", row: 545, broken: (v) => v.dCompet < "2026-01-01", message: "É permitido declarar informações de IBS/CBS somente a partir da data de competência 01/01/2026." },
  { code: "E0901", row: 549, broken: (v) => !OPERATION_INDICATORS.has(group(v).cIndOp), message: "Código indicador da operação inexistente." },
  {
    code: "E0903", row: 550, broken: (v) => needsOperationType(v) && group(v).tpOper === null,
    message: "Código do tipo de Operação (tpOper) deve ser informado quando se tratar de uma compra governamental ou um dos serviços da LC 116/2003 listados: 25.05; 15.09; 17.12; 10.05.",
  },
  {
    code: "E0904", row: 551, broken: (v) => !needsOperationType(v) && group(v).tpOper !== null,
    message: "Código do tipo de Operação (tpOper) não pode ser informado quando não se tratar de uma compra governamental ou um dos serviços da LC 116/2003 listados: 25.05; 15.09; 17.12; 10.05.",
  },
  { code: "E0905", row: 552, broken: (v) => ["2", "3"].includes(group(v).tpOper ?? "") && group(v).refNFSe === null, message: "O grupo de documentos referenciados deve ser informado para o tipo de operação (tpOper)." },
  {
    code: "E0906", row: 553, broken: (v) => group(v).refNFSe !== null && !["2", "3"].includes(group(v).tpOper ?? ""),
    message: "O grupo de documentos referenciados não pode ser informado para o tipo de operação (tpOper).",
  },
  { code: "E0907", row: 554, broken: (v) => (group(v).refNFSe ?? []).some((key) => !isValidNfseAccessKey(key)), message: "NFS-e referenciada é inválida." },
  { code: "E0910", row: 557, broken: (v) => group(v).dest !== null && group(v).indDest !== "1", message: "O destinatário não deve ser identificado para o código indicador indDest informado." },
  { code: "E0911", row: 558, broken: (v) => !!group(v).dest?.cnpj && !isValidCnpj(group(v).dest!.cnpj!), message: "CNPJ do destinatário informado na DPS é inválido." },
  { code: "E0913", row: 560, broken: (v) => !!group(v).dest?.cpf && !isValidCpf(group(v).dest!.cpf!), message: "CPF do destinatário informado na DPS é inválido." },
  { code: "E0930", row: 581, broken: (v) => !!group(v).dest?.email && !EMAIL.test(group(v).dest!.email!), message: "E-mail inválido." },
  {
    code: "E0931", row: 582, broken: (v) => construction(v) && group(v).hasImovel,
    message: "Não é permitido o grupo de informações relativo a imóvel quando o código de tributação nacional, relativo à construção civil, for infomado na DPS.",
  },
  {
    code: "E0932", row: 583, broken: (v) => !construction(v) && REAL_ESTATE_INDICATORS.has(group(v).cIndOp) && !group(v).hasImovel,
    message: "É obrigatório o grupo de informações relativo ao imóvel na DPS quando o código indicador da operação informado for relacionado à imóvel conforme a tabela IndOp do ANEXO_C-INDOP_IBSCBS-SNNFSe-ESPEC.",
  },
  {
    code: "E0928", row: 584, broken: (v) => !construction(v) && !REAL_ESTATE_INDICATORS.has(group(v).cIndOp) && group(v).hasImovel,
    message:
      "Não é permitido o grupo de informações relativo a imóvel quando o código de tributação nacional (cTribNac) não pertencer a algum dos subitens 07.02.01, 07.02.02, 07.04.01, 07.05,01, 07.05.02, 07.06.01, 07.06.02, 07.07.01, 07.08.01, 07.17.01 e 07.19.01 da lista de serviços e, o código indicador da operação (cIndOp) não for relativo a operações com imóveis (020101, 020201 ou 020301), conforme a tabela IndOp do ANEXO_C-INDOP_IBSCBS-SNNFSe-ESPEC.",
  },
  { code: "E0958", row: 629, broken: (v) => !ibsCbsClassFlags(group(v).cClassTrib)?.validForNfse, message: "cClassTrib para IBS/CBS incorreto para operação de prestação de serviços." },
  { code: "E0959", row: 630, broken: (v) => group(v).cClassTrib.slice(0, 3) !== group(v).cst, message: "cClassTrib não pertence ao grupo CST indicado." },
  { code: "E0964", row: 635, broken: (v) => group(v).regular !== null && ibsCbsClassFlags(group(v).cClassTrib)?.requiresRegularGroup === false, message: "Grupo de tributação regular não deve ser informado." },
  { code: "E0965", row: 636, broken: (v) => group(v).regular === null && ibsCbsClassFlags(group(v).cClassTrib)?.requiresRegularGroup === true, message: "Grupo de tributação regular deve ser informado." },
  {
    code: "E0969", row: 638, broken: (v) => group(v).regular !== null && !ibsCbsClassFlags(group(v).regular!.cClassTrib)?.validForNfse,
    message: "cClassTribReg para IBS/CBS incorreto para operação de prestação de serviços.",
  },
  { code: "E0970", row: 639, broken: (v) => group(v).regular !== null && group(v).regular!.cClassTrib.slice(0, 3) !== group(v).regular!.cst, message: "cClassTribReg não pertence ao grupo CST indicado em CSTReg." },
  { code: "E0971", row: 640, broken: (v) => group(v).hasDeferral && ibsCbsCstDefers(group(v).cst) === false, message: "Grupo de diferimento para IBS/CBS não deve ser informado." },
  { code: "E0972", row: 641, broken: (v) => !group(v).hasDeferral && ibsCbsCstDefers(group(v).cst) === true, message: "Grupo de diferimento para IBS/CBS deve ser informado." },
];

/** Whether the IBS/CBS rules apply to this DPS: it carries the group, on or after its regime's date. */
export function ibsCbsRulesApply(view: DpsIbsCbsView): boolean {
  if (!view.ibsCbs) return false;
  const from = view.opSimpNac === "1" ? IBSCBS_RULES_FROM.regular : IBSCBS_RULES_FROM.simplesNacional;
  return view.dhEmi.slice(0, 10) >= from;
}

/** The first rule the DPS's IBS/CBS group breaks in Anexo I order (rows at most `upToRow`), or null. */
export function brokenIbsCbsRule(view: DpsIbsCbsView, rows: { from?: number; upTo?: number } = {}): IbsCbsRule | null {
  if (!ibsCbsRulesApply(view)) return null;
  return IBSCBS_RULES.find((rule) => rule.row >= (rows.from ?? 0) && rule.row <= (rows.upTo ?? Infinity) && rule.broken(view)) ?? null;
}

function block(xml: string, tag: string): string | null {
  return new RegExp(`<${tag}\\b[^>]*>([\\s\\S]*?)</${tag}>`).exec(xml)?.[1] ?? null;
}

function field(xml: string | null, tag: string): string | null {
  return xml === null ? null : (new RegExp(`<${tag}>([^<]*)</${tag}>`).exec(xml)?.[1] ?? null);
}

/** The fields the rules read, from a DPS that passed DPS_v1.01.xsd (unprefixed elements in schema order). */
export function readDpsIbsCbs(dpsXml: string): DpsIbsCbsView {
  const inf = block(dpsXml, "infDPS") ?? "";
  const ibscbs = block(inf, "IBSCBS");
  const toma = block(inf, "toma");
  const gIBSCBS = ibscbs === null ? null : block(ibscbs, "gIBSCBS");
  const regular = gIBSCBS === null ? null : block(gIBSCBS, "gTribRegular");
  const dest = ibscbs === null ? null : block(ibscbs, "dest");
  const refs = ibscbs === null ? null : block(ibscbs, "gRefNFSe");
  return {
    dhEmi: field(inf, "dhEmi") ?? "",
    dCompet: field(inf, "dCompet") ?? "",
    opSimpNac: field(block(inf, "prest"), "opSimpNac") ?? "",
    cTribNac: field(block(inf, "serv"), "cTribNac") ?? "",
    cNBS: field(block(inf, "serv"), "cNBS"),
    takerHasAddress: toma !== null && /<end>/.test(toma),
    ibsCbs:
      ibscbs === null
        ? null
        : {
            cIndOp: field(ibscbs, "cIndOp") ?? "",
            tpOper: field(ibscbs, "tpOper"),
            tpEnteGov: field(ibscbs, "tpEnteGov"),
            refNFSe: refs === null ? null : [...refs.matchAll(/<refNFSe>([^<]*)<\/refNFSe>/g)].map((m) => m[1]!),
            indDest: field(ibscbs, "indDest") ?? "",
            dest: dest === null ? null : { cnpj: field(dest, "CNPJ"), cpf: field(dest, "CPF"), email: field(dest, "email") },
            hasImovel: /<imovel>/.test(ibscbs),
            cst: field(gIBSCBS, "CST") ?? "",
            cClassTrib: field(gIBSCBS, "cClassTrib") ?? "",
            regular: regular === null ? null : { cst: field(regular, "CSTReg") ?? "", cClassTrib: field(regular, "cClassTribReg") ?? "" },
            hasDeferral: gIBSCBS !== null && /<gDif>/.test(gIBSCBS),
          },
  };
}
