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
import { MemoryMdfeSimulatorStore, type MdfeSimulatorStore } from "./simulator-store";

// The built-in MDF-e authority (SVRS) for HOMOLOGATION and tests: it reads the same SOAP envelopes
// the real service reads and refuses what the MOC MDF-e 3.00a refuses, with its codes. State is
// in a MdfeSimulatorStore: PostgreSQL in the app, memory in unit tests (simulator-store.ts).

const NS = "http://www.portalfiscal.inf.br/mdfe";
const VER_APLIC = "SVRS-SIM-MDFe";
/** Cancellation is accepted within 24 h of the authorization (MOC MDF-e 3.00a, rule of the event 110111, cStat 220). */
export const CANCEL_WINDOW_MS = 24 * 60 * 60 * 1000;
/**
 * An MDF-e issued in contingência off-line (tpEmis 2) is accepted within 168 h of its dhEmi (MOC MDF-e
 * 3.00a, contingência off-line; Ajuste SINIEF 21/10); later it is refused as a late issue, 228 (the
 * dhEmi rule NT MDF-e 2018.001 set for the MDF-e: "Data de Emissão muito atrasada"). See
 * docs/api-notes/mdfe.md, Simulator, for what of this was verified.
 */
export const CONTINGENCY_WINDOW_MS = 168 * 60 * 60 * 1000;

/** Rejections the simulator answers (MOC MDF-e 3.00a table of codes unless noted in docs/api-notes/mdfe.md). */
export const REJECTIONS = {
  SCHEMA: ["215", "Rejeição: Falha no schema XML"],
  SIGNATURE: ["297", "Rejeição: Assinatura difere do calculado"],
  ENVIRONMENT: ["252", "Rejeição: Ambiente informado diverge do Ambiente de recebimento"],
  DUPLICATE: ["204", "Rejeição: Duplicidade de MDF-e"],
  ALREADY_CANCELLED: ["218", "Rejeição: MDF-e já está cancelado na base de dados da SEFAZ"],
  CANCEL_TOO_LATE: ["220", "Rejeição: Prazo de Cancelamento superior a 24 horas"],
  PROTOCOL_MISMATCH: ["222", "Rejeição: Protocolo de Autorização de Uso difere do cadastrado"],
  KEY_DIGIT: ["236", "Rejeição: Chave de Acesso inválida (Dígito Verificador)"],
  NOT_FOUND: ["217", "Rejeição: MDF-e não consta na base de dados da SEFAZ"],
  ALREADY_CLOSED: ["609", "Rejeição: MDF-e já está encerrado na base de dados da SEFAZ"],
  OPEN_FOR_PLATE: ["611", "Rejeição: Existe MDF-e não encerrado para esta placa, tipo de emitente e UF descarregamento"],
  DUPLICATE_EVENT: ["631", "Rejeição: Duplicidade de evento"],
  DRIVER_CPF: ["700", "Rejeição: CPF do condutor inválido"],
  DRIVER_LISTED: ["701", "Rejeição: Condutor já informado no MDF-e"],
  // MOC MDF-e 3.00a (2019) unified the NF-e key rules into 604, with the key and the reason in brackets.
  NFE_KEY: ["604", "Rejeição: Chave de acesso da NF-e informada inválida"],
  LATE_ISSUE: ["228", "Rejeição: Data de Emissão muito atrasada"],
} as const satisfies Record<string, readonly [string, string]>;

type Rejection = readonly [string, string];

export class MdfeSimulator {
  constructor(private readonly store: MdfeSimulatorStore = new MemoryMdfeSimulatorStore()) {}
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
        return `<retConsStatServMDFe xmlns="${NS}" versao="3.00"><tpAmb>${tpAmb}</tpAmb><verAplic>${VER_APLIC}</verAplic><cStat>107</cStat><xMotivo>Servico em Operacao</xMotivo><cUF>${cUF}</cUF><dhRecbto>${this.stamp(cUF)}</dhRecbto><tMed>1</tMed></retConsStatServMDFe>`;
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

