import { gunzipSync } from "node:zlib";
import { isValidCpf, STATES } from "@/lib/br";
import { checkSigner } from "@/lib/authority/simulator/certificate-cnpj";
import { formatDateTimeWithOffset, timeZoneOfCUF } from "@/lib/authority/simulator/clock";
import { newProtocolNumber } from "@/lib/authority/simulator/protocol-number";
import { parseXml, child, text, type XmlNode } from "@/lib/authority/soap-response";
import { checkXmlSchema } from "@/lib/fiscal/xml/schema-validation";
import { verifyXmlSignature } from "@/lib/fiscal/xml/xml-signature";
import { parseDfeKey } from "../xml/access-key";
import { modalDocument } from "../xml/build-signed-mdfe";
import { eventDetailDocument } from "../xml/build-event";
import { mdfeEndpoint, serviceOfPath, type MdfeService } from "./endpoints";
import { mdfeSoapAnswer } from "./messages";
import type { MdfeTransport } from "./soap-mdfe-authority";
import type { MdfeOnNfe } from "@/lib/authority/simulator/fisco-events";
import { MemoryMdfeSimulatorStore, type MdfeSimulatorStore, type SimulatedManifest } from "./simulator-store";
import { ANSWERS, REJECTIONS, type Rejection } from "./simulator-rejections";

// The built-in MDF-e authority (SVRS) for HOMOLOGATION and tests: it reads the same SOAP envelopes
// the real service reads and refuses what the MOC MDF-e 3.00a refuses, with its codes. State is
// in a MdfeSimulatorStore: PostgreSQL in the app, memory in unit tests (simulator-store.ts).

const NS = "http://www.portalfiscal.inf.br/mdfe";
const VER_APLIC = "SVRS-SIM-MDFe";
/** Cancellation is accepted within 24 h of the authorization (MOC MDF-e 3.00, 6.1.1 K04, cStat 220). */
export const CANCEL_WINDOW_MS = 24 * 60 * 60 * 1000;
/**
 * An MDF-e issued in contingência off-line (tpEmis 2) is accepted within 168 h of its dhEmi (MOC MDF-e
 * 3.00a, contingência off-line; Ajuste SINIEF 21/10); later it is refused as a late issue, 228 (the
 * dhEmi rule NT MDF-e 2018.001 set for the MDF-e: "Data de Emissão muito atrasada"). See
 * docs/api-notes/mdfe.md, Simulator, for what of this was verified.
 */
export const CONTINGENCY_WINDOW_MS = 168 * 60 * 60 * 1000;

/** A manifest loaded later (indCarregaPosterior=1) must get its first 110115 within 168 h, or the issuer's next such manifest is refused (G026, 712). */
export const LOADING_LATER_WINDOW_MS = 168 * 60 * 60 * 1000;

export { REJECTIONS } from "./simulator-rejections";



/** What the simulated Ambiente Nacional does with an authorized or cancelled manifest's NF-e (fisco events 610610/610611). */
export type NfeFiscoEvents = (notice: MdfeOnNfe, at: Date) => Promise<unknown>;

export class MdfeSimulator {
  constructor(
    private readonly store: MdfeSimulatorStore = new MemoryMdfeSimulatorStore(),
    private readonly nfeFiscoEvents?: NfeFiscoEvents,
  ) {}
  /** The clock (tests move it to check the 24 h cancellation window). */
  now: () => Date = () => new Date();
  /** Lost answers: the next N requests are processed, but their answers never reach the caller (a timeout). */
  lostAnswers = 0;

