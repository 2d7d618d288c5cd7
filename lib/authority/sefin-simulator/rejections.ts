// Official codes and texts of Anexo I (RN DPS/NFS-e, RN recepção) and Anexo II
// (RN evento) that the simulator answers, with the HTTP status Sefin uses.

export type Rejection = { code: string; description: string; complement?: string; status?: number };

export const R = {
  E1235: "Falha no esquema XML do DF-e.",
  E0001: "A versão do leiaute informada não é mais aceita pelo Sistema Nacional NFS-e.",
  E0714: "Arquivo enviado com erro na assinatura.",
  E0717: "A assinatura é obrigatória quando for enviado para o Web Service.",
  E0718: "A assinatura deve ser feita com o certificado digital do emitente da DPS.",
  E0004: "Conteúdo do identificador informado na DPS difere da concatenação dos campos correspondentes.",
  E0006: "Ambiente informado diverge do ambiente de recebimento para o qual o emitente enviou a DPS.",
  E0014: "Conjunto de Série, Número, Código do Município Emissor e CNPJ/CPF informado nesta DPS já existe em uma NFS-e gerada a partir de uma DPS enviada anteriormente.",
  E0008: "A data e hora de emissão da DPS deve ser anterior ou igual à data do seu processamento (dhProc) pelo Sistema Nacional NFS-e.",
  E0015: "A data de competência informada na DPS não pode ser posterior à data de emissão (dhEmi) da DPS.",
  E0080: "CNPJ do prestador informado na DPS é inválido.",
  E0188: "CNPJ do tomador informado na DPS é inválido.",
  E0206: "CPF do tomador informado na DPS é inválido.",
  E0204: "CNPJ ou CPF do tomador não foi informado, mas existe uma indicação para retenção do ISSQN na DPS no campo de tipo de \"Retenção do ISSQN\".",
  E0202: "Na emissão da NFS-e não é permitido que o prestador do serviço seja igual ao tomador do serviço.",
  E0302: "O código do local da prestação do serviço não existe conforme a tabela de municípios IBGE disponibilizada no ANEXO_A-MUNICIPIO_IBGE-PAISES_ISO2-SNNFSe.",
  E0310: "O código de tributação nacional informado não existe ou não está administrado pelo município de incidência do ISSQN na data de competência informada na DPS, conforme a lista de serviços nacional do Sistema Nacional NFS-e.",
  E0595: "Não é permitido informar alíquota superior a 5%.",
  E0617: "Não é permitido informar alíquota quando o prestador de serviço não é optante do simples nacional (opSimpNac = 1) na data de competência informada na DPS, com o município de incidência do ISSQN com situação \"ATIVO\" no Sistema Nacional NFS-e.",
  E0621: "É obrigatório informar alíquota quando há indicação de retenção do ISSQN (tpRetISSQN = 2 ou 3) para o prestador de serviço ME/EPP (opSimpNac = 3) na data de competência informada na DPS, com apuração do ISSQN pelo simples nacional (regApTribISSQN = 1), sem benefício municipal ou, se houver, seja diferente de isenção ou alíquota diferenciada, cujo município de incidência esteja Ativo no Sistema Nacional NFS-e.",
  E0625: "Não é permitido informar alíquota quando não há indicação de retenção do ISSQN (tpRetISSQN = 1) para o prestador de serviço ME/EPP (opSimpNac = 3) na data de competência informada na DPS, com apuração do ISSQN pelo simples nacional (regApTribISSQN = 1), sem benefício municipal ou, se houver, seja diferente de isenção ou alíquota diferenciada, cujo município de incidência esteja Ativo no Sistema Nacional NFS-e.",
  E0116: "A IM deve ser informada para o emitente prestador do serviço na DPS, conforme informações complementares registradas no CNC NFS-e do município emissor informado na DPS.",
  E0121: "O nome ou razão social do prestador não deve ser informado quando o emitente da DPS for o próprio prestador.",
  E0128: "O endereço do prestador do serviço não deve ser informado na DPS quando o próprio prestador for o emitente da DPS.",
  E0148: "Email inválido.",
  E0162: "Não é permitido ao não optante do Simples Nacional e o MEI preencherem o campo de indicação do regime de apuração dos tributos apurados.",
  E0166: "É obrigatorio o preenchimento do campo de regime de apuração dos tributos do SN para o optante do Simples Nacional ME/EPP.",
  E0172: "O Regime Especial de Tributação deve ser \"Nenhum\" (regEspTrib = 0) quando o serviço prestado for diferente de Tributável (tribISSQN = 1), ou seja, tribISSQN = 2, 3 ou 4.",
  E0174: "Quando o prestador da NFS-e é MEI (opSimpNac = 2) o regime especial de tributação deve ser \"Nenhum\" (regEspTrib = 0).",
  E0175: "Quando o prestador optante pelo Simples Nacional tiver o regime de apuração dos tributos ocorrendo também pelo Simples Nacional, o regime especial de tributação do ISSQN deve ser \"Nenhum\" (regEspTrib = 0).",
  E0316: "Código da lista NBS informado inexistente tabela de NBS do sistema.",
  E0427: "O valor do serviço deve ser maior ou igual ao somatório dos valores informados para Desconto Incondicionado, Deduções/Reduções e Benefício Municipal.",
  E0428: "O valor do serviço deve ser maior ou igual ao somatório dos valores informados para Desconto Incondicionado, Desconto Condicionado, Deduções/Reduções, Benefício Municipal, valores de tributos devidos (CP, IRRF, CSLL), e valores dos tributos se retidos (PIS, COFINS, ISSQN).",
  E0444: "O valor percentual  de dedução/redução informado na DPS não pode reduzir o valor da BC de forma que resulte no valor do ISSQN a uma alíquota efetiva menor que 2%, exceto para os códigos relativos aos serviços 7.02, 7.05 e 16.01.",
  E0447: "O valor de dedução/redução informado na DPS não pode reduzir o valor da BC de forma que resulte no valor do ISSQN a uma alíquota efetiva menor que 2%, exceto para os códigos relativos aos serviços 7.02, 7.05 e 16.01.",
  E0580: "Não é permitido haver retenção quando o campo referente à tributação do ISSQN indicar imunidade, exportação ou não incidência.",
  E0583: "Não é permitido retenção do ISSQN para o prestador do serviço que seja MEI na data de competência informada na DPS.",
  E0588: "Não é permitido retenção do ISSQN para o prestador do serviço que tenha algum regime especial de tributação na data de competência informada na DPS.",
  E0600: "Não é permitido informar a alíquota para prestador de serviço optante do simples nacional do tipo MEI.",
  E0602: "Não é permitido informar alíquota quando o campo referente à tributação do ISSQN indicar imunidade, exportação ou não incidência.",
  E0604: "Não é permitido informar alíquota quando o prestador de serviço possui algum regime especial de tributação.",
  E0635: "Não é permitido informar alíquota quando o convênio do município de incidência do ISSQN está ativo na data de competência informada na DPS, para o prestador de serviço ME/EPP (opSimpNac = 3) com a apuração do ISSQN fora do Simples Nacional, ou seja, pela alíquota do município para o serviço prestado (regApTribSN = 2 ou 3).",
  E0712: "Para ME/EPP indTotTrib nunca poderá ser informado.",
  // Events (Anexo II).
  E1827: "Conteúdo do identificador informado no identificador do Pedido de Registro de Evento difere da concatenação dos campos correspondentes.",
  E1831: "O pedido de registro de evento não pode ser validado pois a NFS-e indicada não existe no Ambiente de Dados Nacional NFS-e.",
  E1845: "Ambiente informado diverge do ambiente de recebimento para o qual o emitente enviou o pedido de registro de evento.",
  E1843: "A data de emissão do pedido do registro do evento não pode ser posterior à data de recebimento pelo Sistema Nacional NFS-e.",
  E0812: "O CNPJ do autor do pedido de registro de evento não corresponde à base do CNPJ informada no certificado digital da assinatura do pedido.",
  E0840: "O Sistema Nacional NFS-e não pode recepecionar o EVENTO DE CANCELAMENTO DE NFS-e pois, o evento de Cancelamento de NFS-e já está vinculado à NFS-e indicada no evento enviado, impedindo sua recepção.",
  E1980: "Arquivo enviado com erro na assinatura.",
  E1989: "A assinatura é obrigatória quando for enviado para o Web Service.",
  E0813: "O CNPJ autor informado no pedido de registro de evento não corresponde ao \"AUTOR DO PEDIDO DE REGISTRO DE EVENTO\" indicado na planilha \"Tipo Eventos\".",
  RNG6110: "Falha Schema Xml",
} as const;

export type RejectionCode = keyof typeof R;

export function reject(code: RejectionCode, complement?: string, status = 400): Rejection {
  return { code, description: R[code], complement, status };
}
