import { createHash } from "node:crypto";
import { stateInfo } from "@/lib/br";
import { DomainError } from "@/lib/errors";
import { localDateTime } from "@/lib/fiscal/nfe/format";
import { el, fiscalText, group, opt } from "@/lib/fiscal/xml/xml-text";
import { buildMdfeAccessKey, MDFE_MODEL, randomCmdf } from "./access-key";
import { buildRodo, RODO_MODAL_VERSION } from "./build-rodo";
import { mdfeQrCode } from "./qr-code";
import type { BuiltMdfe, MdfeInput, MdfeParty } from "./types";

// MDF-e 3.00 (mdfe_v3.00.xsd, TMDFe): infMDFe (ide, emit, infModal, infDoc, seg, prodPred, tot,
// lacres, autXML, infAdic, infRespTec), infMDFeSupl, Signature; elements in schema order.

export const MDFE_NAMESPACE = "http://www.portalfiscal.inf.br/mdfe";
export const MDFE_VERSION = "3.00";

const MODAL_NAMES: Record<string, string> = { "2": "aéreo", "3": "aquaviário", "4": "ferroviário" };

/** Only the modal rodoviário is built; the others are refused before anything is written. */
export function assertSupportedModal(modal: string): void {
  if (modal === "1") return;
  const name = MODAL_NAMES[modal] ?? `modal ${modal}`;
  throw new DomainError(422, "unsupported_modal", `MDF-e ${name} is not supported yet: only the modal rodoviário (modal 1) can be issued`);
}

const digits = (value: string) => value.replace(/\D/g, "");
const documentValue = (value: string) => value.replace(/[^0-9A-Za-z]/g, "").toUpperCase();
const party = (p: MdfeParty) => (p.type === "CPF" ? el("CPF", digits(p.value)) : el("CNPJ", documentValue(p.value)));

function buildIde(input: MdfeInput, context: { cMDF: string; cDV: string; dhEmi: string }): string {
  const uf = input.issuer.address.uf;
  return (
    "<ide>" +
    el("cUF", stateInfo(uf).cUF) +
    el("tpAmb", input.environment === "PRODUCTION" ? "1" : "2") +
    el("tpEmit", input.issuerType ?? "2") +
    opt("tpTransp", input.carrierType) +
    el("mod", MDFE_MODEL) +
    el("serie", String(input.series)) +
    el("nMDF", String(input.number)) +
    el("cMDF", context.cMDF) +
    el("cDV", context.cDV) +
    el("modal", input.modal) +
    el("dhEmi", context.dhEmi) +
    el("tpEmis", input.tpEmis ?? "1") +
    // procEmi 0: issued by the taxpayer's own application (TProcEmi has no other value).
    el("procEmi", "0") +
    el("verProc", fiscalText(input.applicationVersion, 20)) +
    el("UFIni", input.startUf) +
    el("UFFim", input.endUf) +
    input.loading.map((m) => "<infMunCarrega>" + el("cMunCarrega", m.code) + el("xMunCarrega", fiscalText(m.name, 60)) + "</infMunCarrega>").join("") +
    (input.route ?? []).map((uf) => `<infPercurso>${el("UFPer", uf)}</infPercurso>`).join("") +
    (input.tripStartAt ? el("dhIniViagem", localDateTime(input.tripStartAt, uf)) : "") +
    // indCanalVerde (never written) comes before it.
    (input.loadingLater ? el("indCarregaPosterior", "1") : "") +
    "</ide>"
  );
}

function buildEmit(input: MdfeInput): string {
  const { issuer } = input;
  const a = issuer.address;
  const ie = issuer.stateRegistration.trim().toUpperCase();
  return (
    "<emit>" +
    el("CNPJ", documentValue(issuer.cnpj)) +
    // The emitter's IE is TIe (digits or "ISENTO").
    opt("IE", ie === "ISENTO" ? "ISENTO" : digits(ie)) +
    el("xNome", fiscalText(issuer.name, 60)) +
    opt("xFant", issuer.tradeName ? fiscalText(issuer.tradeName, 60) : null) +
    "<enderEmit>" +
    el("xLgr", fiscalText(a.street, 60)) +
    el("nro", fiscalText(a.number, 60)) +
    opt("xCpl", a.complement ? fiscalText(a.complement, 60) : null) +
    el("xBairro", fiscalText(a.district, 60)) +
    el("cMun", a.municipalityCode) +
    el("xMun", fiscalText(a.municipalityName, 60)) +
    opt("CEP", a.zipCode ? digits(a.zipCode) : null) +
    el("UF", a.uf) +
    opt("fone", a.phone ? digits(a.phone) : null) +
    opt("email", a.email ? fiscalText(a.email, 60) : null) +
    "</enderEmit></emit>"
  );
}

function buildInfDoc(input: MdfeInput): string {
  return (
    "<infDoc>" +
    input.unloading
      .map(
        (u) =>
          "<infMunDescarga>" +
          el("cMunDescarga", u.municipality.code) +
          el("xMunDescarga", fiscalText(u.municipality.name, 60)) +
          // Schema order: infCTe, then infNFe (then infMDFeTransp, aquaviário only).
          (u.cteKeys ?? []).map((key) => `<infCTe>${el("chCTe", key)}</infCTe>`).join("") +
          u.nfeKeys.map((key) => `<infNFe>${el("chNFe", key)}</infNFe>`).join("") +
          "</infMunDescarga>",
      )
      .join("") +
    "</infDoc>"
  );
}