  /** Answers one SOAP request as the SVRS would: the envelope in, the envelope out. */
  async handle(url: string, envelope: string): Promise<string> {
    const service = serviceOfPath(new URL(url).pathname);
    if (!service) throw new Error(`MDF-e simulator: no service at ${url}`);
    const environment = new URL(url).hostname.includes("homologacao") ? "2" : "1";
    const payload = extractDadosMsg(envelope);
    const endpoint = mdfeEndpoint(environment === "1" ? "PRODUCTION" : "HOMOLOGATION", service);
    // cUF of mdfeCabecMsg: the issuer's state, echoed in the answers (SVRS answers for every state).
    const header = /<(?:[\w.-]+:)?mdfeCabecMsg\b[\s\S]*?<\/(?:[\w.-]+:)?mdfeCabecMsg>/.exec(envelope)?.[0] ?? "";
    const cUF = /<(?:[\w.-]+:)?cUF>(\d{2})</.exec(header)?.[1] ?? "43";
    return mdfeSoapAnswer(endpoint, await this.answer(service, payload, environment, cUF));
  }

  /** The transport that hands requests to this simulator instead of the network. */
  transport(): MdfeTransport {
    return async (call) => {
      try {
        const body = await this.handle(call.url, call.envelope);
        if (this.lostAnswers > 0) {
          this.lostAnswers--;
          return { ok: false, reason: "The answer did not arrive within the timeout (simulated lost answer)" };
        }
        return { ok: true, body };
      } catch (error) {
        return { ok: false, reason: `Simulator failure: ${(error as Error).message}` };
      }
    };
  }

  private async answer(service: MdfeService, payload: string, tpAmb: string, cUF: string): Promise<string> {
    switch (service) {
      case "MDFeRecepcaoSinc":
        return this.authorize(payload, tpAmb, cUF);
      case "MDFeConsulta":
        return this.consult(payload, tpAmb, cUF);
      case "MDFeStatusServico":
        return `<retConsStatServMDFe xmlns="${NS}" versao="3.00"><tpAmb>${tpAmb}</tpAmb><verAplic>${VER_APLIC}</verAplic><cStat>${ANSWERS.SERVICE_RUNNING[0]}</cStat><xMotivo>${ANSWERS.SERVICE_RUNNING[1]}</xMotivo><cUF>${cUF}</cUF><dhRecbto>${this.stamp(cUF)}</dhRecbto><tMed>1</tMed></retConsStatServMDFe>`;
      case "MDFeRecepcaoEvento":
        return this.event(payload, tpAmb, cUF);
      case "MDFeConsNaoEnc":
        return this.openManifests(payload, tpAmb, cUF);
    }
  }

  private stamp(cUF: string): string {
    return formatDateTimeWithOffset(this.now(), timeZoneOfCUF(cUF));
  }

  private retMDFe(tpAmb: string, cUF: string, [cStat, reason]: Rejection, detail = ""): string {
    return `<retMDFe xmlns="${NS}" versao="3.00"><tpAmb>${tpAmb}</tpAmb><cUF>${cUF}</cUF><verAplic>${VER_APLIC}</verAplic><cStat>${cStat}</cStat><xMotivo>${escape(reason + detail)}</xMotivo></retMDFe>`;
  }

  /** " [nProt:…][dh<label>:…]" of a registered event (the SVRS's suffix for 218, 609 and 631). */
  private registrationSuffix(manifest: SimulatedManifest, type: string, label: string): string {
    const registered = manifest.events.find((e) => e.type === type);
    if (!registered) return "";
    const field = (name: string) => new RegExp(`<retEventoMDFe[\\s\\S]*<${name}>([^<]*)</${name}>`).exec(registered.procEventoXml)?.[1] ?? "";
    return ` [nProt:${field("nProt")}][${label}:${field("dhRegEvento")}]`;
  }

