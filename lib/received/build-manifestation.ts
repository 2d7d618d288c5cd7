import { localDateTime } from "@/lib/fiscal/nfe/format";
import { NFE_NAMESPACE } from "@/lib/fiscal/nfe/build-nfe";
import { validateXml } from "@/lib/fiscal/xml/schema-validation";
import { signXml, type SigningCredentials } from "@/lib/fiscal/xml/xml-signature";
import { el, fiscalText } from "@/lib/fiscal/xml/xml-text";
import type { ManifestationType } from "./manifestation-types";

// The recipient's manifestation event (leiauteConfRecebto 1.00, NT 2012.002):
// registered by the Ambiente Nacional (cOrgao 91), signed on infEvento,
// nSeqEvento 1, verEvento 1.00; xJust only for 210240 (15-255 characters).

export { MANIFESTATION_TYPES, type ManifestationType } from "./manifestation-types";

export const MANIFESTATION_EVENT: Record<ManifestationType, { tpEvento: string; description: string; state: string }> = {
  CIENCIA: { tpEvento: "210210", description: "Ciencia da Operacao", state: "CIENCIA" },
  CONFIRMACAO: { tpEvento: "210200", description: "Confirmacao da Operacao", state: "CONFIRMED" },
  DESCONHECIMENTO: { tpEvento: "210220", description: "Desconhecimento da Operacao", state: "UNKNOWN" },
  NAO_REALIZADA: { tpEvento: "210240", description: "Operacao nao Realizada", state: "NOT_PERFORMED" },
};

export function buildSignedManifestation(
  input: { accessKey: string; environment: "PRODUCTION" | "HOMOLOGATION"; authorCnpj: string; uf: string; type: ManifestationType; justification?: string | null; occurredAt: Date },
  credentials: SigningCredentials,
): string {
  const event = MANIFESTATION_EVENT[input.type];
  const id = `ID${event.tpEvento}${input.accessKey}01`;
  const justification = input.type === "NAO_REALIZADA" && input.justification ? el("xJust", fiscalText(input.justification, 255)) : "";
  const xml =
    `<evento xmlns="${NFE_NAMESPACE}" versao="1.00"><infEvento Id="${id}">` +
    el("cOrgao", "91") +
    el("tpAmb", input.environment === "PRODUCTION" ? "1" : "2") +
    el("CNPJ", input.authorCnpj) +
    el("chNFe", input.accessKey) +
    el("dhEvento", localDateTime(input.occurredAt, input.uf)) +
    el("tpEvento", event.tpEvento) +
    el("nSeqEvento", "1") +
    el("verEvento", "1.00") +
    `<detEvento versao="1.00">${el("descEvento", event.description)}${justification}</detEvento>` +
    `</infEvento></evento>`;
  const signed = signXml(xml, credentials, { tag: "infEvento" });
  validateXml(signed, "nfe/confRecebto_v1.00.xsd");
  return signed;
}
