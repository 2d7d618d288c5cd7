// ItemListaServico (tsItemListaServico, "01.07") from the national service code
// cTribNac (6 digits: LC 116/2003 item, subitem, then the national desdobro):
// the national list (Anexo B of the NFS-e layout) numbers its codes after the
// LC 116 list, so its first four digits are the subitem ABRASF asks for.

export function itemListaServicoOf(nationalServiceCode: string): string | null {
  if (!/^\d{6}$/.test(nationalServiceCode)) return null;
  return `${nationalServiceCode.slice(0, 2)}.${nationalServiceCode.slice(2, 4)}`;
}
