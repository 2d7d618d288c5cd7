import type { DanfeData, DanfeItem } from "./danfe-data";
import { fieldTextWidths } from "./danfe-field-row-layout";
import { frameInnerWidth } from "./danfe-fields";
import { itemRowHeight } from "./danfe-nfe-items-layout";
import { LINE_BREAK_EM, wrapLines } from "./text-width";

// The DANFE's sheets are laid out here, not by react-pdf's pagination: every
// sheet is a fixed A4 page (MOC 7.0, 7.6.3: A4 portrait, Anexo II, or
// landscape, Anexo IV) whose items are chosen in advance from measured line
// counts, so "FOLHA n/m" is known before rendering and each page is laid out
// once (react-pdf's splitting laid a page out two or three times).

export type DanfeOrientation = "portrait" | "landscape";

export type DanfeGeometry = {
  orientation: DanfeOrientation;
  pageWidth: number;
  pageHeight: number;
  margin: number;
  contentWidth: number;
  contentHeight: number;
  /** Landscape: the canhoto's strip along the left edge of the first sheet (and the gap after it); 0 in portrait. */
  stubStrip: number;
  /** The canhoto prints (a company may switch it off, docs/api-notes/branding.md). */
  receiptStub: boolean;
};

/** The company's footer message at the foot of every sheet: up to two lines of 6 pt. */
export const FOOTER_HEIGHT = 16;


/** Landscape's canhoto strip: 44 pt wide, 4 pt from the blocks. */
export const LANDSCAPE_STUB_WIDTH = 44;
const LANDSCAPE_STUB_GAP = 4;

const A4_SHORT = 595.28;
const A4_LONG = 841.89;
const MARGIN = 14;

/** The sheet's geometry; without the canhoto the first sheet's header is a later sheet's, a footer message takes its height off every sheet. */
export function danfeGeometry(orientation: DanfeOrientation, options: { receiptStub?: boolean; footer?: boolean } = {}): DanfeGeometry {
  const receiptStub = options.receiptStub ?? true;
  const [pageWidth, pageHeight] = orientation === "portrait" ? [A4_SHORT, A4_LONG] : [A4_LONG, A4_SHORT];
  const stubStrip = orientation === "landscape" && receiptStub ? LANDSCAPE_STUB_WIDTH + LANDSCAPE_STUB_GAP : 0;
  const contentHeight = pageHeight - 2 * MARGIN - (options.footer ? FOOTER_HEIGHT : 0);
  return { orientation, pageWidth, pageHeight, margin: MARGIN, contentWidth: pageWidth - 2 * MARGIN, contentHeight, stubStrip, receiptStub };
}

/** The first sheet's blocks: narrower by the landscape canhoto's strip. */
export const firstSheetGeometry = (geometry: DanfeGeometry): DanfeGeometry => ({ ...geometry, contentWidth: geometry.contentWidth - geometry.stubStrip });

// Heights of the blocks around the items (points), measured on rendered
// pages (render-danfe.test.ts checks every sheet stays one A4 page with
// the longest texts the layout allows) and rounded up.
const STUB_AND_HEADER = 180;
const HEADER_ONLY = 134;
const RECIPIENT_TAX_TRANSPORT = 197;
const ITEMS_TITLE_AND_HEADER = 25;
const INVOICE_TITLE = 10;
const INVOICE_ROW = 20.5;
const INSTALLMENT_ROW = 29.5;
const ADDITIONAL_INFO_BASE = 82;
/** Lines of "informações complementares" the block holds at its minimum height. */
const ADDITIONAL_INFO_FREE_LINES = 7;
const ADDITIONAL_INFO_LINE = 8.3;
export const ADDITIONAL_INFO_FONT_SIZE = 7.5;
/** At most this many lines of additional data on the first sheet (fewer when the sheet has no room); the rest continues after the items of the last one. */
const ADDITIONAL_INFO_FIRST_SHEET_LINES = 24;
/** Room kept for items on the first sheet when the additional data is long (three one-line rows). */
const FIRST_SHEET_ITEMS_ROOM = 27;
/** The continuation block: title, caption and padding around its lines. */
const CONTINUATION_CHROME = 24;
/** A second field in the continuation block ("reserved ao fisco" under "informações complementares"): its caption and padding. */
const CONTINUATION_SECOND_FIELD = 12;
/** Reserved against rounding in the estimates (a row's worth of slack). */
const SAFETY = 6;

