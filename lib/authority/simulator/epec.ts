import { EPEC_NFCE_DETAIL_SCHEMA, epecDataOfEvent, epecDataOfNfe, epecDetailDocument, epecDifferences } from "@/lib/fiscal/nfe/epec-event";
import { checkXmlSchema } from "@/lib/fiscal/xml/schema-validation";
import { verifyXmlSignature } from "@/lib/fiscal/xml/xml-signature";
import { escapeXml } from "@/lib/fiscal/xml/xml-text";
import { child, extractElement, parseXml, text } from "../soap-response";
import { retEnvEvento, SIMULATOR_VER_APLIC } from "./answers";
import { checkSigner, sameCnpjRoot } from "./certificate-cnpj";
import { isUniqueViolation, localTime, schemaDetail, type SimulatorAnswer, type SimulatorContext } from "./context";
import { newProtocolNumber } from "./protocol-number";

// The Ambiente Nacional's EPEC service (event 110140 of NF-e, NT 2014.001 v1.00a; layout
// leiauteEPEC_v1.00): the EPEC is registered before its NF-e exists anywhere, so a registered
// one answers 136 "Evento registrado, mas não vinculado a NF-e" with cOrgaoAutor and the keys of
// the issuer's EPEC still waiting for their NF-e (chNFePend). Refusals, in this order:
// 215 schema; 297 signature; the signer's (certificate-cnpj.ts); 572 Id; 484 tpEmis of the key
// not 4; 455 cOrgaoAutor not the key's state; 574 author not the key's issuer; 212 dhEmi in the
// future; 228 dhEmi older than 168 h (the EPEC deadline: our choice, the NT's window was not
// found); 577/578 dhEvento before dhEmi / in the future; 142 the issuer has an EPEC unreconciled
// for more than 168 h ("Ambiente de Contingência EPEC bloqueado para o Emitente", NT 2014.001
// item 4.2 A); 661 an NF-e exists for the number; 662 the number is inutilized; 573 the key's
// EPEC exists; 485 another key's EPEC exists for the number. The state's authorizer later
// compares the NF-e with its EPEC (epecRefusal: 468 none, 467 divergent) and reconciles it.
// Error texts: NT 2015.003 §8 (EPEC NFC-e, same codes) and cstat.json; xEvento "EPEC autorizado"
// as TRetEvento of NT 2015.003 documents it (the schema asks 5 to 60 characters).
//
// The same rules serve SEFAZ-SP's EPEC service for NFC-e (NT 2015.003 v1.02, `service: "state"`:
// RecepcaoEPEC at nfce.epec.fazenda.sp.gov.br): cOrgao is the state's (35), the key's model 65,
// the detEvento e110140NFCe_v1.00.xsd (the batch checked against the generic envEvento_v1.00.xsd:
// PL_010_V1.30 has no envelope of its own for it), and a registered EPEC answers 124 "EPEC
// Autorizado" (NT 2015.003 §8) with a protocol of the state.

const CLOCK_TOLERANCE_MS = 5 * 60 * 1000;
/** NT 2014.001 item 4.2: EPEC pending for more than 168 hours block new EPEC of the issuer. */
export const EPEC_PENDING_LIMIT_MS = 168 * 3_600_000;

function epecRetEvento(e: { tpAmb: string; cOrgao: string; cStat: string; xMotivo: string; chNFe: string; nSeqEvento: string; cOrgaoAutor: string; dhRegEvento: string; nProt?: string; pending?: string[] }): string {
  const tag = (name: string, value: string | undefined) => (value ? `<${name}>${escapeXml(value)}</${name}>` : "");
  return (
    `<retEvento versao="1.00"><infEvento${e.nProt ? ` Id="ID${e.nProt}"` : ""}>` +
    tag("tpAmb", e.tpAmb) + tag("verAplic", SIMULATOR_VER_APLIC) + tag("cOrgao", e.cOrgao) + tag("cStat", e.cStat) + tag("xMotivo", e.xMotivo) +
    (/^[0-9]{6}[0-9A-Z]{12}[0-9]{26}$/.test(e.chNFe) ? tag("chNFe", e.chNFe) : "") +
    tag("tpEvento", "110140") + (e.nProt ? tag("xEvento", "EPEC autorizado") : "") + (/^[1-9][0-9]?$/.test(e.nSeqEvento) ? tag("nSeqEvento", e.nSeqEvento) : "") +
    tag("cOrgaoAutor", /^[0-9]{2}$/.test(e.cOrgaoAutor) ? e.cOrgaoAutor : e.cOrgao) + tag("dhRegEvento", e.dhRegEvento) + tag("nProt", e.nProt) +
    (e.pending ?? []).map((key) => tag("chNFePend", key)).join("") +
    `</infEvento></retEvento>`
  );
}

