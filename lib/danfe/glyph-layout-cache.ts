// react-pdf lays every text run out from scratch (@react-pdf/font's
// StandardFont.layout: AFM encoding, glyph objects, kerning pairs), and a
// DANFE prints the same captions ("INSCRIÇÃO ESTADUAL", "VALOR DO ICMS"…)
// on every render: glyph generation was about a sixth of a render's CPU. The
// layout of a string in a standard font never changes, so it is kept per
// font instance; callers get fresh arrays (textkit and the renderer read the
// glyph and position objects and build new ones, they never modify them).

type GlyphRun = { glyphs: unknown[]; positions: unknown[] };
type LayoutFont = { layout: (text: string, ...rest: unknown[]) => GlyphRun; glyphLayoutCached?: true };

const MAX_ENTRIES = 20_000;

export function cacheGlyphLayouts(font: LayoutFont): void {
  if (font.glyphLayoutCached) return;
  const original = font.layout.bind(font);
  const cache = new Map<string, GlyphRun>();
  font.glyphLayoutCached = true;
  font.layout = (text: string, ...rest: unknown[]) => {
    // Only the plain call textkit makes (no OpenType features): anything else is laid out as before.
    const features = rest[0];
    if (features !== undefined && !(typeof features === "object" && features !== null && Object.keys(features).length === 0)) return original(text, ...rest);
    let run = cache.get(text);
    if (!run) {
      if (cache.size >= MAX_ENTRIES) cache.clear();
      run = original(text, ...rest);
      cache.set(text, run);
    }
    return { ...run, glyphs: run.glyphs.slice(), positions: run.positions.slice() };
  };
}