  private async authorize(payload: string, tpAmb: string, cUF: string): Promise<string> {
    let xml: string;
    try {
      xml = gunzipSync(Buffer.from(payload.trim(), "base64")).toString("utf8");
    } catch {
      return this.retMDFe(tpAmb, cUF, REJECTIONS.SCHEMA, ": mdfeDadosMsg is not a gzip in base64");
    }
    const schema = checkXmlSchema(xml, "mdfe/PL_MDFe_300a/mdfe_v3.00.xsd");
    const rodo = modalDocument(xml);
    const modal = rodo ? checkXmlSchema(rodo, "mdfe/PL_MDFe_300a/mdfeModalRodoviario_v3.00.xsd") : { valid: false as const, errors: ["infModal without rodo"] };
    if (!schema.valid) return this.retMDFe(tpAmb, cUF, REJECTIONS.SCHEMA, `: ${schema.errors[0]}`);
    if (!modal.valid) return this.retMDFe(tpAmb, cUF, REJECTIONS.SCHEMA, `: ${modal.errors[0]}`);
    const doc = child(parseXml(xml), "MDFe");
    const inf = child(doc, "infMDFe");
    const ide = child(inf, "ide");
    const key = (String(inf?.["@_Id"] ?? "")).slice(4);
    if (text(ide, "tpAmb") !== tpAmb) return this.retMDFe(tpAmb, cUF, REJECTIONS.ENVIRONMENT);
    if (!parseDfeKey(key)) return this.retMDFe(tpAmb, cUF, REJECTIONS.KEY_DIGIT);
    const signature = verifyXmlSignature(xml);
    if (!signature.valid) return this.retMDFe(tpAmb, cUF, REJECTIONS.SIGNATURE, `: ${signature.reason}`);
    const cnpj = text(child(inf, "emit"), "CNPJ");
    const signer = checkSigner(signature.certificatePem, cnpj, this.now());
    if (signer) return this.retMDFe(tpAmb, cUF, [signer.cStat, signer.reason]);
    const existing = await this.store.find(tpAmb, key);
    if (existing) return this.retMDFe(tpAmb, cUF, REJECTIONS.DUPLICATE, ` [nProt:${existing.protocol}]`);
    if (text(ide, "tpEmis") === "2" && this.now().getTime() - Date.parse(text(ide, "dhEmi")) > CONTINGENCY_WINDOW_MS) return this.retMDFe(tpAmb, cUF, REJECTIONS.LATE_ISSUE);
    const rodoNode = child(parseXml(rodo!), "rodo");
    const traction = child(rodoNode, "veicTracao");
    const drivers = list(traction?.condutor).map((d) => text(d, "CPF"));
    if (drivers.some((cpf) => !isValidCpf(cpf))) return this.retMDFe(tpAmb, cUF, REJECTIONS.DRIVER_CPF);
    for (const unloading of list(child(inf, "infDoc")?.infMunDescarga)) {
      for (const nfe of list(unloading.infNFe)) {
        const parsed = parseDfeKey(text(nfe, "chNFe"));
        if (!parsed || parsed.model !== "55") return this.retMDFe(tpAmb, cUF, REJECTIONS.NFE_KEY, ` [chNFe:${text(nfe, "chNFe")} Motivo: ${parsed ? "Modelo diferente de 55" : "DV inválido"}]`);
      }
    }
    const plate = text(traction, "placa");
    const tpEmit = text(ide, "tpEmit");
    const endUf = text(ide, "UFFim");
    const open = await this.store.findOpen(tpAmb, plate, tpEmit, endUf);
    if (open) return this.retMDFe(tpAmb, cUF, REJECTIONS.OPEN_FOR_PLATE, ` [chMDFe:${open.accessKey}]`);

    const protocol = newProtocolNumber(cUF, this.now());
    const digest = /<DigestValue>([^<]+)<\/DigestValue>/.exec(xml)?.[1] ?? "";
    const protMDFeXml =
      `<protMDFe versao="3.00"><infProt Id="MDFe${protocol}"><tpAmb>${tpAmb}</tpAmb><verAplic>${VER_APLIC}</verAplic><chMDFe>${key}</chMDFe>` +
      `<dhRecbto>${this.stamp(cUF)}</dhRecbto><nProt>${protocol}</nProt><digVal>${digest}</digVal><cStat>100</cStat><xMotivo>Autorizado o uso do MDF-e</xMotivo></infProt></protMDFe>`;
    const inserted = await this.store.insert({ accessKey: key, environment: tpAmb, cnpj, protocol, authorizedAt: this.now(), situation: "AUTHORIZED", plate, tpEmit, endUf, drivers, protMDFeXml, events: [] });
    if (!inserted) return this.retMDFe(tpAmb, cUF, REJECTIONS.DUPLICATE);
    return `<retMDFe xmlns="${NS}" versao="3.00"><tpAmb>${tpAmb}</tpAmb><cUF>${cUF}</cUF><verAplic>${VER_APLIC}</verAplic><cStat>104</cStat><xMotivo>Arquivo processado</xMotivo>${protMDFeXml}</retMDFe>`;
  }