function buildSeg(input: MdfeInput): string {
  return (input.insurance ?? [])
    .map(
      (s) =>
        "<seg><infResp>" +
        el("respSeg", s.responsible) +
        (s.responsibleDocument ? party(s.responsibleDocument) : "") +
        "</infResp>" +
        group("infSeg", s.insurer ? el("xSeg", fiscalText(s.insurer.name, 30)) + el("CNPJ", documentValue(s.insurer.cnpj)) : "") +
        opt("nApol", s.policyNumber) +
        (s.endorsements ?? []).map((n) => el("nAver", n)).join("") +
        "</seg>",
    )
    .join("");
}

function buildProdPred(input: MdfeInput): string {
  const p = input.product;
  const lotacao =
    p.loadingZipCode && p.unloadingZipCode
      ? `<infLotacao><infLocalCarrega>${el("CEP", digits(p.loadingZipCode))}</infLocalCarrega><infLocalDescarrega>${el("CEP", digits(p.unloadingZipCode))}</infLocalDescarrega></infLotacao>`
      : "";
  return "<prodPred>" + el("tpCarga", p.cargoType) + el("xProd", fiscalText(p.description, 120)) + opt("cEAN", p.gtin) + opt("NCM", p.ncm) + lotacao + "</prodPred>";
}

function buildTot(input: MdfeInput): string {
  const qCTe = input.unloading.reduce((sum, u) => sum + (u.cteKeys ?? []).length, 0);
  const qNFe = input.unloading.reduce((sum, u) => sum + u.nfeKeys.length, 0);
  // tot: qCTe, qNFe, qMDFe in this order, each only when its documents are listed.
  return "<tot>" + (qCTe > 0 ? el("qCTe", String(qCTe)) : "") + (qNFe > 0 ? el("qNFe", String(qNFe)) : "") + el("vCarga", input.cargoValue) + el("cUnid", input.cargoUnit) + el("qCarga", input.cargoQuantity) + "</tot>";
}

function buildInfRespTec(input: MdfeInput, accessKey: string): string {
  const r = input.technicalResponsible;
  if (!r) return "";
  // hashCSRT = base64(SHA-1(CSRT + chave de acesso)), as in the NF-e (NT 2018.005).
  const csrt = r.csrt ? el("idCSRT", r.csrt.id.padStart(3, "0")) + el("hashCSRT", createHash("sha1").update(r.csrt.secret + accessKey).digest("base64")) : "";
  return (
    "<infRespTec>" + el("CNPJ", documentValue(r.cnpj)) + el("xContato", fiscalText(r.contact, 60)) + el("email", fiscalText(r.email, 60)) + el("fone", digits(r.phone)) + csrt + "</infRespTec>"
  );
}

/** Years and months of dhEmi in the issuer state's local time ("AAMM" of the key). */
function yearMonth(dhEmi: string): string {
  return dhEmi.slice(2, 4) + dhEmi.slice(5, 7);
}

/**
 * The unsigned <MDFe> (with infMDFeSupl, whose QR Code is signed for contingency): sign it with
 * buildSignedMdfe. The key's cMDF is drawn when the input has none; keep it for a re-emission.
 */
export function buildMdfe(input: MdfeInput, options: { privateKeyPem?: string } = {}): BuiltMdfe {
  assertSupportedModal(input.modal);
  const uf = input.issuer.address.uf;
  const dhEmi = localDateTime(input.issuedAt, uf);
  const cMDF = input.cMDF ?? randomCmdf(input.number);
  const tpEmis = input.tpEmis ?? "1";
  const accessKey = buildMdfeAccessKey({ cUF: stateInfo(uf).cUF, yearMonth: yearMonth(dhEmi), cnpj: documentValue(input.issuer.cnpj), series: input.series, number: input.number, tpEmis, cMDF });
  const cDV = accessKey.slice(43);
  const qrCode = mdfeQrCode({ accessKey, environment: input.environment, tpEmis, privateKeyPem: options.privateKeyPem });
  const infAdic = input.additionalInfo
    ? group("infAdic", opt("infAdFisco", input.additionalInfo.fisco ? fiscalText(input.additionalInfo.fisco, 2000) : null) + opt("infCpl", input.additionalInfo.complementary ? fiscalText(input.additionalInfo.complementary, 5000) : null))
    : "";
  const xml =
    `<MDFe xmlns="${MDFE_NAMESPACE}">` +
    `<infMDFe versao="${MDFE_VERSION}" Id="MDFe${accessKey}">` +
    buildIde(input, { cMDF, cDV, dhEmi }) +
    buildEmit(input) +
    `<infModal versaoModal="${RODO_MODAL_VERSION}">${buildRodo(input)}</infModal>` +
    buildInfDoc(input) +
    buildSeg(input) +
    buildProdPred(input) +
    buildTot(input) +
    (input.authorizedXml ?? []).map((p) => `<autXML>${party(p)}</autXML>`).join("") +
    infAdic +
    buildInfRespTec(input, accessKey) +
    "</infMDFe>" +
    `<infMDFeSupl>${el("qrCodMDFe", qrCode)}</infMDFeSupl>` +
    "</MDFe>";
  return { xml, accessKey, cMDF, qrCode };
}
