import { checkXmlSchema } from "@/lib/fiscal/xml/schema-validation";
import { child, extractElement, parseXml, text } from "../soap-response";
import { retConsReciNFe, retEnviNFe } from "./answers";
import { localTime, schemaDetail, type SimulatorAnswer, type SimulatorContext } from "./context";
import { newReceiptNumber } from "./protocol-number";

// Asynchronous authorization (indSinc 0 behaviour, or a state that answers
// 103 anyway): the batch is processed at once, its protNFe kept under a
// receipt number for NFeRetAutorizacao4. Kept in memory: receipts are
// short-lived (SEFAZ keeps them for 24 h) and a lost one is recovered by
// consulting the access key, which reads PostgreSQL.
const MAX_RECEIPTS = 10_000;

export class ReceiptBook {
  private readonly byReceipt = new Map<string, { tpAmb: string; cUF: string; protNFe: string }>();

  /** Turns a processed synchronous answer into a 103 "batch received" answer with a receipt. */
  deferAnswer(context: SimulatorContext, processed: SimulatorAnswer): SimulatorAnswer {
    const message = child(parseXml(processed.answerXml), "retEnviNFe");
    const protNFe = extractElement(processed.answerXml, "protNFe");
    const tpAmb = text(message, "tpAmb");
    const cUF = text(message, "cUF");
    if (!protNFe) return processed; // a batch-level refusal has no receipt
    const nRec = newReceiptNumber(cUF);
    // Oldest receipts go first: a long-running simulator must not grow without bound.
    if (this.byReceipt.size >= MAX_RECEIPTS) this.byReceipt.delete(this.byReceipt.keys().next().value!);
    this.byReceipt.set(nRec, { tpAmb, cUF, protNFe });
    return { answerXml: retEnviNFe({ tpAmb, cUF, dhRecbto: localTime(context.now(), cUF), cStat: "103", xMotivo: "Lote recebido com sucesso", nRec }) };
  }

  answer(context: SimulatorContext, payloadXml: string): SimulatorAnswer {
    const message = child(parseXml(payloadXml), "consReciNFe");
    const nRec = text(message, "nRec");
    const stored = this.byReceipt.get(nRec);
    const tpAmb = text(message, "tpAmb") || "2";
    const cUF = stored?.cUF ?? (nRec.slice(0, 2) || "35");
    const dhRecbto = localTime(context.now(), cUF);
    const schema = checkXmlSchema(payloadXml, "nfe/consReciNFe_v4.00.xsd");
    if (!schema.valid) return { answerXml: retConsReciNFe({ tpAmb, cUF, dhRecbto, nRec: nRec || "0", cStat: "215", xMotivo: `Rejeição: Falha no schema XML [${schemaDetail(schema.errors)}]` }) };
    if (!stored) return { answerXml: retConsReciNFe({ tpAmb, cUF, dhRecbto, nRec: nRec || "0", cStat: "106", xMotivo: "Lote não localizado" }) };
    return { answerXml: retConsReciNFe({ tpAmb, cUF, dhRecbto, nRec, cStat: "104", xMotivo: "Lote processado", protNFe: stored.protNFe }) };
  }
}
