import { Canvas } from "@react-pdf/renderer";
import { drawBoxLine, type TextPainter } from "./canvas-text";
import { FIELD_PADDING_X, fieldRowLayout, type FieldRowLayout, type RowField } from "./danfe-field-row-layout";

// A row of boxed fields drawn as one canvas inside a frame (danfe-fields.tsx):
// white boxes over the frame's black, which shows between them as the lines.
// One canvas instead of a react-pdf text layout per field: the fields were
// about half of a one-page DANFE's render time.

function paintFieldRow(painter: TextPainter, row: FieldRowLayout) {
  for (const box of row.boxes) painter.rect(box.x, 0, box.width, row.height);
  painter.fill("#fff").fillColor("#000");
  for (const box of row.boxes) {
    for (const line of box.lines) drawBoxLine(painter, line.text, { box, paddingX: FIELD_PADDING_X, top: line.top, font: line.font, size: line.size, align: line.align });
  }
  return null;
}

/** The fields side by side in a row `width` wide (the frame's inner width). */
export function FieldRow({ fields, width }: { fields: RowField[]; width: number }) {
  const row = fieldRowLayout(fields, width);
  return <Canvas style={{ width, height: row.height }} paint={(painter) => paintFieldRow(painter as unknown as TextPainter, row)} />;
}

/** Rows of fields one under the other in a frame (its rowGap draws the lines between them). */
export function FieldRows({ rows, width }: { rows: RowField[][]; width: number }) {
  return (
    <>
      {rows.map((fields, index) => (
        <FieldRow key={index} fields={fields} width={width} />
      ))}
    </>
  );
}
