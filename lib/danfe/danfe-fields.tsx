import { Canvas, StyleSheet, Text, View } from "@react-pdf/renderer";
import { drawTextLine, LINE_HEIGHT, type TextPainter } from "./canvas-text";
import type { Styles } from "@react-pdf/renderer";

type Style = Styles[string];
import type { ReactNode } from "react";

// The DANFE's building blocks: titled sections and boxed fields with a small
// caption over the value (MOC, Anexo II, "quadros" and "campos").

// The grid lines are not borders: a frame is a black box (padding and gaps of
// 0.5 pt) and each field a white box inside it, so the lines are the black
// showing between the fields. react-pdf draws each side of a border as its own
// clipped path (some 25 PDF operators a side, 100 a box); a background is one
// clipped rectangle. It cut the page's content stream from 215 to 82 kB.
const LINE = 0.5;

/** The width left for a frame's rows inside its lines. */
export const frameInnerWidth = (frameWidth: number) => frameWidth - 2 * LINE;

export const danfeStyles = StyleSheet.create({
  page: { paddingTop: 14, paddingBottom: 14, paddingHorizontal: 14, fontFamily: "Helvetica", fontSize: 7, color: "#000" },
  /** A framed block: its rows (and columns) of fields are separated by lines. */
  frame: { backgroundColor: "#000", padding: LINE, rowGap: LINE },
  /** A row of fields inside a frame. */
  row: { flexDirection: "row", columnGap: LINE },
  /** A column of fields inside a frame's row. */
  stack: { rowGap: LINE },
  field: { backgroundColor: "#fff", paddingHorizontal: 2, paddingVertical: 1, minHeight: 18 },
  // MOC 7.0, 7.7.3: captions of the fields outside the items table, 6 pt in capitals.
  label: { fontSize: 6 },
  value: { fontSize: 7.5, marginTop: 1 },
  bold: { fontFamily: "Helvetica-Bold" },
  watermark: {
    position: "absolute",
    top: 380,
    left: 0,
    right: 0,
    textAlign: "center",
    fontSize: 50,
    fontFamily: "Helvetica-Bold",
  },
});

// Style objects are built once per size: react-pdf merges style arrays on
// every node, and a DANFE has some 70 fields.
const boxStyles = new Map<string, Style>();
function boxStyle(width: number | undefined, flex: number | undefined): Style {
  const key = width ? `w${width}` : `f${flex ?? 1}`;
  let style = boxStyles.get(key);
  if (!style) {
    style = { ...danfeStyles.field, ...(width ? { width } : { flex: flex ?? 1 }) };
    boxStyles.set(key, style);
  }
  return style;
}
const valueStyles = {
  left: danfeStyles.value,
  right: { ...danfeStyles.value, textAlign: "right" },
  center: { ...danfeStyles.value, textAlign: "center" },
  centerBold: { ...danfeStyles.value, textAlign: "center", fontFamily: "Helvetica-Bold", fontSize: 8 },
} satisfies Record<string, Style>;

type FieldProps = { label: string; value?: string; flex?: number; width?: number; align?: "left" | "right" | "center"; bold?: boolean; children?: ReactNode };

export function Field({ label, value, flex, width, align, bold, children }: FieldProps) {
  const box = boxStyle(width, flex);
  if (children) {
    return (
      <View style={box}>
        <Text style={danfeStyles.label}>{label.toUpperCase()}</Text>
        {children}
      </View>
    );
  }
  // One text block per field (caption and value as two runs): react-pdf lays
  // out each block separately.
  return (
    <Text style={box}>
      <Text style={danfeStyles.label}>{label.toUpperCase()}</Text>
      {"\n"}
      <Text style={bold ? valueStyles.centerBold : valueStyles[align ?? "left"]}>{value ?? ""}</Text>
    </Text>
  );
}

const TITLE_SIZE = 6;
const titleStyle = { width: "100%", height: LINE_HEIGHT * TITLE_SIZE, marginTop: 3, marginBottom: 1 } as const;

/** A block's title (MOC 7.7.1: bold capitals), one line drawn without a text layout (canvas-text.ts). */
export function SectionTitle({ title }: { title: string }) {
  const text = title.toUpperCase();
  const paint = (painter: TextPainter, width?: number) => {
    // Yoga may measure a canvas by painting it without a width: nothing to draw then.
    if (width) drawTextLine(painter, text, { x: 0, top: 0, maxWidth: width, font: "Helvetica-Bold", size: TITLE_SIZE, align: "left" });
    return null;
  };
  return <Canvas style={titleStyle} paint={(painter, width) => paint(painter as unknown as TextPainter, width)} />;
}

export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <View wrap={false}>
      <SectionTitle title={title} />
      <View style={danfeStyles.frame}>{children}</View>
    </View>
  );
}

type WatermarkProps = { homologation: boolean; cancelled: boolean; preview?: boolean; pageHeight?: number; fontSize?: number };

/**
 * "SEM VALOR FISCAL" in homologation (tpAmb 2), "CANCELADA" for a cancelled
 * document, "PRÉ-VISUALIZAÇÃO – SEM VALOR FISCAL" on a preview. Written
 * horizontally: rotated text is extracted letter by letter, and the marks
 * must be machine-readable too.
 */
export function Watermarks({ homologation, cancelled, preview, pageHeight, fontSize }: WatermarkProps) {
  const middle = pageHeight ? pageHeight * 0.6 : 380;
  return (
    <>
      {homologation ? (
        <Text fixed style={[danfeStyles.watermark, { color: "#b0b0b0", opacity: 0.5, top: middle }, fontSize ? { fontSize, top: "35%" } : {}]}>
          SEM VALOR FISCAL
        </Text>
      ) : null}
      {preview ? (
        <Text fixed style={[danfeStyles.watermark, { color: "#b0b0b0", opacity: 0.6, top: middle, fontSize: fontSize ?? 24 }]}>
          PRÉ-VISUALIZAÇÃO – SEM VALOR FISCAL
        </Text>
      ) : null}
      {cancelled ? (
        <Text fixed style={[danfeStyles.watermark, { color: "#d00000", opacity: 0.6, top: middle - 80 }, fontSize ? { fontSize, top: "20%" } : {}]}>
          CANCELADA
        </Text>
      ) : null}
    </>
  );
}
