import ReceiptPrinterEncoder from "@point-of-sale/receipt-printer-encoder";
import type { DanfeData } from "./danfe-data";
import type { NfceRollWidth } from "./danfe-nfce-document";
import { formatAccessKey, formatMoney, formatQuantity } from "./format";
import { nfceReceipt, type ReceiptLine } from "./nfce-receipt";

// The DANFE NFC-e as ESC/POS commands for a thermal printer, with the same
// divisions and text as the PDF roll (nfce-receipt.ts). Font A gives 48
// columns on an 80 mm roll (576 dots) and 32 on 58 mm (384 dots); the QR code
// is the printer's own (GS ( k, model 2, level M as SEFAZ's readers expect),
// not an image, so it prints sharp at the printer's resolution.

const COLUMNS: Record<NfceRollWidth, number> = { 80: 48, 58: 32 };
// Module size of the native QR (dots): the NFC-e QR of ~100-180 characters
// comes out about 30 mm wide at 5 on 80 mm and 25 mm at 4 on 58 mm.
const QR_SIZE: Record<NfceRollWidth, number> = { 80: 5, 58: 4 };

// Printable dots per line (203 dpi heads): 576 on 80 mm, 384 on 58 mm.
const DOTS: Record<NfceRollWidth, number> = { 80: 576, 58: 384 };
// The logo as on the PDF roll (danfe-nfce-document.tsx): at most 40 % of the width and 50 pt (141 dots at 203 dpi) tall.
const LOGO_MAX_HEIGHT_DOTS = 141;

/** A logo's pixels (lib/branding/logo-pixels.ts): RGBA rows, alpha printed over white paper. */
export type EscposLogo = { width: number; height: number; data: Uint8ClampedArray };

export type EscposOptions = {
  width?: NfceRollWidth;
  cancelled?: boolean;
  /** The summary layout: no division II (nfce-receipt.ts). */
  summary?: boolean;
  /** The company's logo, printed as a raster image on top of division I (Manual do DANFE NFC-e, Divisão I: logotipo optional). */
  logo?: EscposLogo;
  /** The company's message, the roll's last line after a rule, as on the PDF roll (docs/api-notes/branding.md). */
  footerMessage?: string;
};

export function renderNfceEscpos(data: DanfeData, options: EscposOptions = {}): Buffer {
  const width = options.width ?? 80;
  const columns = COLUMNS[width];
  const receipt = nfceReceipt(data, { cancelled: options.cancelled, summary: options.summary });
  // cp860 is the Portuguese code page (ç, ã, õ, ê); "strict" would throw on a character outside it.
  const encoder = new ReceiptPrinterEncoder({ language: "esc-pos", columns, errors: "relaxed" }).initialize().codepage("cp860");
  // Label left, value right on one line of the roll (the value never cut).
  const pair = (lines: ReceiptLine[]) => {
    for (const line of lines) encoder.bold(line.bold ?? false).line(spread(line.label, line.value, columns));
    encoder.bold(false);
  };

  // I: the logo, issuer and title.
  encoder.align("center");
  if (options.logo) {
    const size = logoDots(options.logo, Math.floor(DOTS[width] * 0.4), LOGO_MAX_HEIGHT_DOTS);
    // Dithered (Atkinson): a logo's greys and anti-aliased edges print as dot patterns, not as black blocks.
    // Raster (GS v 0): one command for the whole logo, which ESC/POS thermal printers print centred with ESC a 1.
    encoder.image(options.logo, { ...size, algorithm: "atkinson", mode: "raster" }).newline();
  }
  encoder.bold(true).line(receipt.issuer.name).bold(false);
  for (const line of receipt.issuer.lines) encoder.line(line);
  encoder.rule().bold(true).line(receipt.title).bold(false).rule();

  // II: the items (none on the summary layout).
  encoder.align("left");
  if (!receipt.summary) printItems();

  // III: totals, payments and change.
  pair(receipt.totals);
  encoder.bold(true).line(spread("FORMA DE PAGAMENTO", "VALOR PAGO R$", columns)).bold(false);
  pair(receipt.payments);
  encoder.rule();

  // IV and V: fiscal messages, consultation URL and key.
  encoder.align("center");
  for (const message of receipt.fiscalMessages) encoder.bold(true).line(message).bold(false);
  if (receipt.consultation) {
    encoder.bold(true).line("Consulte pela Chave de Acesso em").bold(false);
    encoder.line(receipt.consultation.url);
    encoder.line(formatAccessKey(receipt.consultation.accessKey));
  }
  encoder.rule();

  // VI: consumer. VII: identification and protocol.
  encoder.bold(true).line(receipt.consumer.title).bold(false);
  for (const line of receipt.consumer.lines) encoder.line(line);
  encoder.rule();
  receipt.identification.forEach((line, index) => encoder.bold(index === 0).line(line));
  encoder.bold(false);

  // VIII: the QR code, by the printer's native command. IX: the taxpayer's messages.
  if (receipt.qrCode) encoder.newline().qrcode(receipt.qrCode, { model: 2, size: QR_SIZE[width], errorlevel: "m" }).newline();
  for (const line of receipt.taxpayerMessages) encoder.line(line);
  if (options.footerMessage) encoder.rule().line(options.footerMessage);
  return Buffer.from(encoder.newline(2).cut("partial").encode());

  /** Division II: a header, then per item "code description" and quantity, unit, unit and total values. */
  function printItems() {
    // Quantity and unit left, unit and total values right; on a narrow roll, when they do not share a line, the values go below.
    const valueWidth = columns >= 48 ? 12 : 10;
    const itemLines = (quantity: string, unit: string, unitValue: string, total: string) => {
      const left = `${quantity} ${unit.slice(0, 6)}`;
      const right = `${unitValue.padStart(valueWidth)} ${total.padStart(valueWidth)}`;
      return left.length + 1 + right.length <= columns ? [spread(left, right, columns)] : [left, right.padStart(columns)];
    };
    encoder.bold(true).line("Código Descrição");
    for (const line of itemLines("Qtde", "UN", "Vl.Unit.", "Vl.Total")) encoder.line(line);
    encoder.bold(false);
    for (const item of receipt.items) {
      encoder.line(`${item.code} ${item.description}`);
      for (const line of itemLines(formatQuantity(item.quantity), item.unit, formatMoney(item.unitValue), formatMoney(item.totalValue))) encoder.line(line);
    }
    encoder.rule();
  }
}

/** The logo's printed size in dots inside maxWidth × maxHeight, proportions kept (the encoder pads it to whole bytes). */
function logoDots(logo: Pick<EscposLogo, "width" | "height">, maxWidth: number, maxHeight: number): { width: number; height: number } {
  const scale = Math.min(maxWidth / logo.width, maxHeight / logo.height, 1);
  return { width: Math.max(8, Math.round(logo.width * scale)), height: Math.max(8, Math.round(logo.height * scale)) };
}

/** The left text and the right one on a line of `columns` characters; the left one is shortened when both do not fit. */
function spread(left: string, right: string, columns: number): string {
  const room = Math.max(0, columns - right.length - 1);
  const shown = left.length > room ? left.slice(0, room) : left;
  return `${shown}${" ".repeat(columns - shown.length - right.length)}${right}`;
}
