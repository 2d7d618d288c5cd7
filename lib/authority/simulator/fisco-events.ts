import type { Prisma, PrismaClient } from "@prisma/client";
import { NFE_NS, escapeXml } from "./answers";
import { localTime } from "./context";
import { distributeIssuerEvent } from "./distribution-items";
import { newProtocolNumber } from "./protocol-number";

// The "eventos do fisco" the Ambiente Nacional registers on an NF-e named by an MDF-e (issue 55 item 5):
// 610610 "MDF-e Autorizado" when the manifest is authorized, 610611 "MDF-e Cancelado" when it is
// cancelled (NF-e event table: tpEvento 6106xx are the AN's registrations of other documents; the
// codes and descriptions as the NF-e libraries list them — see docs/api-notes/mdfe.md, Distribution
// to the NF-e). The event then shows in NFeConsultaProtocolo4 and in the NF-e parties' distribution
// like an issuer's event (resEvento before the recipient's manifestation, procEventoNFe after).
// No official schema of their detEvento was found: the group follows the published 610614's shape.

export const MDFE_AUTHORIZED_ON_NFE = "610610";
export const MDFE_CANCELLED_ON_NFE = "610611";

export const FISCO_EVENT_DESCRIPTIONS: Record<string, string> = {
  [MDFE_AUTHORIZED_ON_NFE]: "MDF-e Autorizado",
  [MDFE_CANCELLED_ON_NFE]: "MDF-e Cancelado",
};

/** The Ambiente Nacional (cOrgao 91) registers these events. */
const NATIONAL_ENVIRONMENT = "91";

export type MdfeOnNfe =
  | { kind: "authorized"; environment: number; nfeKeys: string[]; mdfeKey: string; protocol: string; issuedAt: string; authorizedAt: Date; modal: string; issuer: { cnpj: string; stateRegistration: string; name: string } }
  | { kind: "cancelled"; environment: number; mdfeKey: string; cancellationProtocol: string; issuer: { cnpj: string } };

/**
 * Registers the MDF-e's event on each NF-e it carries that this simulated authority knows (same
 * environment); an unknown key is skipped, as the real AN registers only on NF-e it holds. A
 * cancellation goes to the NF-e that got the manifest's 610610. Returns the keys registered on.
 */
export async function registerMdfeOnNfe(db: PrismaClient, notice: MdfeOnNfe, at: Date): Promise<string[]> {
  const eventType = notice.kind === "authorized" ? MDFE_AUTHORIZED_ON_NFE : MDFE_CANCELLED_ON_NFE;
  const keys = notice.kind === "authorized" ? notice.nfeKeys : await keysAuthorizedFor(db, notice.environment, notice.mdfeKey);
  const registered: string[] = [];
  for (const accessKey of keys) {
    const done = await db.$transaction(async (tx) => {
      const document = await tx.simulatorDocument.findUnique({ where: { environment_accessKey: { environment: notice.environment, accessKey } } });
      if (!document || document.model !== 55) return false;
      // One NF-e may travel on several manifests: each registration takes the type's next sequence.
      await tx.$executeRaw`SELECT 1 FROM "SimulatorDocument" WHERE id = ${document.id} FOR UPDATE`;
      const sequence = (await tx.simulatorEvent.count({ where: { documentId: document.id, eventType } })) + 1;
      const stored = { eventType, sequence, protocol: newProtocolNumber(NATIONAL_ENVIRONMENT, at), xml: eventXml(notice, accessKey, sequence, at), createdAt: at };
      await tx.simulatorEvent.create({ data: { documentId: document.id, ...stored } });
      await distributeIssuerEvent(tx as Prisma.TransactionClient, document, stored);
      return true;
    });
    if (done) registered.push(accessKey);
  }
  return registered;
}

async function keysAuthorizedFor(db: PrismaClient, environment: number, mdfeKey: string): Promise<string[]> {
  const events = await db.simulatorEvent.findMany({
    where: { eventType: MDFE_AUTHORIZED_ON_NFE, xml: { contains: `<chMDFe>${mdfeKey}</chMDFe>` }, document: { environment } },
    select: { document: { select: { accessKey: true } } },
  });
  return [...new Set(events.map((e) => e.document.accessKey))];
}

/** The unsigned <evento> (the real one is signed by the fisco's certificate, which a simulator does not hold). */
function eventXml(notice: MdfeOnNfe, chNFe: string, sequence: number, at: Date): string {
  const tag = (name: string, value: string) => `<${name}>${escapeXml(value)}</${name}>`;
  const eventType = notice.kind === "authorized" ? MDFE_AUTHORIZED_ON_NFE : MDFE_CANCELLED_ON_NFE;
  const group =
    notice.kind === "authorized"
      ? tag("descEvento", FISCO_EVENT_DESCRIPTIONS[eventType]!) + tag("cOrgaoAutor", notice.mdfeKey.slice(0, 2)) +
        `<MDFe>${tag("chMDFe", notice.mdfeKey)}${tag("modal", notice.modal.padStart(2, "0"))}${tag("dhEmi", notice.issuedAt)}${tag("nProt", notice.protocol)}${tag("dhRecbto", localTime(notice.authorizedAt, notice.mdfeKey.slice(0, 2)))}</MDFe>` +
        `<emit>${tag("CNPJ", notice.issuer.cnpj)}${tag("IE", notice.issuer.stateRegistration)}${tag("xNome", notice.issuer.name)}</emit>`
      : tag("descEvento", FISCO_EVENT_DESCRIPTIONS[eventType]!) + tag("cOrgaoAutor", notice.mdfeKey.slice(0, 2)) +
        `<MDFe>${tag("chMDFe", notice.mdfeKey)}${tag("nProtCanc", notice.cancellationProtocol)}</MDFe>`;
  const seq = String(sequence);
  return (
    `<evento xmlns="${NFE_NS}" versao="1.00"><infEvento Id="ID${eventType}${chNFe}${seq.padStart(2, "0")}">` +
    tag("cOrgao", NATIONAL_ENVIRONMENT) + tag("tpAmb", String(notice.environment)) + tag("CNPJ", notice.issuer.cnpj) + tag("chNFe", chNFe) +
    tag("dhEvento", localTime(at, chNFe.slice(0, 2))) + tag("tpEvento", eventType) + tag("nSeqEvento", seq) + tag("verEvento", "1.00") +
    `<detEvento versao="1.00">${group}</detEvento></infEvento></evento>`
  );
}
