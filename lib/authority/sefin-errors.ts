// Sefin Nacional error bodies. The Swagger says `erros[{codigo, descricao,
// complemento}]`, but the real service answers `"erros":[{"Codigo":…,
// "Descricao":…}]` and, for events, `"erro":[{"codigo":…}]` (NOTES.md §1):
// read both arrays and every field case-insensitively.

export type SefinError = { code: string; description: string; complement: string | null };

function pick(entry: Record<string, unknown>, name: string): string | null {
  const key = Object.keys(entry).find((k) => k.toLowerCase() === name);
  const value = key ? entry[key] : null;
  return value === null || value === undefined ? null : String(value);
}

export function parseSefinErrors(body: unknown): SefinError[] {
  if (!body || typeof body !== "object") return [];
  const record = body as Record<string, unknown>;
  const listKey = Object.keys(record).find((k) => k.toLowerCase() === "erros" || k.toLowerCase() === "erro");
  const list = listKey ? record[listKey] : null;
  const entries = Array.isArray(list) ? list : list && typeof list === "object" ? [list] : [];
  return entries
    .filter((e): e is Record<string, unknown> => !!e && typeof e === "object")
    .map((e) => ({ code: pick(e, "codigo") ?? "RNG9999", description: pick(e, "descricao") ?? pick(e, "mensagem") ?? "Erro não catalogado.", complement: pick(e, "complemento") }));
}

/** A field of a success body, any casing (chaveAcesso / ChaveAcesso). */
export function bodyField(body: unknown, name: string): string | null {
  if (!body || typeof body !== "object") return null;
  const record = body as Record<string, unknown>;
  const key = Object.keys(record).find((k) => k.toLowerCase() === name.toLowerCase());
  const value = key ? record[key] : null;
  return typeof value === "string" ? value : null;
}
