import type { DocumentType, Environment } from "@prisma/client";
import { danfseQrContent } from "@/lib/danfse/render-danfse";
import { nfceUrlChave } from "@/lib/fiscal/nfe/nfce-qr-code";

// The authority's public consultation of a document by its access key, quoted in the message so
// the recipient can check it without any login of ours: the national NF-e portal (the "resumo"
// query of consultaRecaptcha.aspx), the state's urlChave for an NF-e (the address the DANFE NFC-e
// prints; uri_consulta_nfce.json), and the national NFS-e portal for an NFS-e (the DANFSe's QR).
const NFE_PORTAL: Record<Environment, string> = {
  PRODUCTION: "https://www.nfe.fazenda.gov.br/portal/consultaRecaptcha.aspx?tipoConsulta=resumo&tipoConteudo=7PhJ+gAVw2g=",
  HOMOLOGATION: "https://hom.nfe.fazenda.gov.br/portal/consultaRecaptcha.aspx?tipoConsulta=resumo&tipoConteudo=7PhJ+gAVw2g=",
};

export function consultationUrl(document: { type: DocumentType; environment: Environment; accessKey: string | null }, issuerState: string | null): string {
  if (document.type === "NFSE") return document.accessKey ? danfseQrContent(document.accessKey) : "https://www.nfse.gov.br/ConsultaPublica/";
  if (document.type === "NFCE" && issuerState) {
    try {
      return nfceUrlChave(issuerState, document.environment);
    } catch {
      // A state without an urlChave entry: the national portal still answers the key.
    }
  }
  return NFE_PORTAL[document.environment];
}