  private async authorize(payload: string, tpAmb: string, cUF: string): Promise<string> {
    let xml: string;
    try {
      xml = gunzipSync(Buffer.from(payload.trim(), "base64")).toString("utf8");
    } catch {
      return this.retMDFe(tpAmb, cUF, REJECTIONS.SCHEMA, " [mdfeDadosMsg is not a gzip in base64]");
    }
    // The order of the checks is the SVRS's (ValidadorMDF.vb): schema, signature, environment, key,
    // modal, drivers, documents, situation of the key (204), open manifests (611).
    const schema = checkXmlSchema(xml, "mdfe/PL_MDFe_300a/mdfe_v3.00.xsd");
    if (!schema.valid) return this.retMDFe(tpAmb, cUF, REJECTIONS.SCHEMA, ` [${schema.errors[0]}]`);
    const doc = child(parseXml(xml), "MDFe");
    const inf = child(doc, "infMDFe");
    const ide = child(inf, "ide");
    const key = (String(inf?.["@_Id"] ?? "")).slice(4);
    const signature = verifyXmlSignature(xml);
    if (!signature.valid) return this.retMDFe(tpAmb, cUF, REJECTIONS.SIGNATURE, ` [${signature.reason}]`);
    const cnpj = text(child(inf, "emit"), "CNPJ");
    const signer = checkSigner(signature.certificatePem, cnpj, this.now());
    if (signer) return this.retMDFe(tpAmb, cUF, [signer.cStat, signer.reason]);
    if (text(ide, "tpAmb") !== tpAmb) return this.retMDFe(tpAmb, cUF, REJECTIONS.ENVIRONMENT);
    if (!parseDfeKey(key)) return this.retMDFe(tpAmb, cUF, REJECTIONS.KEY_DIGIT);
    const rodo = modalDocument(xml);
    const modal = rodo ? checkXmlSchema(rodo, "mdfe/PL_MDFe_300a/mdfeModalRodoviario_v3.00.xsd") : { valid: false as const, errors: ["infModal without rodo"] };
    if (!modal.valid) return this.retMDFe(tpAmb, cUF, REJECTIONS.MODAL_SCHEMA, ` [${modal.errors[0]}]`);
    const traction = child(child(parseXml(rodo!), "rodo"), "veicTracao");
    const drivers = list(traction?.condutor).map((d) => text(d, "CPF"));
    for (const [index, cpf] of drivers.entries()) {
      if (!isValidCpf(cpf)) return this.retMDFe(tpAmb, cUF, REJECTIONS.DRIVER_CPF);
      if (drivers.indexOf(cpf) !== index) return this.retMDFe(tpAmb, cUF, REJECTIONS.DRIVER_DUPLICATE);
    }
    const loadingLater = text(ide, "indCarregaPosterior") === "1";
    if (loadingLater) {
      const refusal = await this.loadingLaterRule(ide, inf, tpAmb, cnpj);
      if (refusal) return this.retMDFe(tpAmb, cUF, refusal.rejection, refusal.detail ?? "");
    }
    const carried = new Set<string>();
    for (const unloading of list(child(inf, "infDoc")?.infMunDescarga)) {
      // Every municipality carries documents, and none on a manifest loaded later (ValidarDocumentosTransportados: 616, 706).
      const documentCount = list(unloading.infCTe).length + list(unloading.infNFe).length + list(unloading.infMDFeTransp).length;
      if (documentCount === 0 && !loadingLater) return this.retMDFe(tpAmb, cUF, REJECTIONS.UNLOADING_WITHOUT_DOCUMENTS, ` [Municipio sem documento: ${text(unloading, "xMunDescarga")}]`);
      if (documentCount > 0 && loadingLater) return this.retMDFe(tpAmb, cUF, REJECTIONS.LOADING_LATER_DOCUMENTS);
      for (const cte of list(unloading.infCTe)) {
        const parsed = parseDfeKey(text(cte, "chCTe"));
        if (!parsed || parsed.model !== "57") return this.retMDFe(tpAmb, cUF, REJECTIONS.CTE_KEY, ` [chCTe:${text(cte, "chCTe")}][Motivo: ${parsed ? "Modelo diferente de 57" : "DV inválido"}]`);
      }
      for (const nfe of list(unloading.infNFe)) {
        const nfeKey = text(nfe, "chNFe");
        if (carried.has(nfeKey)) return this.retMDFe(tpAmb, cUF, REJECTIONS.NFE_KEY_DUPLICATE, ` [chNFe:${nfeKey}]`);
        carried.add(nfeKey);
        const parsed = parseDfeKey(nfeKey);
        if (!parsed || parsed.model !== "55") return this.retMDFe(tpAmb, cUF, REJECTIONS.NFE_KEY, ` [chNFe:${nfeKey}][Motivo: ${parsed ? "Modelo diferente de 55" : "DV inválido"}]`);
      }
    }
    const existing = await this.store.find(tpAmb, key);
    if (existing?.situation === "CANCELLED") return this.retMDFe(tpAmb, cUF, REJECTIONS.ALREADY_CANCELLED, this.registrationSuffix(existing, "110111", "dhCanc"));
    if (existing?.situation === "CLOSED") return this.retMDFe(tpAmb, cUF, REJECTIONS.ALREADY_CLOSED, this.registrationSuffix(existing, "110112", "dhEnc"));
    if (existing) return this.retMDFe(tpAmb, cUF, REJECTIONS.DUPLICATE, ` [nProt:${existing.protocol}][dhAut:${formatDateTimeWithOffset(existing.authorizedAt, timeZoneOfCUF(cUF))}]`);
    if (text(ide, "tpEmis") === "2" && this.now().getTime() - Date.parse(text(ide, "dhEmi")) > CONTINGENCY_WINDOW_MS) return this.retMDFe(tpAmb, cUF, REJECTIONS.LATE_ISSUE);
    const plate = text(traction, "placa");
    const tpEmit = text(ide, "tpEmit");
    const endUf = text(ide, "UFFim");
    // Rule 611 looks at the CNPJ base (8 digits), the plate, tpEmit and UFFim (VerificaEncerramento).
    const open = await this.store.findOpen(tpAmb, cnpj.slice(0, 8), plate, tpEmit, endUf);
    if (open) return this.retMDFe(tpAmb, cUF, REJECTIONS.OPEN_FOR_PLATE, ` [chMDFe Não Encerrada:${open.accessKey}][NroProtocolo:${open.protocol}]`);

    const protocol = newProtocolNumber(cUF, this.now());
    const digest = /<DigestValue>([^<]+)<\/DigestValue>/.exec(xml)?.[1] ?? "";
    const protMDFeXml =
      `<protMDFe versao="3.00"><infProt Id="MDFe${protocol}"><tpAmb>${tpAmb}</tpAmb><verAplic>${VER_APLIC}</verAplic><chMDFe>${key}</chMDFe>` +
      `<dhRecbto>${this.stamp(cUF)}</dhRecbto><nProt>${protocol}</nProt><digVal>${digest}</digVal><cStat>${ANSWERS.AUTHORIZED[0]}</cStat><xMotivo>${ANSWERS.AUTHORIZED[1]}</xMotivo></infProt></protMDFe>`;
    const inserted = await this.store.insert({
      accessKey: key, environment: tpAmb, cnpj, protocol, authorizedAt: this.now(), situation: "AUTHORIZED", plate, tpEmit, endUf, drivers, protMDFeXml, events: [],
      loadingLater, loadingMunicipalityCode: text(list(ide?.infMunCarrega)[0], "cMunCarrega"), tractionOwnerType: text(child(traction, "prop"), "tpProp") || null,
    });
    if (!inserted) return this.retMDFe(tpAmb, cUF, REJECTIONS.DUPLICATE);
    const emit = child(inf, "emit");
    await this.nfeFiscoEvents?.(
      { kind: "authorized", environment: Number(tpAmb), nfeKeys: [...carried], mdfeKey: key, protocol, issuedAt: text(ide, "dhEmi"), authorizedAt: this.now(), modal: text(ide, "modal"), issuer: { cnpj, stateRegistration: text(emit, "IE"), name: text(emit, "xNome") } },
      this.now(),
    );
    return `<retMDFe xmlns="${NS}" versao="3.00"><tpAmb>${tpAmb}</tpAmb><cUF>${cUF}</cUF><verAplic>${VER_APLIC}</verAplic><cStat>${ANSWERS.PROCESSED[0]}</cStat><xMotivo>${ANSWERS.PROCESSED[1]}</xMotivo>${protMDFeXml}</retMDFe>`;
  }

