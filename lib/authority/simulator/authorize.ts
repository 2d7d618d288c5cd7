import { randomUUID } from "node:crypto";
import { getPool } from "@/lib/db/client";
import { sql, utc } from "@/lib/db/sql";
import { firstRuleViolation } from "@/lib/fiscal/nfe/rules/business-rules";
import { checkXmlSchema } from "@/lib/fiscal/xml/schema-validation";
import { verifyXmlSignature } from "@/lib/fiscal/xml/xml-signature";
import { extractElement } from "../soap-response";
import { checkAccessKey } from "./access-key-check";
import { contingencyRefusal } from "./contingency-rules";
import { nfeDistributionItems, type DistributionItem } from "./distribution-items";
import { protNFe, retEnviNFe } from "./answers";
import { checkSigner } from "./certificate-cnpj";
import { localTime, schemaDetail, type SimulatorAnswer, type SimulatorContext } from "./context";
import { newProtocolNumber } from "./protocol-number";
import { DENIED_IN_DATABASE, type DenialCStat } from "./denials";
import { protocolOf } from "./stored-protocol";

// NFeAutorizacao4, synchronous (MOC 4.0, item 4.2 and the validation order of
// its rule tables): schema, signature, certificate, access key, the business
// rules of the MOC and Notas Técnicas (lib/fiscal/nfe/rules: the first that
// fails answers), duplicates, then authorization with a protocol.
// Document-level refusals come inside protNFe of a 104 batch, as SEFAZ does
// for indSinc 1.

const CLOCK_TOLERANCE_MS = 5 * 60 * 1000;

type Parsed = { tpAmb: string; cUF: string; issuedAt: Date; key: string; cnpj: string; model: number; series: number; number: number; fields: Parameters<typeof checkAccessKey>[1] };

// Read with targeted patterns, not a full parse: readNFe runs after the schema check
// passed, so ide and emit are present, unprefixed children in schema order.
function block(xml: string, tag: string): string {
  return new RegExp(`<(?:\\w+:)?${tag}\\b[^>]*>([\\s\\S]*?)</(?:\\w+:)?${tag}>`).exec(xml)?.[1] ?? "";
}

function field(xml: string, tag: string): string {
  return new RegExp(`<(?:\\w+:)?${tag}>([^<]*)</(?:\\w+:)?${tag}>`).exec(xml)?.[1]?.trim() ?? "";
}

function readNFe(nfeXml: string): Parsed {
  const ide = block(nfeXml, "ide");
  const emit = block(nfeXml, "emit");
  const cnpj = field(emit, "CNPJ") || field(emit, "CPF");
  const dhEmi = field(ide, "dhEmi");
  const key = /<(?:\w+:)?infNFe\b[^>]*\bId="NFe(\d{44})"/.exec(nfeXml)?.[1] ?? "";
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
  const protocol = newProtocolNumber(cUF, received);
  const digestValue = /<DigestValue>([^<]+)<\/DigestValue>/.exec(nfeXml)?.[1] ?? "";
  const denialCStat = options.deny ?? null;
  // What the Ambiente Nacional distributes to the NF-e's parties, recorded by the same statement.
  const distribution = nfeDistributionItems({
    environment, accessKey: parsed.key, model: parsed.model, xml: nfeXml, status: denialCStat ? "DENIED" : "AUTHORIZED", denialCStat, protocol, digestValue, receivedAt: received,
  });
  const duplicate = await recordUnlessDuplicate({ environment, parsed, protocol, digestValue, received, xml: nfeXml, denialCStat, distribution });
  if (duplicate) return refuse(duplicate.cStat, duplicate.xMotivo);
  return batch("104", "Lote processado", protocolOf({ tpAmb, accessKey: parsed.key, protocol, digestValue, receivedAt: received, denialCStat }));
}

