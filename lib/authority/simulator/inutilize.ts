import { checkXmlSchema } from "@/lib/fiscal/xml/schema-validation";
import { verifyXmlSignature } from "@/lib/fiscal/xml/xml-signature";
import { child, parseXml, text } from "../soap-response";
import { retInutNFe } from "./answers";
import { checkSigner } from "./certificate-cnpj";
import { localTime, schemaDetail, type SimulatorAnswer, type SimulatorContext } from "./context";
import { newProtocolNumber } from "./protocol-number";

// NFeInutilizacao4 (MOC 4.0, item 4.4): a range of numbers never used may be
// voided once. 241 when a number of the range was authorized, 563 for the
// same range again, 256 when it overlaps another voided range.
export async function inutilize(context: SimulatorContext, payloadXml: string): Promise<SimulatorAnswer> {
  const received = context.now();
  const info = child(child(parseXml(payloadXml), "inutNFe"), "infInut");
  const fields = {
    tpAmb: text(info, "tpAmb") || "2",
    cUF: text(info, "cUF") || "35",
    ano: text(info, "ano"),
    CNPJ: text(info, "CNPJ"),
    mod: text(info, "mod"),
    serie: text(info, "serie"),
    nNFIni: text(info, "nNFIni"),
    nNFFin: text(info, "nNFFin"),
  };
  const dhRecbto = localTime(received, fields.cUF);
  const answer = (cStat: string, xMotivo: string, nProt?: string) => ({ answerXml: retInutNFe({ ...fields, dhRecbto, cStat, xMotivo, nProt }) });

  const schema = checkXmlSchema(payloadXml, "nfe/inutNFe_v4.00.xsd");
  if (!schema.valid) return answer("215", `Rejeição: Falha no schema XML [${schemaDetail(schema.errors)}]`);
  const signature = verifyXmlSignature(payloadXml);
  if (!signature.valid) return answer("297", "Rejeição: Assinatura difere do calculado");
  const signer = checkSigner(signature.certificatePem, fields.CNPJ, received);
  if (signer) return answer(signer.cStat, signer.reason);
  if (Number(fields.ano) > received.getUTCFullYear() % 100) return answer("453", "Rejeição: Ano de inutilização não pode ser superior ao Ano atual");

  const environment = Number(fields.tpAmb);
  const model = Number(fields.mod);
  const series = Number(fields.serie);
  const start = Number(fields.nNFIni);
  const end = Number(fields.nNFFin);
  if (start > end) return answer("215", "Rejeição: Falha no schema XML [nNFIni maior que nNFFin]");

  return context.db.$transaction(async (tx) => {
    // One range at a time per series, so two overlapping requests cannot both pass.
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`inut:${environment}:${fields.CNPJ}:${model}:${series}`}))`;
    const used = await tx.simulatorDocument.findFirst({
      where: { environment, cnpj: fields.CNPJ, model, series, number: { gte: start, lte: end } },
      select: { number: true },
    });
    if (used) return answer("241", `Rejeição: Um número da faixa já foi utilizado [nNF:${used.number}]`);
    const overlapping = await tx.simulatorInutilization.findFirst({
      where: { environment, cnpj: fields.CNPJ, model, series, startNumber: { lte: end }, endNumber: { gte: start } },
    });
    if (overlapping?.startNumber === start && overlapping.endNumber === end) {
      return answer("563", "Rejeição: Já existe pedido de Inutilização com a mesma faixa de inutilização");
    }
    if (overlapping) return answer("256", "Rejeição: Uma NF-e da faixa já está inutilizada na Base de dados da SEFAZ");
    const protocol = newProtocolNumber(fields.cUF, received);
    await tx.simulatorInutilization.create({
      data: { environment, cnpj: fields.CNPJ, model, series, year: fields.ano, startNumber: start, endNumber: end, protocol, createdAt: received },
    });
    return answer("102", "Inutilização de número homologado", protocol);
  });
}