  private async consult(payload: string, tpAmb: string, cUF: string): Promise<string> {
    const key = text(child(parseXml(payload), "consSitMDFe"), "chMDFe");
    const stored = await this.store.find(tpAmb, key);
    const head = `<retConsSitMDFe xmlns="${NS}" versao="3.00"><tpAmb>${tpAmb}</tpAmb><verAplic>${VER_APLIC}</verAplic>`;
    if (!stored) return `${head}<cStat>217</cStat><xMotivo>${REJECTIONS.NOT_FOUND[1]}</xMotivo><cUF>${cUF}</cUF></retConsSitMDFe>`;
    const [cStat, reason] =
      stored.situation === "CANCELLED" ? ["101", "Cancelamento de MDF-e homologado"] : stored.situation === "CLOSED" ? ["132", "Encerramento de MDF-e homologado"] : ["100", "Autorizado o uso do MDF-e"];
    return `${head}<cStat>${cStat}</cStat><xMotivo>${reason}</xMotivo><cUF>${cUF}</cUF>${stored.protMDFeXml}${stored.events.map((e) => e.procEventoXml).join("")}</retConsSitMDFe>`;
  }

  private retEvento(tpAmb: string, cUF: string, [cStat, reason]: Rejection, fields: { key?: string; type?: string; sequence?: string; protocol?: string } = {}): string {
    const registered = fields.protocol
      ? `<chMDFe>${fields.key}</chMDFe><tpEvento>${fields.type}</tpEvento><xEvento>${EVENT_NAMES[fields.type ?? ""] ?? "Evento"}</xEvento><nSeqEvento>${fields.sequence}</nSeqEvento><dhRegEvento>${this.stamp(cUF)}</dhRegEvento><nProt>${fields.protocol}</nProt>`
      : fields.key
        ? `<chMDFe>${fields.key}</chMDFe>`
        : "";
    const id = fields.protocol ? ` Id="ID${fields.protocol}"` : "";
    return `<retEventoMDFe xmlns="${NS}" versao="3.00"><infEvento${id}><tpAmb>${tpAmb}</tpAmb><verAplic>${VER_APLIC}</verAplic><cOrgao>${cUF}</cOrgao><cStat>${cStat}</cStat><xMotivo>${escape(reason)}</xMotivo>${registered}</infEvento></retEventoMDFe>`;
  }