  /**
   * MOC MDF-e 3.00a G022–G026 for indCarregaPosterior=1, in the SVRS's order (ValidarCarregamentoPosterior):
   * 703 one loading and one unloading municipality, the same; 704 one state, not EX; 705 rodoviário;
   * 707 tpEmit 2; 712 another such manifest of the issuer with no 110115 for more than 168 h.
   */
  private async loadingLaterRule(ide: XmlNode | undefined, inf: XmlNode | undefined, tpAmb: string, cnpj: string): Promise<{ rejection: Rejection; detail?: string } | null> {
    const loadings = list(ide?.infMunCarrega);
    const unloadings = list(child(inf, "infDoc")?.infMunDescarga);
    if (loadings.length > 1 || unloadings.length > 1 || text(unloadings[0], "cMunDescarga") !== text(loadings[0], "cMunCarrega")) return { rejection: REJECTIONS.LOADING_LATER_MUNICIPALITIES };
    if (text(ide, "UFIni") !== text(ide, "UFFim") || text(ide, "UFIni") === "EX") return { rejection: REJECTIONS.LOADING_LATER_INTERSTATE };
    if (text(ide, "modal") !== "1") return { rejection: REJECTIONS.LOADING_LATER_MODAL };
    if (text(ide, "tpEmit") !== "2") return { rejection: REJECTIONS.LOADING_LATER_ISSUER };
    const pending = await this.store.findLoadingLaterWithoutDfe(tpAmb, cnpj, new Date(this.now().getTime() - LOADING_LATER_WINDOW_MS));
    if (pending) return { rejection: REJECTIONS.LOADING_LATER_PENDING, detail: ` [chMDFe:${pending.accessKey}]` };
    return null;
  }

