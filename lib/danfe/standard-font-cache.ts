// @ts-expect-error pdfkit ships no type declarations; only its prototype's font() is used here.
import PDFDocument from "pdfkit";

// pdfkit parses a standard font's metrics (AFMFont: glyph widths and some
// thousands of kerning pairs as an object of string keys) again for every PDF
// document, and react-pdf makes one document per render: for a DANFE,
// Helvetica and Helvetica-Bold cost some 4 ms of CPU and much of a render's
// garbage. The parsed metrics never change, so each document gets its own
// font object (its own id and PDF dictionary, as pdfkit makes them) sharing
// one parse. Guarded: if pdfkit's internals are not what this expects (pinned
// 0.20.1, the version @react-pdf/renderer pins), pdfkit's own path runs and
// only the saving is lost (standard-font-cache.test.ts notices).

type StandardFontLike = { name: string; font: unknown; document: unknown; id: string; dictionary?: unknown; embedded?: boolean };
type DocumentLike = { _fontFamilies?: Record<string, StandardFontLike>; _fontCount?: number; _registeredFonts?: Record<string, unknown>; _font?: StandardFontLike | null };
type FontMethod = (this: DocumentLike, src: unknown, family?: unknown, size?: unknown) => unknown;

const STANDARD = new Set(["Helvetica", "Helvetica-Bold", "Helvetica-Oblique", "Helvetica-BoldOblique", "Times-Roman", "Times-Bold", "Times-Italic", "Times-BoldItalic", "Courier", "Courier-Bold", "Courier-Oblique", "Courier-BoldOblique", "Symbol", "ZapfDingbats"]);
const templates = new Map<string, StandardFontLike>();
let reused = 0;

/** How many times a parsed standard font was reused instead of parsed again (for the test). */
export const standardFontsReused = () => reused;

function copyOf(font: StandardFontLike, changes: Partial<StandardFontLike>): StandardFontLike {
  return Object.assign(Object.create(Object.getPrototypeOf(font) as object) as StandardFontLike, font, changes);
}

const proto = (PDFDocument as { prototype: { font: FontMethod; fontCachePatched?: true } }).prototype;

if (!proto.fontCachePatched) {
  const original = proto.font;
  proto.fontCachePatched = true;
  proto.font = function font(this: DocumentLike, src: unknown, family?: unknown, size?: unknown) {
    const families = this._fontFamilies;
    // font(name, size) is how react-pdf calls it: a number in second place is the size.
    const cacheable = typeof src === "string" && STANDARD.has(src) && (family == null || typeof family === "number") && !!families && !families[src] && !this._registeredFonts?.[src] && typeof this._fontCount === "number";
    if (!cacheable) return original.call(this, src, family, size);
    const template = templates.get(src as string);
    if (template) {
      // What StandardFont's constructor sets, with the parsed metrics shared; pdfkit then finds it in its cache.
      families![src as string] = copyOf(template, { document: this, id: `F${++this._fontCount!}`, dictionary: undefined, embedded: undefined });
      reused += 1;
      return original.call(this, src, family, size);
    }
    const result = original.call(this, src, family, size);
    const created = this._font;
    if (created && created.name === src && created.font) templates.set(src as string, copyOf(created, { document: null, dictionary: undefined, embedded: undefined }));
    return result;
  };
}
