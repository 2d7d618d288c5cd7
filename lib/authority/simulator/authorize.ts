import { checkXmlSchema } from "@/lib/fiscal/xml/schema-validation";
import { verifyXmlSignature } from "@/lib/fiscal/xml/xml-signature";
import { child, extractElement, parseXml, text } from "../soap-response";
import { checkAccessKey } from "./access-key-check";
import { protNFe, retEnviNFe } from "./answers";
import { checkSigner } from "./certificate-cnpj";
import { isUniqueViolation, localTime, schemaDetail, type SimulatorAnswer, type SimulatorContext } from "./context";
import { newProtocolNumber } from "./protocol-number";
import { protocolOf } from "./stored-protocol";

// NFeAutorizacao4, synchronous (MOC 4.0, item 4.2 and the validation order of
// its rule tables): schema, signature, certificate, access key, duplicates,
// then authorization with a protocol. Document-level refusals come inside
// protNFe of a 104 batch, as SEFAZ does for indSinc 1.

const CLOCK_TOLERANCE_MS = 5 * 60 * 1000;

type Parsed = { tpAmb: string; cUF: string; issuedAt: Date; key: string; cnpj: string; model: number; series: number; number: number; fields: Parameters<typeof checkAccessKey>[1] };

function readNFe(nfeXml: string): Parsed {
  const infNFe = child(child(parseXml(nfeXml), "NFe"), "infNFe");
  const ide = child(infNFe, "ide");
  const emit = child(infNFe, "emit");
  const cnpj = text(emit, "CNPJ") || text(emit, "CPF");
  const dhEmi = text(ide, "dhEmi");
  return {
    tpAmb: text(ide, "tpAmb"),
    cUF: text(ide, "cUF"),
    issuedAt: new Date(dhEmi),
    key: String(infNFe?.["@_Id"] ?? "").replace(/^NFe/, ""),
    cnpj,
    model: Number(text(ide, "mod")),
    series: Number(text(ide, "serie")),
    number: Number(text(ide, "nNF")),
    fields: {
      cUF: text(ide, "cUF"),
      yearMonth: dhEmi.slice(2, 4) + dhEmi.slice(5, 7),
      cnpj,
      model: text(ide, "mod"),
      series: text(ide, "serie"),
      number: text(ide, "nNF"),
      tpEmis: text(ide, "tpEmis"),
      cNF: text(ide, "cNF"),
      cDV: text(ide, "cDV"),
    },
  };
}

export async function authorize(context: SimulatorContext, payloadXml: string): Promise<SimulatorAnswer> {
  const received = context.now();
  const nfeXml = extractElement(payloadXml, "NFe");
  const parsed = nfeXml ? readNFe(nfeXml) : undefined;
  const cUF = parsed?.cUF || "35";
  const tpAmb = parsed?.tpAmb || "2";
  const dhRecbto = localTime(received, cUF);
  const batch = (cStat: string, xMotivo: string, prot?: string) => ({ answerXml: retEnviNFe({ tpAmb, cUF, dhRecbto, cStat, xMotivo, protNFe: prot }) });

  const schema = checkXmlSchema(payloadXml, "nfe/enviNFe_v4.00.xsd");
  if (!schema.valid || !nfeXml || !parsed) {
    return batch("225", `Rejeição: Falha no Schema XML do lote de NFe [${schema.valid ? "NFe ausente" : schemaDetail(schema.errors)}]`);
  }
  const refuse = (cStat: string, xMotivo: string) => batch("104", "Lote processado", protNFe({ tpAmb, chNFe: parsed.key, dhRecbto, cStat, xMotivo }));

  const signature = verifyXmlSignature(nfeXml);
  if (!signature.valid) return refuse("297", "Rejeição: Assinatura difere do calculado");
  const signer = checkSigner(signature.certificatePem, parsed.cnpj, received);
  if (signer) return refuse(signer.cStat, signer.reason);
  const keyProblem = checkAccessKey(parsed.key, parsed.fields);
  if (keyProblem) return refuse(keyProblem.cStat, keyProblem.reason);
  // SEFAZ tolerates a few minutes of clock skew, never an NF-e issued in the future (rule 703).
  if (parsed.issuedAt.getTime() > received.getTime() + CLOCK_TOLERANCE_MS) return refuse("703", "Rejeição: Data-Hora de Emissão posterior ao horário de recebimento");

  const environment = Number(tpAmb);
  const duplicate = await findDuplicate(context, environment, parsed);
  if (duplicate) return refuse(duplicate.cStat, duplicate.xMotivo);

  const protocol = newProtocolNumber(cUF, received);
  const digestValue = /<DigestValue>([^<]+)<\/DigestValue>/.exec(nfeXml)?.[1] ?? "";
  try {
    await context.db.simulatorDocument.create({
      data: {
        environment,
        accessKey: parsed.key,
        cnpj: parsed.cnpj,
        model: parsed.model,
        series: parsed.series,
        number: parsed.number,
        status: "AUTHORIZED",
        protocol,
        digestValue,
        receivedAt: received,
        xml: nfeXml,
      },
    });
  } catch (error) {
    // Two sends of the same number at once: the loser gets the duplicate answer.
    if (!isUniqueViolation(error)) throw error;
    const raced = await findDuplicate(context, environment, parsed);
    if (raced) return refuse(raced.cStat, raced.xMotivo);
    throw error;
  }
  return batch("104", "Lote processado", protocolOf({ tpAmb, accessKey: parsed.key, protocol, digestValue, receivedAt: received }));
}

async function findDuplicate(context: SimulatorContext, environment: number, parsed: Parsed): Promise<{ cStat: string; xMotivo: string } | null> {
  const same = await context.db.simulatorDocument.findUnique({ where: { environment_accessKey: { environment, accessKey: parsed.key } } });
  if (same) return { cStat: "204", xMotivo: `Duplicidade de NF-e [nProt:${same.protocol}]` };
  const other = await context.db.simulatorDocument.findUnique({
    where: { environment_cnpj_model_series_number: { environment, cnpj: parsed.cnpj, model: parsed.model, series: parsed.series, number: parsed.number } },
  });
  if (other) return { cStat: "539", xMotivo: `Duplicidade de NF-e com diferença na Chave de Acesso [chNFe:${other.accessKey}][nProt:${other.protocol}]` };
  const voided = await context.db.simulatorInutilization.findFirst({
    where: { environment, cnpj: parsed.cnpj, model: parsed.model, series: parsed.series, startNumber: { lte: parsed.number }, endNumber: { gte: parsed.number } },
  });
  if (voided) return { cStat: "206", xMotivo: "Rejeição: NF-e já está inutilizada na Base de dados da SEFAZ" };
  return null;
}
