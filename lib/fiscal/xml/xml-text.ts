// String-level XML writing for the documents we build: the layouts are fixed
// sequences, so concatenation in schema order is both the clearest and the
// fastest way to produce them (no DOM, no whitespace between elements).

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" };

/**
 * Escapes element text exactly as Canonical XML 1.0 writes it (&amp; &lt;
 * &gt;; quotes stay literal), so the elements we build are already in
 * canonical form and the signed bytes are the bytes we wrote.
 */
export function escapeXml(value: string): string {
  return /[&<>]/.test(value) ? value.replace(/[&<>]/g, (c) => ESCAPES[c] as string) : value;
}

/** Escapes attribute values (&amp; &lt; &quot;). */
export function escapeAttribute(value: string): string {
  return /[&<"]/.test(value) ? value.replace(/[&<"]/g, (c) => ESCAPES[c] as string) : value;
}

// Typographic characters outside ISO-8859-1 that people paste into product
// descriptions, mapped to the nearest Latin-1 text.
const FOLDS: Record<string, string> = {
  "\u2018": "'", "\u2019": "'", "\u201A": "'", "\u201C": '"', "\u201D": '"', "\u201E": '"',
  "\u2013": "-", "\u2014": "-", "\u2212": "-", "\u2026": "...", "\u2022": "-", "\u20AC": "EUR",
};

/**
 * Normalises free text for the TString type of the layouts
 * ([!-ÿ]{1}[ -ÿ]*[!-ÿ]{1}): ISO-8859-1 only, no control characters, no
 * leading/trailing or repeated spaces. Accents stay (they are Latin-1).
 */
export function fiscalText(value: string, maxLength?: number): string {
  // Fast path: printable ASCII without leading, trailing or doubled spaces.
  if (/^[!-~](?:[ -~]*[!-~])?$/.test(value) && !value.includes("  ")) {
    return maxLength !== undefined && value.length > maxLength ? value.slice(0, maxLength).trimEnd() : value;
  }
  let text = value.normalize("NFC").replace(/[\u2018\u2019\u201A\u201C\u201D\u201E\u2013\u2014\u2212\u2026\u2022\u20AC]/g, (c) => FOLDS[c] as string);
  // Characters beyond Latin-1 lose their accents first (NFD), then anything left is dropped.
  if (/[^\u0000-\u00FF]/.test(text)) {
    text = [...text].map((c) => (c.charCodeAt(0) <= 0xff ? c : c.normalize("NFD").replace(/[^\u0000-\u00FF]/g, ""))).join("");
  }
  text = text.replace(/[\u0000-\u001F\u007F-\u009F\u00A0]+/g, " ").replace(/ {2,}/g, " ").trim();
  if (maxLength !== undefined && text.length > maxLength) text = text.slice(0, maxLength).trimEnd();
  return text;
}

/** <name>escaped text</name> */
export function el(name: string, text: string): string {
  return `<${name}>${escapeXml(text)}</${name}>`;
}

/** An optional element: nothing at all when the value is absent or blank (no empty tags). */
export function opt(name: string, text: string | null | undefined): string {
  return text === null || text === undefined || text === "" ? "" : el(name, text);
}

/** <name>children</name> with already-built children; nothing when they are empty. */
export function group(name: string, children: string, attributes = ""): string {
  return children === "" ? "" : `<${name}${attributes}>${children}</${name}>`;
}