  private async consult(payload: string, tpAmb: string, cUF: string): Promise<string> {
    const key = text(child(parseXml(payload), "consSitMDFe"), "chMDFe");
    const stored = await this.store.find(tpAmb, key);
    const head = `<retConsSitMDFe xmlns="${NS}" versao="3.00"><tpAmb>${tpAmb}</tpAmb><verAplic>${VER_APLIC}</verAplic>`;
    if (!stored) return `${head}<cStat>${REJECTIONS.NOT_FOUND[0]}</cStat><xMotivo>${REJECTIONS.NOT_FOUND[1]}</xMotivo><cUF>${cUF}</cUF></retConsSitMDFe>`;
    const [cStat, reason] = stored.situation === "CANCELLED" ? ANSWERS.CANCELLED : stored.situation === "CLOSED" ? ANSWERS.CLOSED : ANSWERS.AUTHORIZED;
    return `${head}<cStat>${cStat}</cStat><xMotivo>${reason}</xMotivo><cUF>${cUF}</cUF>${stored.protMDFeXml}${stored.events.map((e) => e.procEventoXml).join("")}</retConsSitMDFe>`;
  }

  private retEvento(tpAmb: string, cUF: string, [cStat, reason]: Rejection, fields: { key?: string; type?: string; sequence?: string; protocol?: string } = {}, detail = ""): string {
    const registered = fields.protocol
      ? `<chMDFe>${fields.key}</chMDFe><tpEvento>${fields.type}</tpEvento><xEvento>${EVENT_NAMES[fields.type ?? ""] ?? "Evento"}</xEvento><nSeqEvento>${fields.sequence}</nSeqEvento><dhRegEvento>${this.stamp(cUF)}</dhRegEvento><nProt>${fields.protocol}</nProt>`
      : fields.key
        ? `<chMDFe>${fields.key}</chMDFe>`
        : "";
    const id = fields.protocol ? ` Id="ID${fields.protocol}"` : "";
    return `<retEventoMDFe xmlns="${NS}" versao="3.00"><infEvento${id}><tpAmb>${tpAmb}</tpAmb><verAplic>${VER_APLIC}</verAplic><cOrgao>${cUF}</cOrgao><cStat>${cStat}</cStat><xMotivo>${escape(reason + detail)}</xMotivo>${registered}</infEvento></retEventoMDFe>`;
  }

