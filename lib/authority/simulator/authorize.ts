import { firstRuleViolation } from "@/lib/fiscal/nfe/rules/business-rules";
import { checkXmlSchema } from "@/lib/fiscal/xml/schema-validation";
import { verifyXmlSignature } from "@/lib/fiscal/xml/xml-signature";
import { extractElement } from "../soap-response";
import { checkAccessKey } from "./access-key-check";
import { contingencyRefusal } from "./contingency-rules";
import { nfeDistributionItems } from "./distribution-items";
import { protNFe, retEnviNFe } from "./answers";
import { checkSigner } from "./certificate-cnpj";
import { block, field } from "./xml-fields";
import { localTime, schemaDetail, type SimulatorAnswer, type SimulatorContext } from "./context";
import { newProtocolNumber } from "./protocol-number";
import type { DenialCStat } from "./denials";
import { recordUnlessDuplicate } from "./record-authorization";
import { protocolOf } from "./stored-protocol";
import { epecRefusal, reconcileEpec } from "./epec";

// NFeAutorizacao4, synchronous (MOC 4.0, item 4.2 and the validation order of
// its rule tables): schema, signature, certificate, access key, the business
// rules of the MOC and Notas Técnicas (lib/fiscal/nfe/rules: the first that
// fails answers), duplicates, then authorization with a protocol.
// Document-level refusals come inside protNFe of a 104 batch, as SEFAZ does
// for indSinc 1.

const CLOCK_TOLERANCE_MS = 5 * 60 * 1000;

type Parsed = { tpAmb: string; cUF: string; issuedAt: Date; key: string; cnpj: string; model: number; series: number; number: number; fields: Parameters<typeof checkAccessKey>[1] };

// Read with targeted reads (xml-fields.ts), not a full parse: readNFe runs after the schema check
// passed, so ide and emit are present, unprefixed children in schema order.
function readNFe(nfeXml: string): Parsed {
  const ide = block(nfeXml, "ide");
  const emit = block(nfeXml, "emit");
  const cnpj = field(emit, "CNPJ") || field(emit, "CPF");
  const dhEmi = field(ide, "dhEmi");
  // The key's CNPJ may be alphanumeric (NT Conjunta 2025.001, item 5): [0-9A-Z], checked by checkAccessKey.
  const key = /<(?:\w+:)?infNFe\b[^>]*\bId="NFe([0-9A-Z]{44})"/.exec(nfeXml)?.[1] ?? "";
  return {
    tpAmb: field(ide, "tpAmb"),
    cUF: field(ide, "cUF"),
    issuedAt: new Date(dhEmi),
    key,
    cnpj,
    model: Number(field(ide, "mod")),
    series: Number(field(ide, "serie")),
    number: Number(field(ide, "nNF")),
    fields: {
      cUF: field(ide, "cUF"),
      yearMonth: dhEmi.slice(2, 4) + dhEmi.slice(5, 7),
      cnpj,
      model: field(ide, "mod"),
      series: field(ide, "serie"),
      number: field(ide, "nNF"),
      tpEmis: field(ide, "tpEmis"),
      cNF: field(ide, "cNF"),
      cDV: field(ide, "cDV"),
    },
  };
}

/** `deny`: a fault rule's uso denegado, decided after every check passed (SEFAZ checks the parties' standing last). */
export async function authorize(context: SimulatorContext, payloadXml: string, options: { deny?: DenialCStat; addressed?: ReadonlySet<string> } = {}): Promise<SimulatorAnswer> {
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
  const contingency = contingencyRefusal({ tpEmis: parsed.fields.tpEmis, model: parsed.model, cUF }, options.addressed);
  if (contingency) return refuse(contingency.cStat, contingency.xMotivo);
  const violation = firstRuleViolation(nfeXml, { receivedAt: received });
  if (violation) return refuse(violation.cStat, violation.xMotivo);

  const environment = Number(tpAmb);
  // An EPEC registered for this series and number under another key (692) is found by the statement
  // that records the authorization (record-authorization.ts), with the duplicates: no query of its own.
  // Issued in EPEC (tpEmis 4): its EPEC must exist, with the same data (468, 467; epec.ts).
  const epec = parsed.fields.tpEmis === "4";
  if (epec) {
    const refusal = await epecRefusal(context, { environment, accessKey: parsed.key, nfeXml });
    if (refusal) return refuse(refusal.cStat, refusal.xMotivo);
  }
  const protocol = newProtocolNumber(cUF, received);
  const digestValue = /<DigestValue>([^<]+)<\/DigestValue>/.exec(nfeXml)?.[1] ?? "";
  const denialCStat = options.deny ?? null;
  // What the Ambiente Nacional distributes to the NF-e's parties, recorded by the same statement.
  const distribution = nfeDistributionItems({
    environment, accessKey: parsed.key, model: parsed.model, xml: nfeXml, status: denialCStat ? "DENIED" : "AUTHORIZED", denialCStat, protocol, digestValue, receivedAt: received,
  });
  const duplicate = await recordUnlessDuplicate({
    environment, accessKey: parsed.key, cnpj: parsed.cnpj, model: parsed.model, series: parsed.series, number: parsed.number,
    protocol, digestValue, receivedAt: received, xml: nfeXml, denialCStat, distribution,
  });
  if (duplicate) return refuse(duplicate.cStat, duplicate.xMotivo);
  if (epec) await reconcileEpec(context, { environment, accessKey: parsed.key });
  return batch("104", "Lote processado", protocolOf({ tpAmb, accessKey: parsed.key, protocol, digestValue, receivedAt: received, denialCStat }));
}
