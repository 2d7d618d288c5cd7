// A validation issue's field path ("payments.0.value", "items.1.ibsCbs.cst",
// "client.document") said as the page's words ("Pagamento 1 — valor",
// "Item 2 — IBS/CBS — CST", "Destinatário — CPF/CNPJ") instead of the API's
// English names (issue 54 item 6). The words come from the catalogue
// (`fieldPaths.*`); this file only walks the path.

export type FieldPathLabels = {
  /** A numbered row of a list ("payments", 1) → "Pagamento 1"; null when the list has no label. */
  row: (list: string, n: number) => string | null;
  /** A field, group or whole list ("value", "client", "payments") → "valor", "destinatário", "pagamentos"; null when unknown. */
  field: (name: string) => string | null;
};

export const FIELD_PATH_SEPARATOR = " — ";

/** "items[1].cfop" and ["items", 1, "cfop"] → ["items", "1", "cfop"]; the API's "body."/"query." prefix dropped. */
export function fieldPathTokens(path: string | readonly PropertyKey[]): string[] {
  const tokens = typeof path === "string" ? path.replace(/\[(\d+)\]/g, ".$1").split(".") : path.map(String);
  const clean = tokens.filter((token) => token !== "");
  return clean.length > 1 && (clean[0] === "body" || clean[0] === "query" || clean[0] === "params") ? clean.slice(1) : clean;
}

/**
 * The path in the page's words, parts joined by " — " and the first letter upper case; null when any
 * part has no label (the caller then shows the message without a field rather than the API's name),
 * and "" for an empty path (an issue of the whole body).
 */
export function describeFieldPath(path: string | readonly PropertyKey[], labels: FieldPathLabels): string | null {
  const tokens = fieldPathTokens(path);
  const parts: string[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    const next = tokens[i + 1];
    if (/^\d+$/.test(token)) return null; // a number not after a list name: nothing to call it
    if (next !== undefined && /^\d+$/.test(next)) {
      const row = labels.row(token, Number(next) + 1);
      if (row === null) return null;
      parts.push(row);
      i++;
      continue;
    }
    const field = labels.field(token);
    if (field === null) return null;
    parts.push(field);
  }
  const text = parts.join(FIELD_PATH_SEPARATOR);
  return text.charAt(0).toUpperCase() + text.slice(1);
}
