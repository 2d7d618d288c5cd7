import { Font, renderToBuffer, type DocumentProps } from "@react-pdf/renderer";
import { createElement, type ReactElement } from "react";
import { parseCorrectionLetter } from "./dacce-data";
import { DacceDocument } from "./dacce-document";
import { parseAuthorizedXml } from "./parse-authorized-xml";
import "./standard-font-cache";
import { loadTextMetrics } from "./text-width";

// As for the DANFE (render-danfe.ts): no hyphenation, words wrap whole.
Font.registerHyphenationCallback((word) => [word]);

/** The DACCE PDF of a registered correction letter, from its event XML and the corrected NF-e's authorized XML. */
export async function renderDacce(input: { eventXml: string; authorizedXml: string; protocol?: string | null; sequence: number }): Promise<Buffer> {
  const data = parseCorrectionLetter(input.eventXml, parseAuthorizedXml(input.authorizedXml), input);
  // The block titles are drawn with the measured metrics (danfe-fields.tsx, SectionTitle).
  await loadTextMetrics();
  return renderToBuffer(createElement(DacceDocument, { data }) as ReactElement<DocumentProps>);
}
