import { gzipSync } from "node:zlib";
import { env } from "@/lib/config/env";
import { checkXmlSchema } from "@/lib/fiscal/xml/schema-validation";
import { child, parseXml, text } from "../soap-response";
import { retDistDFeInt } from "./answers";
import { localTime, schemaDetail, type SimulatorAnswer, type SimulatorContext } from "./context";

// NFeDistribuicaoDFe (NT 2014.002 and its updates), as the Ambiente Nacional
// answers it: distNSU gives up to 50 items after ultNSU (138), or 137 with
// ultNSU = maxNSU when there is nothing after it; consNSU one item; consChNFe
// the party's items about one access key. Each item is a docZip: the XML
// gzipped and base64-encoded, with its NSU and schema.
//
// Consumo indevido (656): a party that asks again from where it was told it had
// everything, inside the wait (RECEIVED_SYNC_WAIT_SECONDS, an hour by default),
// or that calls more than `callsPerMinute` times in a minute, is refused for an
// hour; every call inside that hour is refused too.
//
// Except, in homologation (tpAmb 2) only, a party that was told it had nothing
// at all (137 with maxNSU 0: nothing was ever distributed to it, a company
// created minutes ago): asking again is not consumo indevido here, so a new
// company's first NF-e arrives within a minute (issue 54, item 4; our
// lib/received/sync.ts waits FIRST_ANSWER_WAIT_MS for the same case). This is
// a deliberate leniency of the simulator, recorded in
// docs/api-notes/received-documents.md; tpAmb 1 keeps the NT 2014.002 rule.

export const PAGE_SIZE = 50;
export const DEFAULT_CALLS_PER_MINUTE = 60;
const BLOCK_MS = 60 * 60 * 1000;

/**
 * `usedUltNsu` (fault rule `ult_nsu_656`): another system reads this party's distribution and has
 * reached that NSU; a distNSU from below it is refused 656 naming it, as the Ambiente Nacional
 * answers ("Deve ser utilizado o ultNSU nas solicitacoes subsequentes", maxNSU zero; 505344 asked,
 * 505511 named in nfephp-org/sped-common issue #316, July 2025).
 */
export type DistributionOptions = { callsPerMinute?: number; usedUltNsu?: string };

export const USE_ULT_NSU_REASON = "Rejeicao: Consumo Indevido (Deve ser utilizado o ultNSU nas solicitacoes subsequentes. Tente apos 1 hora)";

const nsu = (value: bigint | number) => String(value).padStart(15, "0");

function docZip(item: { nsu: bigint; schema: string; xml: string }): string {
  return `<docZip NSU="${nsu(item.nsu)}" schema="${item.schema}">${gzipSync(Buffer.from(item.xml, "utf8")).toString("base64")}</docZip>`;
}

