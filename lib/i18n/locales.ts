// The dashboard's languages. pt-BR is the default: the accountants who use
// the dashboard are Brazilian; English is available per user or browser.
export const LOCALES = ["pt-BR", "en"] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = "pt-BR";
/** Cookie holding the language a user chose in the dashboard (wins over the browser's). */
export const LOCALE_COOKIE = "NEXT_LOCALE";

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (LOCALES as readonly string[]).includes(value);
}

/** Maps a language tag to one of ours: any "pt…" → pt-BR, any "en…" → en. */
function localeOfTag(tag: string): Locale | null {
  const primary = tag.trim().toLowerCase().split("-")[0];
  if (primary === "pt") return "pt-BR";
  if (primary === "en") return "en";
  return null;
}

/**
 * The language of a request: the saved choice, else the best of the
 * browser's Accept-Language (by q-value, then order) that we speak, else pt-BR.
 */
export function negotiateLocale({ saved, acceptLanguage }: { saved?: string | null; acceptLanguage?: string | null }): Locale {
  if (isLocale(saved)) return saved;
  const ranges = (acceptLanguage ?? "")
    .split(",")
    .map((part, index) => {
      const [tag = "", ...params] = part.split(";");
      const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
      const weight = q ? Number(q.slice(2)) : 1;
      return { tag: tag.trim(), weight: Number.isFinite(weight) ? weight : 0, index };
    })
    .filter((range) => range.tag && range.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  for (const range of ranges) {
    const locale = localeOfTag(range.tag);
    if (locale) return locale;
  }
  return DEFAULT_LOCALE;
}