export async function receiveEpec(context: SimulatorContext, payloadXml: string, options: { service: "AN" | "state" } = { service: "AN" }): Promise<SimulatorAnswer> {
  const received = context.now();
  const envelope = child(parseXml(payloadXml), "envEvento");
  const info = child(child(envelope, "evento"), "infEvento");
  const chNFe = text(info, "chNFe");
  const tpAmb = text(info, "tpAmb") || "2";
  const nSeqEvento = text(info, "nSeqEvento");
  const cOrgaoAutor = text(child(info, "detEvento"), "cOrgaoAutor");
  const state = options.service === "state";
  // The Ambiente Nacional (91) answers in Brasília time; a state's EPEC service as its own authorizer does.
  const cOrgao = state ? text(info, "cOrgao") || chNFe.slice(0, 2) || "35" : "91";
  const dhRegEvento = localTime(received, state ? cOrgao : "53");
  const batch = (cStat: string, xMotivo: string, ret?: string) => ({
    answerXml: retEnvEvento({ idLote: text(envelope, "idLote") || "0", tpAmb, cOrgao, cStat, xMotivo, retEvento: ret }),
  });
  const refuse = (cStat: string, xMotivo: string) =>
    batch("128", "Lote de Evento Processado", epecRetEvento({ tpAmb, cOrgao, cStat, xMotivo, chNFe, nSeqEvento, cOrgaoAutor, dhRegEvento }));

  const schema = checkXmlSchema(payloadXml, state ? "nfe/envEvento_v1.00.xsd" : "nfe/envEPEC_v1.00.xsd");
  if (!schema.valid) return batch("215", `Rejeição: Falha no schema XML [${schemaDetail(schema.errors)}]`);
  const eventXml = extractElement(payloadXml, "evento") ?? "";
  if (state) {
    const detail = checkXmlSchema(epecDetailDocument(eventXml), EPEC_NFCE_DETAIL_SCHEMA);
    if (!detail.valid) return batch("215", `Rejeição: Falha no schema XML [${schemaDetail(detail.errors)}]`);
    // The state's EPEC service receives the NFC-e's EPEC of its own state (NT 2015.003): cOrgao = cUF of the key, model 65.
    if (cOrgao !== chNFe.slice(0, 2)) return refuse("250", "Rejeição: UF diverge da UF autorizadora");
    if (chNFe.slice(20, 22) !== "65") return refuse("775", "Rejeição: Modelo da NFC-e diferente de 65");
  }
  const signature = verifyXmlSignature(eventXml);
  if (!signature.valid) return refuse("297", "Rejeição: Assinatura difere do calculado");
  const author = text(info, "CNPJ") || text(info, "CPF");
  const signer = checkSigner(signature.certificatePem, author, received);
  if (signer) return refuse(signer.cStat, signer.reason);
  if (info?.["@_Id"] !== `ID110140${chNFe}${nSeqEvento.padStart(2, "0")}`) {
    return refuse("572", "Rejeição: Erro Atributo ID do evento não corresponde a concatenação dos campos (“ID” + tpEvento + chNFe + nSeqEvento)");
  }
  if (chNFe.charAt(34) !== "4") return refuse("484", "Rejeição: Chave de Acesso com tipo de emissão diferente de 4 (posição 35 da Chave de Acesso)");
  if (cOrgaoAutor !== chNFe.slice(0, 2)) return refuse("455", "Rejeição: Órgão Autor do evento diferente da UF da Chave de Acesso");
  const issuer = chNFe.slice(6, 20);
  if (!sameCnpjRoot(issuer, author)) return refuse("574", "Rejeição: O autor do evento diverge do emissor da NF-e");
  const data = epecDataOfEvent(eventXml);
  const issuedAt = new Date(data.dhEmi).getTime();
  if (issuedAt > received.getTime() + CLOCK_TOLERANCE_MS) return refuse("212", "Rejeição: Data de emissão NF-e posterior a data de recebimento");
  if (issuedAt < received.getTime() - EPEC_PENDING_LIMIT_MS) return refuse("228", "Rejeição: Data de Emissão muito atrasada");
  const occurredAt = new Date(text(info, "dhEvento")).getTime();
  if (occurredAt < issuedAt) return refuse("577", "Rejeição: A data do evento não pode ser menor que a data de emissão da NF-e");
  if (occurredAt > received.getTime() + CLOCK_TOLERANCE_MS) return refuse("578", "Rejeição: A data do evento não pode ser maior que a data do processamento");

  const environment = Number(tpAmb);
  const [model, series, number] = [Number(chNFe.slice(20, 22)), Number(chNFe.slice(22, 25)), Number(chNFe.slice(25, 34))];
  try {
    return await context.db.$transaction(async (tx) => {
      const pending = await tx.simulatorEpec.findMany({ where: { environment, cnpj: issuer, reconciledAt: null }, select: { accessKey: true, createdAt: true }, orderBy: { createdAt: "asc" } });
      if (pending.some((p) => p.createdAt.getTime() < received.getTime() - EPEC_PENDING_LIMIT_MS)) {
        return refuse("142", "Ambiente de Contingência EPEC bloqueado para o Emitente");
      }
      if (await tx.simulatorDocument.findFirst({ where: { environment, cnpj: issuer, model, series, number }, select: { id: true } })) {
        return refuse("661", "Rejeição: NF-e já existente para o número do EPEC informado");
      }
      const voided = await tx.simulatorInutilization.findFirst({ where: { environment, cnpj: issuer, model, series, startNumber: { lte: number }, endNumber: { gte: number } }, select: { id: true } });
      if (voided) return refuse("662", "Rejeição: Numeração do EPEC está inutilizada na Base de Dados da SEFAZ");
      const sameNumber = await tx.simulatorEpec.findFirst({ where: { environment, cnpj: issuer, model, series, number }, select: { accessKey: true } });
      if (sameNumber?.accessKey === chNFe) return refuse("573", "Rejeição: Duplicidade de Evento");
      if (sameNumber) return refuse("485", "Rejeição: Duplicidade de numeração do EPEC (Modelo, CNPJ, Série e Número)");
      // The AN's EPEC protocols read "891xxxxxxxxxxxx" (MOC 7.0, Modalidades de Emissão, item 2.1.4); a state's are its own.
      const protocol = state ? newProtocolNumber(cOrgao, received) : `8${newProtocolNumber("91", received).slice(1)}`;
      await tx.simulatorEpec.create({
        data: {
          environment, accessKey: chNFe, cnpj: issuer, model, series, number, dhEmi: data.dhEmi, tpNF: data.tpNF, ie: data.ie, destUf: data.destUf,
          destDocument: `${data.destIdKind}:${data.destId}`, destIe: data.destIe, vNF: data.vNF, vICMS: data.vICMS, vST: data.vST, protocol, xml: eventXml, createdAt: received,
        },
      });
      const registered = state ? { cStat: "124", xMotivo: "EPEC Autorizado" } : { cStat: "136", xMotivo: "Evento registrado, mas não vinculado a NF-e" };
      const ret = epecRetEvento({
        tpAmb, cOrgao, ...registered, chNFe, nSeqEvento, cOrgaoAutor, dhRegEvento, nProt: protocol,
        pending: pending.map((p) => p.accessKey).filter((key) => key !== chNFe),
      });
      return batch("128", "Lote de Evento Processado", ret);
    });
  } catch (error) {
    if (isUniqueViolation(error)) return refuse("573", "Rejeição: Duplicidade de Evento");
    throw error;
  }
}