  private async event(payload: string, tpAmb: string, cUF: string): Promise<string> {
    const xml = payload;
    // General rules first (MOC 5.1.5, J01–J17), then the event's own (6.x.1, K01…), in the MOC's order.
    const schema = checkXmlSchema(xml, "mdfe/PL_MDFe_300a/eventoMDFe_v3.00.xsd");
    if (!schema.valid) return this.retEvento(tpAmb, cUF, REJECTIONS.SCHEMA, {}, ` [${schema.errors[0]}]`);
    const inf = child(child(parseXml(xml), "eventoMDFe"), "infEvento");
    const key = text(inf, "chMDFe");
    const type = text(inf, "tpEvento");
    const sequence = text(inf, "nSeqEvento");
    const signature = verifyXmlSignature(xml);
    if (!signature.valid) return this.retEvento(tpAmb, cUF, REJECTIONS.SIGNATURE, { key }, ` [${signature.reason}]`);
    const signer = checkSigner(signature.certificatePem, text(inf, "CNPJ"), this.now());
    if (signer) return this.retEvento(tpAmb, cUF, [signer.cStat, signer.reason], { key });
    if (text(inf, "tpAmb") !== tpAmb) return this.retEvento(tpAmb, cUF, REJECTIONS.ENVIRONMENT, { key });
    const detail = eventDetailDocument(xml);
    if (!detail) return this.retEvento(tpAmb, cUF, REJECTIONS.EVENT_SCHEMA, { key }, " [unknown detEvento]");
    const detailCheck = checkXmlSchema(detail.xml, detail.schema);
    if (!detailCheck.valid) return this.retEvento(tpAmb, cUF, REJECTIONS.EVENT_SCHEMA, { key }, ` [${detailCheck.errors[0]}]`);
    const stored = await this.store.find(tpAmb, key);
    const duplicate = stored && stored.events.some((e) => e.type === type && e.sequence === Number(sequence));
    if (duplicate) return this.retEvento(tpAmb, cUF, REJECTIONS.DUPLICATE_EVENT, { key }, this.registrationSuffix({ ...stored, events: stored.events.filter((e) => e.sequence === Number(sequence)) }, type, "dhRegEvento"));
    if (!stored) return this.retEvento(tpAmb, cUF, REJECTIONS.NOT_FOUND, { key });
    const det = child(child(inf, "detEvento"), Object.keys(child(inf, "detEvento") ?? {}).find((k) => k.startsWith("ev")) ?? "");
    const refusal = this.eventRule(type, Number(sequence), stored, det);
    if (refusal) return this.retEvento(tpAmb, cUF, refusal.rejection, { key }, refusal.detail ?? "");
    if (type === "110114" && !stored.drivers.includes(text(child(det, "condutor"), "CPF"))) stored.drivers.push(text(child(det, "condutor"), "CPF"));
    if (type === "110111") stored.situation = "CANCELLED";
    if (type === "110112") stored.situation = "CLOSED";
    const protocol = newProtocolNumber(cUF, this.now());
    const ret = this.retEvento(tpAmb, cUF, ANSWERS.EVENT_REGISTERED, { key, type, sequence, protocol });
    const procEventoXml = `<procEventoMDFe xmlns="${NS}" versao="3.00">${xml.replace(/^<\?xml[^>]*>/, "")}${ret}</procEventoMDFe>`;
    stored.events.push({ type, sequence: Number(sequence), procEventoXml });
    await this.store.save(stored);
    if (type === "110111") await this.nfeFiscoEvents?.({ kind: "cancelled", environment: Number(tpAmb), mdfeKey: key, cancellationProtocol: protocol, issuer: { cnpj: stored.cnpj } }, this.now());
    return ret;
  }

