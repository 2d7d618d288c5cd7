import { el, group } from "@/lib/fiscal/xml/xml-text";

// The refusals the ABRASF simulator answers, with the codes, texts and
// corrections of ABRASF's "Tabela de mensagens de erro e alerta" as city
// systems answer them. Sources:
// - E10: real answers (Betha / ABRASF cities) quoted in public clients, e.g.
//   "<Codigo>E10</Codigo><Mensagem>RPS já informado.</Mensagem><Correcao>Para essa
//   Inscrição Municipal/CNPJ já existe um RPS informado com o mesmo número, série e tipo."
// - E160: a recorded SigCorp (Taubaté) answer: "Arquivo em desacordo com o XML Schema.",
//   "Consulte o Manual da NFS-e."
// - E172: a city's ABRASF integration guide: "Arquivo enviado com erro na assinatura."
// - E183: a city system's GerarNfse handler ("A mensagem XML do cabeçalho do arquivo
//   enviado está fora do padrão especificado").
// - E52, E78, E79, E89: the ABRASF table as city systems seed it (E79 also in the
//   Ruby nfse clients' recorded cancellation answers: "Essa Nfs-e já está cancelada.").

export type AbrasfRefusal = { code: string; message: string; correction?: string };

export const ABRASF_REFUSALS = {
  duplicateRps: { code: "E10", message: "RPS já informado.", correction: "Para essa Inscrição Municipal/CNPJ já existe um RPS informado com o mesmo número, série e tipo." },
  schema: { code: "E160", message: "Arquivo em desacordo com o XML Schema.", correction: "Consulte o Manual da NFS-e." },
  signature: { code: "E172", message: "Arquivo enviado com erro na assinatura.", correction: "Assine o elemento exigido pelo município com o certificado do prestador." },
  header: { code: "E183", message: "A mensagem XML do cabeçalho do arquivo enviado está fora do padrão especificado.", correction: "Consulte o Manual da NFS-e." },
  takerIsProvider: { code: "E52", message: "O tomador de serviços informado é o próprio prestador.", correction: "Na emissão da NFS-e não é permitido que o prestador seja igual ao tomador." },
  nfseNotFound: { code: "E78", message: "Número da NFS-e inexistente na base de dados para o prestador de serviço pesquisado", correction: "Informe o número correto da NFS-e." },
  alreadyCancelled: { code: "E79", message: "Essa NFS-e já está cancelada", correction: "Confira e informe novamente os dados da NFS-e que deseja cancelar." },
  rpsWithoutNfse: { code: "E89", message: "Não existe na base de dados uma NFS-e emitida para o número de RPS informado", correction: "Informe o número correto do RPS." },
} satisfies Record<string, AbrasfRefusal>;

/** <ListaMensagemRetorno> with one message; Mensagem and Correcao cut to tsDescricaoMensagemAlerta's 200 characters. */
export function messageList(refusal: AbrasfRefusal, detail?: string): string {
  const message = (detail ? `${refusal.message} ${detail}` : refusal.message).slice(0, 200);
  return group("ListaMensagemRetorno", group("MensagemRetorno", el("Codigo", refusal.code) + el("Mensagem", message) + (refusal.correction ? el("Correcao", refusal.correction.slice(0, 200)) : "")));
}