export async function distribute(context: SimulatorContext, payloadXml: string, options: DistributionOptions = {}): Promise<SimulatorAnswer> {
  const now = context.now();
  const request = child(parseXml(payloadXml), "distDFeInt");
  const tpAmb = text(request, "tpAmb") || "2";
  // The national environment answers in Brasília time.
  const dhResp = localTime(now, "53");
  const answer = (c: { cStat: string; xMotivo: string; ultNSU?: string; maxNSU?: string; docs?: string }) => ({ answerXml: retDistDFeInt({ tpAmb, dhResp, ...c }) });
  const schema = checkXmlSchema(payloadXml, "nfe/distDFeInt_v1.01.xsd");
  if (!schema.valid) return answer({ cStat: "215", xMotivo: `Rejeição: Falha no schema XML [${schemaDetail(schema.errors)}]` });

  const party = text(request, "CNPJ") || text(request, "CPF");
  const environment = Number(tpAmb);
  const distNSU = child(request, "distNSU");
  const consNSU = child(request, "consNSU");
  const accessKey = text(child(request, "consChNFe"), "chNFe");
  const waitMs = env().RECEIVED_SYNC_WAIT_SECONDS * 1000;
  const callsPerMinute = options.callsPerMinute ?? DEFAULT_CALLS_PER_MINUTE;

  return context.db.$transaction(async (tx) => {
    await tx.$executeRaw`INSERT INTO "SimulatorDistributionParty" ("environment", "party") VALUES (${environment}, ${party}) ON CONFLICT DO NOTHING`;
    const [state] = await tx.$queryRaw<{ lastNsu: bigint; caughtUpAt: Date | null; caughtUpNsu: bigint | null; blockedUntil: Date | null; windowStart: Date | null; windowCalls: number }[]>`
      SELECT "lastNsu", "caughtUpAt", "caughtUpNsu", "blockedUntil", "windowStart", "windowCalls" FROM "SimulatorDistributionParty"
      WHERE "environment" = ${environment} AND "party" = ${party} FOR UPDATE`;
    const maxNSU = nsu(state!.lastNsu);
    const misuse = () => answer({ cStat: "656", xMotivo: "Rejeição: Consumo Indevido (Deve ser aguardado 1 hora para efetuar nova solicitação caso não existam mais documentos a serem pesquisados)", ultNSU: maxNSU, maxNSU });
    if (state!.blockedUntil && state!.blockedUntil > now) return misuse();
    const block = async () => {
      await tx.simulatorDistributionParty.update({ where: { environment_party: { environment, party } }, data: { blockedUntil: new Date(now.getTime() + BLOCK_MS) } });
      return misuse();
    };
    const inWindow = state!.windowStart && now.getTime() - state!.windowStart.getTime() < 60_000;
    const calls = inWindow ? state!.windowCalls + 1 : 1;
    await tx.simulatorDistributionParty.update({ where: { environment_party: { environment, party } }, data: { windowStart: inWindow ? undefined : now, windowCalls: calls } });
    if (calls > callsPerMinute) return block();

    if (accessKey) {
      const items = await tx.simulatorDistribution.findMany({ where: { environment, party, accessKey }, orderBy: { nsu: "asc" } });
      if (items.length === 0) return answer({ cStat: "137", xMotivo: "Nenhum documento localizado para o Destinatário", ultNSU: maxNSU, maxNSU });
      return answer({ cStat: "138", xMotivo: "Documento localizado para o Destinatário", ultNSU: maxNSU, maxNSU, docs: items.map(docZip).join("") });
    }
    if (consNSU) {
      const wanted = BigInt(text(consNSU, "NSU"));
      if (wanted > state!.lastNsu) return answer({ cStat: "589", xMotivo: "Rejeição: Número do NSU informado superior ao maior NSU da base de dados da SEFAZ", ultNSU: maxNSU, maxNSU });
      const item = await tx.simulatorDistribution.findUnique({ where: { environment_party_nsu: { environment, party, nsu: wanted } } });
      if (!item) return answer({ cStat: "137", xMotivo: "Nenhum documento localizado para o Destinatário", ultNSU: nsu(wanted), maxNSU });
      return answer({ cStat: "138", xMotivo: "Documento localizado para o Destinatário", ultNSU: nsu(wanted), maxNSU, docs: docZip(item) });
    }
    const after = BigInt(text(distNSU, "ultNSU") || "0");
    if (options.usedUltNsu !== undefined && after < BigInt(options.usedUltNsu)) {
      return answer({ cStat: "656", xMotivo: USE_ULT_NSU_REASON, ultNSU: nsu(BigInt(options.usedUltNsu)), maxNSU: nsu(0) });
    }
    if (after > state!.lastNsu) return answer({ cStat: "589", xMotivo: "Rejeição: Número do NSU informado superior ao maior NSU da base de dados da SEFAZ", ultNSU: maxNSU, maxNSU });
    // Asking again from where it was told it had everything, before the wait is over (see above for the newcomer's leniency).
    const newcomer = environment === 2 && state!.caughtUpNsu === 0n;
    if (!newcomer && state!.caughtUpAt && state!.caughtUpNsu !== null && after >= state!.caughtUpNsu && now.getTime() - state!.caughtUpAt.getTime() < waitMs) return block();
    const items = await tx.simulatorDistribution.findMany({ where: { environment, party, nsu: { gt: after } }, orderBy: { nsu: "asc" }, take: PAGE_SIZE });
    const last = items.at(-1)?.nsu ?? state!.lastNsu;
    if (last === state!.lastNsu) {
      await tx.simulatorDistributionParty.update({ where: { environment_party: { environment, party } }, data: { caughtUpAt: now, caughtUpNsu: last } });
    }
    if (items.length === 0) return answer({ cStat: "137", xMotivo: "Nenhum documento localizado para o Destinatário", ultNSU: maxNSU, maxNSU });
    return answer({ cStat: "138", xMotivo: "Documento localizado para o Destinatário", ultNSU: nsu(last), maxNSU, docs: items.map(docZip).join("") });
  });
}