  /** The event's own rules (MOC MDF-e 3.00 item 6), in the MOC's order; null when it registers. */
  private eventRule(type: string, sequence: number, stored: SimulatedManifest, det: XmlNode | undefined): { rejection: Rejection; detail?: string } | null {
    const cancelled = stored.situation === "CANCELLED" ? { rejection: REJECTIONS.ALREADY_CANCELLED, detail: this.registrationSuffix(stored, "110111", "dhCanc") } : null;
    const closed = stored.situation === "CLOSED" ? { rejection: REJECTIONS.ALREADY_CLOSED, detail: this.registrationSuffix(stored, "110112", "dhEnc") } : null;
    const protocol = text(det, "nProt") !== stored.protocol ? { rejection: REJECTIONS.PROTOCOL_MISMATCH } : null;
    const sequenceAbove = (max: number) => (sequence > max ? { rejection: REJECTIONS.SEQUENCE } : null);
    const inclusions = stored.events.filter((e) => e.type === "110115");
    switch (type) {
      case "110111": {
        // 6.1.1: K01 636, K03 218, K04 220, K05 222, K06 609, K08 710 (a 110115 loaded elsewhere than the manifest's cMunCarrega).
        // K04's exception: no 24 h limit for a manifest loaded later that has no 110115 yet.
        const deadlineApplies = !(stored.loadingLater && inclusions.length === 0);
        const late = deadlineApplies && this.now().getTime() - stored.authorizedAt.getTime() > CANCEL_WINDOW_MS ? { rejection: REJECTIONS.CANCEL_TOO_LATE } : null;
        const loadedElsewhere = stored.loadingLater && inclusions.some((e) => /<cMunCarrega>(\d+)<\/cMunCarrega>/.exec(e.procEventoXml)?.[1] !== stored.loadingMunicipalityCode) ? { rejection: REJECTIONS.LOADING_LATER_CANCEL } : null;
        return sequenceAbove(1) ?? cancelled ?? late ?? protocol ?? closed ?? loadedElsewhere;
      }
      case "110112": {
        // 636, 614 (cMun outside cUF), 218, 222, 609 (ValidarEncerramento; closing twice with nSeqEvento 1 is 631 above).
        const outside = !STATES.some((s) => s.cUF === text(det, "cUF")) || !text(det, "cMun").startsWith(text(det, "cUF")) ? { rejection: REJECTIONS.CLOSING_UF } : null;
        // K10 of 6.2.1: a manifest loaded later closes only after a 110115 (715).
        const withoutDocuments = stored.loadingLater && inclusions.length === 0 ? { rejection: REJECTIONS.LOADING_LATER_CLOSE } : null;
        return sequenceAbove(1) ?? outside ?? cancelled ?? protocol ?? closed ?? withoutDocuments;
      }
      case "110114": {
        // 6.3.1: K01 636, K03 218, K04 609, K06 645. No rule refuses a driver already listed: it registers.
        const cpf = isValidCpf(text(child(det, "condutor"), "CPF")) ? null : { rejection: REJECTIONS.DRIVER_CPF };
        return sequenceAbove(99) ?? cancelled ?? closed ?? cpf;
      }
      case "110115": {
        // 6.4.1: K01 636, K03 218, K04 609, K05 708 (no indCarregaPosterior=1), K06 456, K08 612, K10 709, K14 711.
        // A manifest loaded later has UFIni = UFFim (G023), so both states are its endUf.
        const before = sequenceAbove(99) ?? cancelled ?? closed ?? (stored.loadingLater ? null : { rejection: REJECTIONS.NOT_LOADING_LATER });
        if (before) return before;
        const cUFOf = (code: string) => STATES.find((s) => s.uf === stored.endUf)?.cUF === code.slice(0, 2);
        if (!cUFOf(text(det, "cMunCarrega"))) return { rejection: REJECTIONS.EVENT_LOADING_UF };
        if (list(det?.infDoc).some((doc) => !cUFOf(text(doc, "cMunDescarga")))) return { rejection: REJECTIONS.EVENT_UNLOADING_UF };
        const listed = new Set(inclusions.flatMap((e) => [...e.procEventoXml.matchAll(/<chNFe>(\d{44})<\/chNFe>/g)].map((m) => m[1])));
        for (const doc of list(det?.infDoc)) {
          const nfeKey = text(doc, "chNFe");
          const parsed = parseDfeKey(nfeKey);
          if (!parsed || parsed.model !== "55") return { rejection: REJECTIONS.EVENT_NFE_KEY, detail: ` [Motivo: ${parsed ? "Modelo diferente de 55" : "DV inválido"}]` };
          if (listed.has(nfeKey)) return { rejection: REJECTIONS.EVENT_NFE_LISTED };
        }
        return null;
      }
      case "110116": {
        // 6.5.1: K01 636 (nSeqEvento only 1), K03 222, K04 218, K06 723 (veicTracao/prop with tpProp 0); no rule for a closed manifest.
        const notTacAggregated = stored.tractionOwnerType !== "0" ? { rejection: REJECTIONS.PAYMENT_OWNER } : null;
        return sequenceAbove(1) ?? protocol ?? cancelled ?? notTacAggregated;
      }
      default:
        return { rejection: REJECTIONS.EVENT_SCHEMA, detail: " [tpEvento]" };
    }
  }

