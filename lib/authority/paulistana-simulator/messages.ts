// The events São Paulo's LoteNFe answers with (Erro/Alerta: Codigo, Descricao), as the simulator
// uses them. Each names where the code comes from; codes marked "unconfirmed" had no public
// source found and are the simulator's choice until the city's manual table is vendored.

export type PaulistanaRefusal = { code: string; description: string; source: string };

export const PAULISTANA_REFUSALS = {
  emptyMessage: { code: "1102", description: "Mensagem XML de Pedido do serviço sem conteúdo.", source: "SP-DEV web-service FAQ, question 2" },
  schema: { code: "1101", description: "Mensagem XML de Pedido do serviço em desacordo com o Schema XML.", source: "unconfirmed code (no public source found); the city validates against the published schemas (SP-DEV)" },
  xmlSignature: { code: "1057", description: "Assinatura difere do calculado.", source: "TecnoSpeed 'Documentação Técnica Padrão SAOPAULO' (atendimento.tecnospeed.com.br, article 360026042653), erros comuns" },
  rpsSignature: { code: "1206", description: "Assinatura Digital do RPS incorreta", source: "CIGAM wiki 'Rejeição 1206 - Assinatura Digital do RPS incorreta'; SP-CLIENT (the answer appends the string verified)" },
  unknownServiceCode: { code: "306", description: "Código de serviço inexistente.", source: "SP-CLIENT, erros de negócio (306)" },
  rpsAlreadyConverted: { code: "223", description: "RPS já convertido em NFS-e.", source: "SP-CLIENT (223: RPS já processado; seen for an RPS whose NFS-e was cancelled); the same code for an active NFS-e is unconfirmed" },
  nfeNotFound: { code: "1300", description: "NFS-e inexistente.", source: "unconfirmed code (no public source found)" },
  alreadyCancelled: { code: "1301", description: "NFS-e já cancelada.", source: "SP-CLIENT (1301)" },
  cancellationSignature: { code: "1305", description: "Assinatura de cancelamento da NFS-e incorreta.", source: "SP-CLIENT (1305)" },
  // Layout 2 (the tax reform's). The city's error table for v02 was not found; these are what public clients report.
  unknownClassification: { code: "628", description: "Código de classificação tributária (cClassTrib) do IBS/CBS inválido.", source: "code as a public São Paulo v2 client met it for a cClassTrib the city did not accept (Cavariani/FC-ReformaTrib-NSFe, NotaFiscalXmlBuilder.cs comment 'ERRO 628'); description unconfirmed" },
} as const satisfies Record<string, PaulistanaRefusal>;
