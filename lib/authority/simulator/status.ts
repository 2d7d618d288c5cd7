import { checkXmlSchema } from "@/lib/fiscal/xml/schema-validation";
import { child, parseXml, text } from "../soap-response";
import { retConsStatServ } from "./answers";
import { localTime, schemaDetail, type SimulatorAnswer, type SimulatorContext } from "./context";

// NFeStatusServico4 (MOC 4.0, item 4.6): always 107 unless a fault says otherwise.
export function status(context: SimulatorContext, payloadXml: string): SimulatorAnswer {
  const message = child(parseXml(payloadXml), "consStatServ");
  const tpAmb = text(message, "tpAmb") || "2";
  const cUF = text(message, "cUF") || "35";
  const common = { tpAmb, cUF, dhRecbto: localTime(context.now(), cUF) };
  const schema = checkXmlSchema(payloadXml, "nfe/consStatServ_v4.00.xsd");
  if (!schema.valid) return { answerXml: retConsStatServ({ ...common, cStat: "215", xMotivo: `Rejeição: Falha no schema XML [${schemaDetail(schema.errors)}]` }) };
  return { answerXml: retConsStatServ({ ...common, cStat: "107", xMotivo: "Serviço em Operação", tMed: "1" }) };
}