export type DanfeSheet = {
  items: DanfeItem[];
  first: boolean;
  number: number;
  total: number;
  /** The lines of "informações complementares" this sheet prints: at the foot of the first, continued after the items on later ones. */
  additionalInfo: string[];
  /** The lines of "reservado ao fisco" (infAdFisco), placed the same way. */
  fiscoInfo: string[];
};

/** "Informações complementares" takes two thirds of the row, "reservado ao fisco" one; a continuation the whole width. */
// These lines are joined with "\n" and laid out again by react-pdf, where each one also carries its
// line break: wrapped to the field's text width less that break (and half a point against rounding),
// react-pdf keeps them as they are. The two fields share the row 2:1 (danfe-nfe-blocks.tsx); a continuation is one field.
const reactPdfLineWidth = (textWidth: number) => textWidth - LINE_BREAK_EM * ADDITIONAL_INFO_FONT_SIZE - 0.5;
const additionalFieldWidths = (geometry: DanfeGeometry) => fieldTextWidths([{ flex: 2 }, { flex: 1 }], frameInnerWidth(geometry.contentWidth));
const additionalInfoWidth = (geometry: DanfeGeometry, continued: boolean) =>
  reactPdfLineWidth(continued ? fieldTextWidths([{}], frameInnerWidth(geometry.contentWidth))[0]! : additionalFieldWidths(geometry)[0]!);
const fiscoInfoWidth = (geometry: DanfeGeometry) => reactPdfLineWidth(additionalFieldWidths(geometry)[1]!);

/** The block's height for its taller column (both print a line more when they continue). */
const additionalInfoHeight = (lines: number) => ADDITIONAL_INFO_BASE + Math.max(0, lines - ADDITIONAL_INFO_FREE_LINES) * ADDITIONAL_INFO_LINE;

/**
 * A text's share of the first sheet (at most `limit` lines; when it
 * continues, the last one gives way to "(CONTINUA NAS FOLHAS SEGUINTES)")
 * and the rest rewrapped at the full width of the continuation block.
 */
function splitFirstSheet(lines: string[], limit: number, geometry: DanfeGeometry): { first: string[]; rest: string[] } {
  if (lines.length <= limit) return { first: lines, rest: [] };
  const first = lines.slice(0, limit - 1);
  return { first, rest: wrapLines(lines.slice(first.length).join(" "), additionalInfoWidth(geometry, true), ADDITIONAL_INFO_FONT_SIZE) };
}

/** Installments side by side in the invoice block: boxes of about 90 pt. */
export const installmentsPerRow = (geometry: DanfeGeometry) => Math.floor(geometry.contentWidth / 90);

function invoiceHeight(data: DanfeData, geometry: DanfeGeometry): number {
  if (data.installments.length === 0 && !data.invoice) return 0;
  const perRow = installmentsPerRow(geometry);
  const rows = Math.ceil(data.installments.length / perRow);
  return INVOICE_TITLE + (data.invoice ? INVOICE_ROW : 0) + rows * INSTALLMENT_ROW;
}

/**
 * The sheets of a DANFE: the first carries the canhoto and every block
 * (recipient, invoice, taxes, transport, items, additional data); later
 * sheets repeat the issuer/DANFE header (quadro de identificação, with the
 * key and protocol) and continue the items (MOC 7.0, 7.9: "FOLHA n/m").
 */
