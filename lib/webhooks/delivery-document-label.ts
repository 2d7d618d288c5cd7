// How support screens name the document a delivery is about: from the payload it carried (the
// document event's data: type, series, number, externalId), so a list reads "NF-e 1-123
// (pedido order-1001)" and not a database id. A payload without them (tests, pings, received
// documents) gives null and the screen falls back to the id.

const TYPE_NAMES: Record<string, string> = { NFE: "NF-e", NFCE: "NFC-e", NFSE: "NFS-e" };

export function deliveryDocumentLabel(payload: string): string | null {
  let data: Record<string, unknown>;
  try {
    const parsed = JSON.parse(payload) as { data?: unknown };
    if (!parsed || typeof parsed.data !== "object" || parsed.data === null) return null;
    data = parsed.data as Record<string, unknown>;
  } catch {
    return null;
  }
  const type = typeof data.type === "string" ? (TYPE_NAMES[data.type] ?? null) : null;
  if (!type) return null;
  const number = typeof data.number === "number" && data.number > 0 ? data.number : null;
  const series = typeof data.series === "number" ? data.series : null;
  const name = number === null ? type : series === null ? `${type} ${number}` : `${type} ${series}-${number}`;
  return typeof data.externalId === "string" && data.externalId ? `${name} (${data.externalId})` : name;
}