  private async openManifests(payload: string, tpAmb: string, cUF: string): Promise<string> {
    const head = `<retConsMDFeNaoEnc xmlns="${NS}" versao="3.00"><tpAmb>${tpAmb}</tpAmb><verAplic>${VER_APLIC}</verAplic>`;
    const schema = checkXmlSchema(payload.trim(), "mdfe/PL_MDFe_300a/consMDFeNaoEnc_v3.00.xsd");
    if (!schema.valid) return `${head}<cStat>${REJECTIONS.SCHEMA[0]}</cStat><xMotivo>${escape(`${REJECTIONS.SCHEMA[1]} [${schema.errors[0]}]`)}</xMotivo><cUF>${cUF}</cUF></retConsMDFeNaoEnc>`;
    const request = child(parseXml(payload), "consMDFeNaoEnc");
    if (text(request, "tpAmb") !== tpAmb) return `${head}<cStat>${REJECTIONS.ENVIRONMENT[0]}</cStat><xMotivo>${REJECTIONS.ENVIRONMENT[1]}</xMotivo><cUF>${cUF}</cUF></retConsMDFeNaoEnc>`;
    const cnpj = text(request, "CNPJ");
    const open = await this.store.listOpen(tpAmb, cnpj);
    const [cStat, reason] = open.length > 0 ? ANSWERS.OPEN_FOUND : ANSWERS.OPEN_NONE;
    return (
      `${head}<cStat>${cStat}</cStat><xMotivo>${reason}</xMotivo><cUF>${cUF}</cUF>` +
      open.map((m) => `<infMDFe><chMDFe>${m.accessKey}</chMDFe><nProt>${m.protocol}</nProt></infMDFe>`).join("") +
      "</retConsMDFeNaoEnc>"
    );
  }
}

const EVENT_NAMES: Record<string, string> = { "110111": "Cancelamento", "110112": "Encerramento", "110114": "Inclusao Condutor", "110115": "Inclusao DF-e", "110116": "Pagamento Operacao MDF-e" };

function list(value: unknown): XmlNode[] {
  return (Array.isArray(value) ? value : value ? [value] : []) as XmlNode[];
}

function escape(value: string): string {
  return value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

/** The content of <mdfeDadosMsg> as sent (an XML message or the base64 of a gzip). */
function extractDadosMsg(envelope: string): string {
  const match = /<(?:[\w.-]+:)?mdfeDadosMsg\b[^>]*>([\s\S]*)<\/(?:[\w.-]+:)?mdfeDadosMsg>/.exec(envelope);
  if (!match?.[1]) throw new Error("MDF-e simulator: request without mdfeDadosMsg");
  return match[1];
}