export type EpecRefusal = { cStat: string; xMotivo: string };

/**
 * At the state's authorizer, an NF-e issued in EPEC (tpEmis 4) must have its EPEC, with the same
 * data (NT 2014.001; MOC 7.0 Anexo I): 468 "NF-e com Tipo Emissão = 4, sem EPEC correspondente",
 * 467 "Dados da NF-e divergentes do EPEC" (the differing fields in brackets).
 */
export async function epecRefusal(context: SimulatorContext, input: { environment: number; accessKey: string; nfeXml: string }): Promise<EpecRefusal | null> {
  const epec = await context.db.simulatorEpec.findUnique({ where: { environment_accessKey: { environment: input.environment, accessKey: input.accessKey } } });
  if (!epec) return { cStat: "468", xMotivo: "Rejeição: NF-e com Tipo Emissão = 4, sem EPEC correspondente" };
  let nfe;
  try {
    nfe = epecDataOfNfe(input.nfeXml);
  } catch {
    return { cStat: "467", xMotivo: "Rejeição: Dados da NF-e divergentes do EPEC [dest]" };
  }
  const differences = epecDifferences(epecDataOfEvent(epec.xml), nfe);
  return differences.length > 0 ? { cStat: "467", xMotivo: `Rejeição: Dados da NF-e divergentes do EPEC [${differences.join(", ")}]` } : null;
}

/** The NF-e of an EPEC was authorized: the EPEC is reconciled (no longer pending, NT 2014.001 item 4.1). */
export async function reconcileEpec(context: SimulatorContext, input: { environment: number; accessKey: string }): Promise<void> {
  await context.db.simulatorEpec.updateMany({ where: { environment: input.environment, accessKey: input.accessKey, reconciledAt: null }, data: { reconciledAt: context.now() } });
}

/** Whether an envEvento is an EPEC (110140), read loosely before the full parse. */
export function isEpecRequest(payloadXml: string): boolean {
  return /<(?:\w+:)?tpEvento>110140</.test(payloadXml);
}


/**
 * An NF-e or NFC-e sent for a series and number whose EPEC was registered under another key (the
 * first attempt of a number later issued in EPEC, or a second document for it): 692 "Existe EPEC
 * registrado para esta Série e Número [Chave EPEC: …]" (cstat.json; NT 2014.001 / NT 2015.003 §5.1:
 * the EPEC's number belongs to its key). Found by the authorization's recording statement.
 */
export function epecOfNumberRefusal(epecAccessKey: string): EpecRefusal {
  return { cStat: "692", xMotivo: `Rejeição: Existe EPEC registrado para esta Série e Número [Chave EPEC: ${epecAccessKey}]` };
}
