/**
 * A Portuguese word reduced to the form its singular and plural share, without
 * accents and in lower case, so "pães" and "pão" both give "pao", "animais" and
 * "animal" give "animal", "bolos" gives "bolo". Only the regular plural endings
 * (a light stemmer for search, not a grammar): -ães/-ões/-ãos → -ão, -ais/-éis/
 * -óis/-uis → -al/-el/-ol/-ul, -ns → -m, -res/-zes/-ses → -r/-z/-s, -s.
 */
export function wordStem(word: string): string {
  const w = word.normalize("NFD").replace(/\p{Diacritic}/gu, "").toLowerCase();
  if (w.length <= 3) return w;
  if (/(aes|oes|aos)$/.test(w)) return `${w.slice(0, -3)}ao`;
  if (/[aeou]is$/.test(w)) return `${w.slice(0, -2)}l`;
  if (w.endsWith("ns")) return `${w.slice(0, -2)}m`;
  if (/[rzs]es$/.test(w)) return w.slice(0, -2);
  if (w.endsWith("s") && !w.endsWith("ss")) return w.slice(0, -1);
  return w;
}

/** The stems of a text's words (letters and digits; hyphens and punctuation split words). */
export function textStems(text: string): string[] {
  return text.split(/[^\p{L}\p{N}]+/u).filter(Boolean).map(wordStem);
}
