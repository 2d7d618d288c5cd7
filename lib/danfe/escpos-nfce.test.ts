import { describe, expect, it } from "vitest";
import { renderNfceEscpos } from "./escpos-nfce";
import { nfceReceipt } from "./nfce-receipt";
import { parseAuthorizedXml } from "./parse-authorized-xml";
import { exampleNfce } from "./testing/pdf-tools";
import { logoPixels } from "@/lib/branding/logo-pixels";
import { readFileSync } from "node:fs";

// Decodes the ESC/POS bytes the way a printer reads them: the native QR
// command's stored data (GS ( k, cn 49, fn 80), the printed text with the
// commands removed, and the cut at the end.

const GS = 0x1d;
const ESC = 0x1b;

/** The data of every "store QR code data" command (GS ( k pL pH 31 50 30 d…). */
function qrPayloads(bytes: Buffer): string[] {
  const payloads: string[] = [];
  for (let i = 0; i + 7 < bytes.length; i++) {
    if (bytes[i] === GS && bytes[i + 1] === 0x28 && bytes[i + 2] === 0x6b && bytes[i + 5] === 0x31 && bytes[i + 6] === 0x50) {
      const length = bytes[i + 3]! + bytes[i + 4]! * 256 - 3;
      payloads.push(bytes.subarray(i + 8, i + 8 + length).toString("latin1"));
    }
  }
  return payloads;
}