  private async event(payload: string, tpAmb: string, cUF: string): Promise<string> {
    const xml = payload;
    const schema = checkXmlSchema(xml, "mdfe/PL_MDFe_300a/eventoMDFe_v3.00.xsd");
    if (!schema.valid) return this.retEvento(tpAmb, cUF, [REJECTIONS.SCHEMA[0], `${REJECTIONS.SCHEMA[1]}: ${schema.errors[0]}`]);
    const detail = eventDetailDocument(xml);
    if (!detail) return this.retEvento(tpAmb, cUF, [REJECTIONS.SCHEMA[0], `${REJECTIONS.SCHEMA[1]}: unknown detEvento`]);
    const detailCheck = checkXmlSchema(detail.xml, detail.schema);
    if (!detailCheck.valid) return this.retEvento(tpAmb, cUF, [REJECTIONS.SCHEMA[0], `${REJECTIONS.SCHEMA[1]}: ${detailCheck.errors[0]}`]);
    const inf = child(child(parseXml(xml), "eventoMDFe"), "infEvento");
    const key = text(inf, "chMDFe");
    const type = text(inf, "tpEvento");
    const sequence = text(inf, "nSeqEvento");
    if (text(inf, "tpAmb") !== tpAmb) return this.retEvento(tpAmb, cUF, REJECTIONS.ENVIRONMENT, { key });
    const signature = verifyXmlSignature(xml);
    if (!signature.valid) return this.retEvento(tpAmb, cUF, [REJECTIONS.SIGNATURE[0], `${REJECTIONS.SIGNATURE[1]}: ${signature.reason}`], { key });
    const signer = checkSigner(signature.certificatePem, text(inf, "CNPJ"), this.now());
    if (signer) return this.retEvento(tpAmb, cUF, [signer.cStat, signer.reason], { key });
    const stored = await this.store.find(tpAmb, key);
    if (!stored) return this.retEvento(tpAmb, cUF, REJECTIONS.NOT_FOUND, { key });
    if (stored.events.some((e) => e.type === type && e.sequence === Number(sequence))) return this.retEvento(tpAmb, cUF, REJECTIONS.DUPLICATE_EVENT, { key });
    const det = child(child(inf, "detEvento"), Object.keys(child(inf, "detEvento") ?? {}).find((k) => k.startsWith("ev")) ?? "");
    if (stored.situation === "CANCELLED") return this.retEvento(tpAmb, cUF, REJECTIONS.ALREADY_CANCELLED, { key });
    if (stored.situation === "CLOSED") return this.retEvento(tpAmb, cUF, REJECTIONS.ALREADY_CLOSED, { key });
    if ((type === "110111" || type === "110112" || type === "110115" || type === "110116") && text(det, "nProt") !== stored.protocol) return this.retEvento(tpAmb, cUF, REJECTIONS.PROTOCOL_MISMATCH, { key });
    if (type === "110111" && this.now().getTime() - stored.authorizedAt.getTime() > CANCEL_WINDOW_MS) return this.retEvento(tpAmb, cUF, REJECTIONS.CANCEL_TOO_LATE, { key });
    if (type === "110114") {
      const cpf = text(child(det, "condutor"), "CPF");
      if (!isValidCpf(cpf)) return this.retEvento(tpAmb, cUF, REJECTIONS.DRIVER_CPF, { key });
      if (stored.drivers.includes(cpf)) return this.retEvento(tpAmb, cUF, REJECTIONS.DRIVER_LISTED, { key });
      stored.drivers.push(cpf);
    }
    if (type === "110115") {
      for (const doc of list(det?.infDoc)) {
        const parsed = parseDfeKey(text(doc, "chNFe"));
        if (!parsed || parsed.model !== "55") return this.retEvento(tpAmb, cUF, [REJECTIONS.NFE_KEY[0], `${REJECTIONS.NFE_KEY[1]} [chNFe:${text(doc, "chNFe")} Motivo: ${parsed ? "Modelo diferente de 55" : "DV inválido"}]`], { key });
      }
    }
    if (type === "110112" && !STATES.some((s) => s.cUF === text(det, "cUF"))) return this.retEvento(tpAmb, cUF, [REJECTIONS.SCHEMA[0], `${REJECTIONS.SCHEMA[1]}: cUF`], { key });
    if (type === "110111") stored.situation = "CANCELLED";
    if (type === "110112") stored.situation = "CLOSED";
    const protocol = newProtocolNumber(cUF, this.now());
    const ret = this.retEvento(tpAmb, cUF, ["135", "Evento registrado e vinculado a MDF-e"], { key, type, sequence, protocol });
    const procEventoXml = `<procEventoMDFe xmlns="${NS}" versao="3.00">${xml.replace(/^<\?xml[^>]*>/, "")}${ret}</procEventoMDFe>`;
    stored.events.push({ type, sequence: Number(sequence), procEventoXml });
    await this.store.save(stored);
    return ret;
  }

  private async openManifests(payload: string, tpAmb: string, cUF: string): Promise<string> {
    const head = `<retConsMDFeNaoEnc xmlns="${NS}" versao="3.00"><tpAmb>${tpAmb}</tpAmb><verAplic>${VER_APLIC}</verAplic>`;
    const schema = checkXmlSchema(payload.trim(), "mdfe/PL_MDFe_300a/consMDFeNaoEnc_v3.00.xsd");
    if (!schema.valid) return `${head}<cStat>${REJECTIONS.SCHEMA[0]}</cStat><xMotivo>${escape(`${REJECTIONS.SCHEMA[1]}: ${schema.errors[0]}`)}</xMotivo><cUF>${cUF}</cUF></retConsMDFeNaoEnc>`;
    const request = child(parseXml(payload), "consMDFeNaoEnc");
    if (text(request, "tpAmb") !== tpAmb) return `${head}<cStat>${REJECTIONS.ENVIRONMENT[0]}</cStat><xMotivo>${REJECTIONS.ENVIRONMENT[1]}</xMotivo><cUF>${cUF}</cUF></retConsMDFeNaoEnc>`;
    const cnpj = text(request, "CNPJ");
    const open = await this.store.listOpen(tpAmb, cnpj);
    const [cStat, reason] = open.length > 0 ? ["111", "Consulta nao encerrados localizou MDF-e nessa situacao"] : ["112", "Consulta nao encerrados nao localizou MDF-e nessa situacao"];
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