// Duplicates (rules 204, 539, 206), the record of the authorization and its
// distribution to the NF-e's parties (the Ambiente Nacional's feed, NT 2014.002:
// each item with the party's next NSU) in ONE statement: the insert happens
// only when no conflicting row exists, and ON CONFLICT makes two simultaneous
// sends of one number leave exactly one row (the loser sees no insert and no
// duplicate yet: it is told 204/539 by the retry below, once the winner
// committed); the distribution follows only a recorded authorization.
const RECORD_UNLESS_DUPLICATE = `
  WITH found AS (
    SELECT CASE WHEN "status" = 'DENIED' THEN 'denied' ELSE 'same' END AS "kind", "protocol", "accessKey" FROM "SimulatorDocument" WHERE "environment" = $1 AND "accessKey" = $2
    UNION ALL
    SELECT 'other', "protocol", "accessKey" FROM "SimulatorDocument"
    WHERE "environment" = $1 AND "cnpj" = $3 AND "model" = $4 AND "series" = $5 AND "number" = $6
    UNION ALL
    SELECT 'voided', NULL, NULL FROM "SimulatorInutilization"
    WHERE "environment" = $1 AND "cnpj" = $3 AND "model" = $4 AND "series" = $5 AND "startNumber" <= $6 AND "endNumber" >= $6
  ), recorded AS (
    INSERT INTO "SimulatorDocument" ("id", "environment", "accessKey", "cnpj", "model", "series", "number", "status", "denialCStat", "protocol", "digestValue", "receivedAt", "xml", "deliveryReceipt")
    SELECT $7, $1, $2, $3, $4, $5, $6, CASE WHEN $12::text IS NULL THEN 'AUTHORIZED' ELSE 'DENIED' END, $12::text, $8, $9, $10::timestamp, $11, false WHERE NOT EXISTS (SELECT 1 FROM found)
    ON CONFLICT DO NOTHING
    RETURNING "id"
  ), counters AS (
    INSERT INTO "SimulatorDistributionParty" ("environment", "party", "lastNsu")
    SELECT $1, i."party", 1 FROM unnest($13::text[]) AS i("party") WHERE EXISTS (SELECT 1 FROM recorded)
    ON CONFLICT ("environment", "party") DO UPDATE SET "lastNsu" = "SimulatorDistributionParty"."lastNsu" + 1
    RETURNING "party", "lastNsu"
  ), distributed AS (
    INSERT INTO "SimulatorDistribution" ("id", "environment", "party", "nsu", "schema", "accessKey", "xml", "createdAt")
    SELECT gen_random_uuid()::text, $1, c."party", c."lastNsu", i."schema", $2, i."xml", $10::timestamp
    FROM counters c JOIN unnest($13::text[], $14::text[], $15::text[]) AS i("party", "schema", "xml") ON i."party" = c."party"
  )
  SELECT (SELECT count(*)::int FROM recorded) AS "recorded", coalesce((SELECT jsonb_agg(found) FROM found), '[]') AS "found"`;

type Found = { kind: "same" | "denied" | "other" | "voided"; protocol: string | null; accessKey: string | null };

async function recordUnlessDuplicate(input: { environment: number; parsed: Parsed; protocol: string; digestValue: string; received: Date; xml: string; denialCStat: string | null; distribution: DistributionItem[] }): Promise<{ cStat: string; xMotivo: string } | null> {
  const { environment, parsed, distribution } = input;
  for (let attempt = 0; attempt < 3; attempt++) {
    const [row] = await sql<{ recorded: number; found: Found[] }>(getPool(), RECORD_UNLESS_DUPLICATE, [
      environment, parsed.key, parsed.cnpj, parsed.model, parsed.series, parsed.number, randomUUID(), input.protocol, input.digestValue, utc(input.received), input.xml, input.denialCStat,
      distribution.map((i) => i.party), distribution.map((i) => i.schema), distribution.map((i) => i.xml),
    ]);
    if (row?.recorded === 1) return null;
    const duplicate = duplicateAnswer(row?.found ?? []);
    if (duplicate) return duplicate;
    // Lost a race with a send of the same number that had not committed yet: look again.
  }
  throw new Error(`Simulator could not record ${parsed.key}: conflicting send did not settle`);
}

function duplicateAnswer(found: Found[]): { cStat: string; xMotivo: string } | null {
  const denied = found.find((f) => f.kind === "denied");
  if (denied) return { cStat: DENIED_IN_DATABASE.cStat, xMotivo: `${DENIED_IN_DATABASE.xMotivo} [nProt:${denied.protocol}]` };
  const same = found.find((f) => f.kind === "same");
  if (same) return { cStat: "204", xMotivo: `Duplicidade de NF-e [nProt:${same.protocol}]` };
  const other = found.find((f) => f.kind === "other");
  if (other) return { cStat: "539", xMotivo: `Duplicidade de NF-e com diferença na Chave de Acesso [chNFe:${other.accessKey}][nProt:${other.protocol}]` };
  if (found.some((f) => f.kind === "voided")) return { cStat: "206", xMotivo: "Rejeição: NF-e já está inutilizada na Base de dados da SEFAZ" };
  return null;
}