export function paginateDanfe(data: DanfeData, geometry: DanfeGeometry): DanfeSheet[] {
  const first = firstSheetGeometry(geometry);
  // Long additional data (infCpl takes up to 5,000 characters, infAdFisco 2,000) keeps its first lines on
  // sheet 1 and continues, at the full width, after the items of the last sheet (MOC: "continuação" of the block).
  const infoLines = data.additionalInfo ? wrapLines(data.additionalInfo, additionalInfoWidth(first, false), ADDITIONAL_INFO_FONT_SIZE) : [];
  const fiscoLines = data.fiscoInfo ? wrapLines(data.fiscoInfo, fiscoInfoWidth(first), ADDITIONAL_INFO_FONT_SIZE) : [];
  // In landscape the canhoto runs down the side, not above the header.
  const stubAndHeader = geometry.stubStrip > 0 || !geometry.receiptStub ? HEADER_ONLY : STUB_AND_HEADER;
  const firstFixed = geometry.contentHeight - stubAndHeader - RECIPIENT_TAX_TRANSPORT - ITEMS_TITLE_AND_HEADER - invoiceHeight(data, first) - SAFETY;
  const spareLines = Math.max(0, Math.floor((firstFixed - ADDITIONAL_INFO_BASE - FIRST_SHEET_ITEMS_ROOM) / ADDITIONAL_INFO_LINE));
  const firstSheetLines = Math.min(ADDITIONAL_INFO_FIRST_SHEET_LINES, ADDITIONAL_INFO_FREE_LINES + spareLines);
  const info = splitFirstSheet(infoLines, firstSheetLines, geometry);
  const fisco = splitFirstSheet(fiscoLines, firstSheetLines, geometry);
  const printedLines = (part: { first: string[]; rest: string[] }) => part.first.length + (part.rest.length > 0 ? 1 : 0);
  const firstCapacity = firstFixed - additionalInfoHeight(Math.max(printedLines(info), printedLines(fisco)));
  const laterCapacity = geometry.contentHeight - HEADER_ONLY - ITEMS_TITLE_AND_HEADER - SAFETY;
  const sheets: Array<{ items: DanfeItem[]; additionalInfo: string[]; fiscoInfo: string[] }> = [{ items: [], additionalInfo: info.first, fiscoInfo: fisco.first }];
  let room = firstCapacity;
  for (const item of data.items) {
    const height = itemRowHeight(item, sheets.length === 1 ? first : geometry);
    const current = sheets[sheets.length - 1]!;
    // A later sheet takes at least one item; the first may have no room left for any.
    if (height > room && (current.items.length > 0 || sheets.length === 1)) {
      sheets.push({ items: [item], additionalInfo: [], fiscoInfo: [] });
      room = laterCapacity - itemRowHeight(item, geometry);
    } else {
      current.items.push(item);
      room -= height;
    }
  }
  let pendingInfo = info.rest;
  let pendingFisco = fisco.rest;
  while (pendingInfo.length + pendingFisco.length > 0) {
    let lines = Math.floor((room - CONTINUATION_CHROME) / ADDITIONAL_INFO_LINE);
    if (lines < 3 || sheets.length === 1) {
      // Sheet 1 already carries its share: the continuation starts on a sheet of its own.
      sheets.push({ items: [], additionalInfo: [], fiscoInfo: [] });
      room = laterCapacity;
      continue;
    }
    const sheet = sheets[sheets.length - 1]!;
    sheet.additionalInfo = pendingInfo.slice(0, lines);
    pendingInfo = pendingInfo.slice(lines);
    lines -= sheet.additionalInfo.length;
    // "Reservado ao fisco" follows in its own field, below the complementary data when both continue here.
    if (sheet.additionalInfo.length > 0) lines -= Math.ceil(CONTINUATION_SECOND_FIELD / ADDITIONAL_INFO_LINE);
    if (lines > 0) {
      sheet.fiscoInfo = pendingFisco.slice(0, lines);
      pendingFisco = pendingFisco.slice(lines);
    }
    room = 0;
  }
  return sheets.map((sheet, index) => ({ ...sheet, first: index === 0, number: index + 1, total: sheets.length }));
}
