// The cStat and xMotivo the MDF-e simulator answers, as the SVRS writes them. Sources (details and
// links in docs/api-notes/mdfe.md, section *Simulator*):
// - MOC MDF-e 3.00 (Visão Geral), rules J01–J17 (events, 5.1.5), K01–K08 of 6.1.1 (cancelamento),
//   K01–K06 of 6.3.1 (inclusão de condutor), K01–K14 of 6.4.1 (inclusão de DF-e), K01–K16 of 6.5.1
//   (pagamento 110116), G022–G026 of MOC 3.00a (carregamento posterior), with their texts;
// - the SVRS authorization code published by PROCERGS staff (FabioCapella/TCC.DFe,
//   ValidadorMDF.vb / ValidadorEventoMDFe.vb): the order of the checks and the bracketed suffixes;
// - answers recorded from the SVRS (Unimake/DFe test resources, Unimake/Uninfe, issue threads).
// The MOC writes "MDFe"; the SVRS's own texts (and the recorded answers) write "MDF-e".

export type Rejection = readonly [cStat: string, xMotivo: string];

export const REJECTIONS = {
  /** Schema of the MDFe or of eventoMDFe; the validator's message follows in brackets. */
  SCHEMA: ["215", "Rejeição: Falha no schema XML"],
  /** The modal (rodo) against its own schema (ValidarModal). */
  MODAL_SCHEMA: ["580", "Rejeição: Falha no Schema XML específico para o modal"],
  /** The event detail against its own schema (J06). */
  EVENT_SCHEMA: ["630", "Rejeição: Falha no Schema XML específico para o evento"],
  SIGNATURE: ["297", "Rejeição: Assinatura difere do calculado"],
  ENVIRONMENT: ["252", "Rejeição: Ambiente informado diverge do Ambiente de recebimento"],
  /** Check digit of the key of the MDFe being authorized (ValidarDV). */
  KEY_DIGIT: ["253", "Rejeição: Digito Verificador da chave de acesso composta inválido"],
  /** [nProt:…][dhAut:…] of the one already authorized. */
  DUPLICATE: ["204", "Rejeição: Duplicidade de MDF-e"],
  NOT_FOUND: ["217", "Rejeição: MDF-e não consta na base de dados da SEFAZ"],
  /** [nProt:…][dhCanc:…] of the cancellation. */
  ALREADY_CANCELLED: ["218", "Rejeição: MDF-e já está cancelado na base de dados da SEFAZ"],
  /** K04 of 6.1.1: more than 24 h after the authorization. */
  CANCEL_TOO_LATE: ["220", "Rejeição: MDF-e autorizado há mais de 24 horas"],
  PROTOCOL_MISMATCH: ["222", "Rejeição: Protocolo de Autorização de Uso difere do cadastrado"],
  /** 110112 with cMun outside cUF, or a cUF that is no state (ValidarEncerramento). */
  CLOSING_UF: ["614", "Rejeição: Código de Município diverge da UF de encerramento do MDF-e"],
  /** [nProt:…][dhEnc:…] of the closing. */
  ALREADY_CLOSED: ["609", "Rejeição: MDF-e já está encerrado na base de dados da SEFAZ"],
  /** Same CNPJ base, plate, tpEmit and UFFim; [chMDFe Não Encerrada:…][NroProtocolo:…] of the oldest. */
  OPEN_FOR_PLATE: ["611", "Rejeição: Existe MDF-e não encerrado para esta placa, tipo de emitente e UF descarregamento"],
  /** [nProt:…][dhRegEvento:…] of the event already registered (J08). */
  DUPLICATE_EVENT: ["631", "Rejeição: Duplicidade de evento"],
  /** nSeqEvento above what the event allows (1 for cancel, close and payment 110116; 99 for drivers and DF-e). */
  SEQUENCE: ["636", "Rejeição: O número sequencial do evento é maior que o permitido"],
  /** A driver's CPF, in the MDFe (ValidarCondutorRepetido) and in 110114 (K06 of 6.3.1). */
  DRIVER_CPF: ["645", "Rejeição: CPF do condutor inválido"],
  /** The same CPF twice in veicTracao/condutor (ValidarCondutorRepetido). */
  DRIVER_DUPLICATE: ["577", "Rejeição: Duplicidade de condutor"],
  /** A carried NF-e key fails its checks: [chNFe:…] and the reason (MOC 3.00a unified 622–626, 674, 589 into 604). */
  NFE_KEY: ["604", "Rejeição: Chave de acesso da NF-e informada inválida"],
  // MOC 3.00a put the CT-e key rules (617-621, 670, 588) into 601 as it did the NF-e's into 604 (blog.exas.com.br
  // "MDFe – MOC Versão 3.00A"; activecorp.com.br); the text is modelled on 604's.
  // A contingency MDF-e past its 168 h (CONTINGENCY_WINDOW_MS): the late-issue rejection NT MDF-e 2018.001 set; the MOC line for tpEmis 2 is not verified.
  LATE_ISSUE: ["228", "Rejeição: Data de Emissão muito atrasada"],
  CTE_KEY: ["601", "Rejeição: Chave de acesso do CT-e informada inválida"],
  /** The same NF-e key twice in the MDFe (ValidarDocumentosTransportados). */
  NFE_KEY_DUPLICATE: ["669", "Rejeição: Chave de Acesso de NF-e duplicada"],
  /** K10 of 6.4.1: an invalid NF-e key in 110115, [Motivo: …]. */
  EVENT_NFE_KEY: ["709", "Rejeição: Chave de acesso de NF-e inválida no evento de inclusão"],
  /** K14 of 6.4.1: the NF-e is already on the manifest through another 110115. */
  EVENT_NFE_LISTED: ["711", "Rejeição: NF-e já está vinculada ao MDF-e por outro evento"],
  // Carregamento posterior (indCarregaPosterior=1), MOC MDF-e 3.00a: G022–G026 at authorization (listed
  // by blog.exas.com.br "MDFe – MOC Versão 3.00A"), ValidarCarregamentoPosterior and
  // ValidarDocumentosTransportados in the SVRS code; the events' K rules of 6.1.1, 6.2.1 and 6.4.1.
  // Texts as the code table writes them ("possui" in 708 is the MOC's own spelling).
  /** G022: one loading and one unloading municipality, the same one. */
  LOADING_LATER_MUNICIPALITIES: ["703", "Rejeição: Carregamento e Descarregamento inválidos para MDF-e com indicação de carregamento posterior"],
  /** G023: UFIni = UFFim, not EX. */
  LOADING_LATER_INTERSTATE: ["704", "Rejeição: MDF-e com indicação de carregamento posterior não permitido para operações interestaduais ou com o exterior"],
  /** G024: modal rodoviário only. */
  LOADING_LATER_MODAL: ["705", "Rejeição: Modal inválido para MDF-e com indicação de carregamento posterior (apenas modal rodoviário)"],
  /** A document in infMunDescarga of such a manifest (ValidarDocumentosTransportados). */
  LOADING_LATER_DOCUMENTS: ["706", "Rejeição: Não informar documentos transportados para MDF-e com indicação de carregamento posterior (usar evento inclusão de DF-e)"],
  /** G025: tpEmit 2 (transporte próprio) only. */
  LOADING_LATER_ISSUER: ["707", "Rejeição: MDF-e com indicação de carregamento posterior com tipo de emitente diferente de transporte próprio"],
  /** G026: another one of the same CNPJ/CPF with no 110115 for more than 168 h; suffix [chMDFe:…]. */
  LOADING_LATER_PENDING: ["712", "Rejeição: Existe MDF-e com indicação de carregamento posterior sem inclusão de DF-e para o emitente há mais de 168 horas"],
  /** An infMunDescarga without documents on a manifest without the indicator; suffix [Municipio sem documento: <xMunDescarga>]. */
  UNLOADING_WITHOUT_DOCUMENTS: ["616", "Rejeição: Nenhum grupo de documentos foi informado (CT-e, CT, NF-e, MDF-e)"],
  /** K05 of 6.4.1: 110115 on a manifest issued without indCarregaPosterior=1. */
  NOT_LOADING_LATER: ["708", "Rejeição: MDF-e deve possui indicação de carregamento posterior para inclusão de DF-e"],
  /** K06 of 6.4.1: cMunCarrega of 110115 outside UFIni. */
  EVENT_LOADING_UF: ["456", "Rejeição: Código de Município diverge da UF de Carregamento do MDF-e"],
  /** K08 of 6.4.1: cMunDescarga of 110115 outside UFFim. */
  EVENT_UNLOADING_UF: ["612", "Rejeição: Código de Município diverge da UF de descarregamento do MDF-e"],
  /** K08 of 6.1.1: a 110115 loaded in another municipality than the manifest's. */
  LOADING_LATER_CANCEL: ["710", "Rejeição: Cancelamento não é permitido para MDF-e com indicação de carregamento posterior que já realizou inserção de DF-e"],
  /** K10 of 6.2.1: closing before any 110115. */
  LOADING_LATER_CLOSE: ["715", "Rejeição: Não é permitido encerrar MDF-e com indicação de carregamento posterior sem inclusão de DF-e associada"],
  /** K06 of 6.5.1 (110116): the traction vehicle's prop must have tpProp 0. */
  PAYMENT_OWNER: ["723", "Rejeição: O tipo do proprietário do MDF-e deve ser do tipo TAC Agregado"],
} as const satisfies Record<string, Rejection>;

/** The answers that are not rejections (cStat table of the MOC; texts as the SVRS writes them in recorded answers). */
export const ANSWERS = {
  PROCESSED: ["104", "Arquivo Processado"],
  AUTHORIZED: ["100", "Autorizado o uso do MDF-e"],
  CANCELLED: ["101", "Cancelamento de MDF-e homologado"],
  CLOSED: ["132", "Encerramento de MDF-e homologado"],
  SERVICE_RUNNING: ["107", "Serviço em Operação"],
  EVENT_REGISTERED: ["135", "Evento registrado e vinculado ao MDF-e"],
  OPEN_FOUND: ["111", "Consulta Não Encerrados localizou MDF-e nessa situação"],
  OPEN_NONE: ["112", "Consulta Não Encerrados não localizou MDF-e nessa situação"],
} as const satisfies Record<string, Rejection>;