/** The printed lines: the QR block and the ESC/GS/FS command sequences dropped, bytes read as Latin-1 (the key and amounts are ASCII). */
function printedLines(bytes: Buffer): string[] {
  const text = bytes
    .toString("latin1")
    .replace(/\x1d\(k[\s\S]*\x1d\(k\x03\x001Q0/, "") // model, size, level, data, print
    .replace(/\x1b[@]/g, "")
    .replace(/\x1b[!-~][\x00-\xff]/g, "")
    .replace(/\x1d[VLWh!B][\x00-\xff]{1,2}/g, "")
    .replace(/\x1c[.&]/g, "");
  return text.split(/\n\r?/);
}

describe("renderNfceEscpos", () => {
  const data = parseAuthorizedXml(exampleNfce());

  for (const [width, columns] of [[80, 48], [58, 32]] as const) {
    it(`encodes the DANFE NFC-e for a ${width} mm roll: key, QR payload by the native command, lines within ${columns} columns, a cut`, () => {
      const bytes = renderNfceEscpos(data, { width });
      expect(bytes.subarray(0, 2)).toEqual(Buffer.from([ESC, 0x40])); // ESC @ initialize
      expect(qrPayloads(bytes)).toEqual([data.qrCode]);
      const lines = printedLines(bytes);
      const text = lines.join("\n");
      // The key in groups of four, possibly wrapped at a group boundary on the narrow roll.
      expect(text.replace(/\s+/g, " ")).toContain("4220 0310 8451 8000 0166 5500 1000 0016 2911 8291 0232");
      expect(text).toContain("Consulte pela Chave de Acesso em");
      // A line longer than the roll continues on the next one.
      expect(text.replace(/\n\s*/g, "")).toContain("www.sefaz.am.gov.br/nfce/consulta");
      expect(text).toContain("Protocolo de autoriza");
      expect(text).toMatch(/Valor a pagar R\$ +92,00/);
      // Every item's quantity, unit and values whole, on the narrow roll too.
      expect(text).toMatch(/1\.000,0000 UN(\n| +)\s*10\.000,00 +10\.000,00/);
      expect(text).toMatch(/Troco R\$|Dinheiro/);
      for (const line of lines) expect(line.length, line).toBeLessThanOrEqual(columns);
      // GS V: the paper is cut at the end.
      expect(bytes.includes(Buffer.from([GS, 0x56]))).toBe(true);
    });
  }

  it("prints the summary layout (resumido) without the items, with totals, key and QR code", () => {
    const complete = printedLines(renderNfceEscpos(data)).join("\n");
    const bytes = renderNfceEscpos(data, { summary: true });
    const text = printedLines(bytes).join("\n");
    expect(complete).toContain("Abra");
    expect(text).not.toMatch(/C.digo Descri/);
    expect(text).not.toContain("Abra");
    expect(text).toContain(`Qtde. total de itens`);
    expect(text).toMatch(/Valor a pagar R\$ +92,00/);
    expect(qrPayloads(bytes)).toEqual([data.qrCode]);
  });

  it("prints a PNG logo as one raster image (GS v 0) before the issuer's name, at most 40 % of the roll wide", () => {
    const logo = logoPixels(readFileSync(new URL("../branding/testing/logo-160-alpha.png", import.meta.url)))!;
    const raster = (bytes: Buffer) => {
      const at = bytes.indexOf(Buffer.from([GS, 0x76, 0x30, 0x00]));
      return at < 0 ? null : { at, widthBytes: bytes[at + 4]! + bytes[at + 5]! * 256, rows: bytes[at + 6]! + bytes[at + 7]! * 256 };
    };
    for (const [rollWidth, dots] of [[80, 576], [58, 384]] as const) {
      const bytes = renderNfceEscpos(data, { width: rollWidth, logo });
      const image = raster(bytes);
      expect(image).not.toBeNull();
      // A square logo: 40 % of the dots wide unless 141 dots tall comes first, padded to whole bytes.
      const side = Math.min(Math.round(dots * 0.4), 141);
      expect(image!.widthBytes).toBe(Math.ceil(side / 8));
      expect(image!.rows).toBe(Math.ceil(side / 8) * 8);
      // Printed dots: the logo is not blank, nor a black block.
      const dotsBytes = bytes.subarray(image!.at + 8, image!.at + 8 + image!.widthBytes * image!.rows);
      const black = [...dotsBytes].reduce((sum, byte) => sum + byte.toString(2).replace(/0/g, "").length, 0);
      expect(black).toBeGreaterThan(0.05 * side * side);
      expect(black).toBeLessThan(0.95 * side * side);
      expect(bytes.indexOf(Buffer.from(data.issuer.name, "latin1"))).toBeGreaterThan(image!.at);
      expect(qrPayloads(bytes)).toEqual([data.qrCode]);
    }
    expect(raster(renderNfceEscpos(data))).toBeNull();
  });

  it("prints a JPEG logo (jpeg-js's pixels) whose dots, read back, are the picture", () => {
    const file = readFileSync(new URL("../branding/testing/logo-240x120.jpg", import.meta.url));
    const logo = logoPixels(file)!;
    expect([logo.width, logo.height]).toEqual([240, 120]);
    // How dark a logo pixel is, 0 (white) to 1 (black).
    const ink = (x: number, y: number) => {
      const at = (y * logo.width + x) * 4;
      return 1 - (logo.data[at]! + logo.data[at + 1]! + logo.data[at + 2]!) / (3 * 255);
    };
    for (const [rollWidth, dots] of [[80, 576], [58, 384]] as const) {
      const bytes = renderNfceEscpos(data, { width: rollWidth, logo });
      const at = bytes.indexOf(Buffer.from([GS, 0x76, 0x30, 0x00]));
      expect(at).toBeGreaterThan(-1);
      const widthBytes = bytes[at + 4]! + bytes[at + 5]! * 256;
      const rows = bytes[at + 6]! + bytes[at + 7]! * 256;
      // 2:1, at most 40 % of the roll: 230 × 115 dots on 80 mm, 154 × 77 on 58 mm, padded to whole bytes.
      const width = Math.floor(dots * 0.4);
      const height = Math.round(width / 2);
      expect([widthBytes, rows]).toEqual([Math.ceil(width / 8), Math.ceil(height / 8) * 8]);
      const printed = (x: number, y: number) => ((bytes[at + 8 + y * widthBytes + (x >> 3)]! >> (7 - (x & 7))) & 1) === 1;
      // Dithering prints a grey as a share of black dots: in cells of 8 × 8 dots, the share of black dots
      // against the mean darkness of the logo pixels they were scaled from (and of the picture mirrored, which must not match).
      let error = 0, errorMirrored = 0, cells = 0;
      for (let cy = 0; cy + 8 <= height; cy += 8) {
        for (let cx = 0; cx + 8 <= width; cx += 8) {
          let dotsBlack = 0, expected = 0, mirrored = 0;
          for (let y = cy; y < cy + 8; y++) {
            for (let x = cx; x < cx + 8; x++) {
              const [sx, sy] = [Math.floor((x * logo.width) / width), Math.floor((y * logo.height) / height)];
              if (printed(x, y)) dotsBlack++;
              expected += ink(sx, sy);
              mirrored += ink(logo.width - 1 - sx, sy);
            }
          }
          error += Math.abs(dotsBlack - expected) / 64;
          errorMirrored += Math.abs(dotsBlack - mirrored) / 64;
          cells++;
        }
      }
      expect(error / cells).toBeLessThan(0.1);
      expect(errorMirrored / cells).toBeGreaterThan(0.3);
      expect(bytes.indexOf(Buffer.from(data.issuer.name, "latin1"))).toBeGreaterThan(at);
    }
  });

  it("prints the company's footer message as the roll's last text, wrapped to the roll", () => {
    const footer = "Obrigado pela preferência! Trocas em até 30 dias com a nota. SAC 0800 000 0000";
    for (const rollWidth of [80, 58] as const) {
      const lines = printedLines(renderNfceEscpos(data, { width: rollWidth, footerMessage: footer })).map((line) => line.trim()).filter(Boolean);
      const text = lines.join(" ");
      expect(text).toContain("SAC 0800 000 0000");
      expect(text.indexOf("Obrigado pela prefer")).toBeGreaterThan(text.indexOf("Tributos totais incidentes"));
      expect(lines.at(-1)).toMatch(/0800 000 0000$/);
    }
    expect(printedLines(renderNfceEscpos(data)).join(" ")).not.toContain("Obrigado");
  });

  it("prints a preview without key or QR code, marked as a preview", () => {
    const bytes = renderNfceEscpos({ ...data, preview: true, accessKey: "", number: "", protocol: undefined, qrCode: undefined });
    expect(qrPayloads(bytes)).toEqual([]);
    const text = bytes.toString("latin1");
    expect(text).not.toContain("4220 0310");
    expect(text).toContain("SEM VALOR FISCAL");
  });
});

describe("DANFE NFC-e issued offline (Manual do DANFE NFC-e: contingency messages)", () => {
  // The example NFC-e as an offline one (tpEmis 9, dhCont, xJust) not yet authorized: the bare signed <NFe>.
  const offlineXml = () => {
    const proc = exampleNfce();
    const nfe = /<NFe[\s\S]*<\/NFe>/.exec(proc)![0];
    return nfe.replace(/<tpEmis>1<\/tpEmis>/, "<tpEmis>9</tpEmis>").replace("</verProc>", "</verProc><dhCont>2026-03-10T14:00:00-03:00</dhCont><xJust>SEFAZ indisponivel (teste)</xJust>");
  };

  it("prints EMITIDA EM CONTINGÊNCIA and Pendente de autorização while not authorized, in the PDF content and the ESC/POS bytes", () => {
    const data = parseAuthorizedXml(offlineXml());
    expect(data.contingency).toEqual({ tpEmis: "9", at: "2026-03-10T14:00:00-03:00", reason: "SEFAZ indisponivel (teste)" });
    expect(data.protocol).toBeUndefined();
    expect(nfceReceipt(data).fiscalMessages).toEqual(expect.arrayContaining(["EMITIDA EM CONTINGÊNCIA", "Pendente de autorização"]));
    const lines = printedLines(renderNfceEscpos(data));
    expect(lines.some((line) => line.includes("EMITIDA EM CONTING"))).toBe(true);
    expect(lines.some((line) => line.includes("Pendente de autoriza"))).toBe(true);
  });

  it("once authorized it keeps EMITIDA EM CONTINGÊNCIA and drops Pendente de autorização; a normal NFC-e prints neither", () => {
    const authorized = { ...parseAuthorizedXml(offlineXml()), protocol: { number: "135260000000001", receivedAt: "2026-03-10T15:00:00-03:00" } };
    expect(nfceReceipt(authorized).fiscalMessages).toContain("EMITIDA EM CONTINGÊNCIA");
    expect(nfceReceipt(authorized).fiscalMessages).not.toContain("Pendente de autorização");
    const normal = nfceReceipt(parseAuthorizedXml(exampleNfce())).fiscalMessages;
    expect(normal.filter((m) => /CONTING|Pendente/.test(m))).toEqual([]);
  });
});
