import { validateXml } from "@/lib/fiscal/xml/schema-validation";
import { signXml, type SigningCredentials } from "@/lib/fiscal/xml/xml-signature";
import { el, fiscalText, group } from "@/lib/fiscal/xml/xml-text";
import { APP_VERSION, NFSE_NS } from "./build-dps";
import type { CancellationReasonCode } from "./cancellation-reasons";

// Cancellation request, event e101101 (Anexo II; XSD pedRegEvento_v1.01):
// infPedReg Id = "PRE" + chNFSe (50) + tpEvento (6), 59 characters (a 3-digit
// sequence appended is refused with RNG6110), xDesc exactly "Cancelamento de
// NFS-e", cMotivo 1 (erro na emissão), 2 (serviço não prestado) or 9 (outros).

export const CANCELLATION_EVENT = "101101";

export type CancellationInput = {
  environment: "PRODUCTION" | "HOMOLOGATION";
  accessKey: string;
  authorCnpj: string;
  /** dhEvento, local time with offset. */
  requestedAt: string;
  reasonCode: CancellationReasonCode;
  justification: string;
};

export function cancellationRequestId(accessKey: string): string {
  return `PRE${accessKey}${CANCELLATION_EVENT}`;
}

/** The signed, schema-valid pedRegEvento for POST /nfse/{chave}/eventos. */
export function buildSignedCancellation(input: CancellationInput, credentials: SigningCredentials): { id: string; xml: string } {
  const id = cancellationRequestId(input.accessKey);
  const event = group("e101101", el("xDesc", "Cancelamento de NFS-e") + el("cMotivo", input.reasonCode) + el("xMotivo", fiscalText(input.justification, 255)));
  const inf =
    el("tpAmb", input.environment === "PRODUCTION" ? "1" : "2") + el("verAplic", APP_VERSION) + el("dhEvento", input.requestedAt) +
    el("CNPJAutor", input.authorCnpj) + el("chNFSe", input.accessKey) + event;
  const unsigned = `<?xml version="1.0" encoding="UTF-8"?><pedRegEvento xmlns="${NFSE_NS}" versao="1.01"><infPedReg Id="${id}">${inf}</infPedReg></pedRegEvento>`;
  const xml = signXml(unsigned, credentials, { tag: "infPedReg" });
  validateXml(xml, "nfse/v1.01/pedRegEvento_v1.01.xsd");
  return { id, xml };
}
