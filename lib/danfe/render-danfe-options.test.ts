import { describe, expect, it } from "vitest";
import { parseAuthorizedXml } from "./parse-authorized-xml";
import { renderDanfe } from "./render-danfe";
import { exampleNfce, exampleNfe, nfeWithItems, pageSizes, pdfText, savePng } from "./testing/pdf-tools";

// The company's DANFE options (docs/api-notes/branding.md), read back with pdftotext: the canhoto
// switched off leaves none of its text; the footer message prints on every sheet and on the roll,
// and neither changes the sheets' A4 size (the pagination keeps the footer's height).

const nfe = exampleNfe();
const CANHOTO_TEXT = /RECEBEMOS DE|Data de recebimento|assinatura do recebedor/i;
const FOOTER = "Obrigado pela preferência! Trocas em até 30 dias com a nota. SAC 0800 000 0000";
const flat = (text: string) => text.replace(/\s+/g, " ");

describe("DANFE options: canhoto and footer message", () => {
  it("prints the canhoto by default and none of it when switched off, in portrait and landscape", async () => {
    expect(pdfText(await renderDanfe(nfe))).toMatch(CANHOTO_TEXT);
    for (const orientation of ["portrait", "landscape"] as const) {
      const pdf = await renderDanfe(nfe, { receiptStub: false, orientation });
      savePng(pdf, `nfe-no-canhoto-${orientation}`);
      expect(pageSizes(pdf)).toEqual([orientation === "portrait" ? [595.28, 841.89] : [841.89, 595.28]]);
      const text = pdfText(pdf);
      expect(text).not.toMatch(CANHOTO_TEXT);
      expect(text).toContain("DANFE");
      // The issuer's box is narrower since the key's barcode is 11.5 cm wide: its name may wrap.
      expect(text.replace(/\s+/g, " ")).toContain("UMA RAZAO SOCIAL DE TESTE QUALQUER");
    }
  });

  it("prints the footer message at the foot of every sheet of a long NF-e, each sheet still A4", async () => {
    const single = await renderDanfe(nfe, { footerMessage: FOOTER });
    expect(flat(pdfText(single))).toContain(FOOTER);
    expect(flat(pdfText(await renderDanfe(nfe)))).not.toContain("Obrigado pela preferência");

    const many = nfeWithItems(nfe, 90, (i) => ({ description: `ITEM NUMERO ${i + 1}` }));
    const pdf = await renderDanfe(many, { footerMessage: FOOTER, receiptStub: false });
    savePng(pdf, "nfe-footer-90-items");
    const sizes = pageSizes(pdf);
    expect(sizes.length).toBeGreaterThan(1);
    for (const size of sizes) expect(size).toEqual([595.28, 841.89]);
    for (let page = 1; page <= sizes.length; page += 1) expect(flat(pdfText(pdf, page))).toContain(FOOTER);
    // Every item is still printed once: the footer took its height from the items' room, not from an item.
    const text = flat(pdfText(pdf));
    for (const index of [1, 45, 90]) expect(text).toContain(`ITEM NUMERO ${index} `);
  });

  it("prints the longest footer (200 characters) whole on both DANFE orientations", async () => {
    const longest = `${"Mensagem longa de rodapé com bastante texto ".repeat(5)}`.slice(0, 199) + "X";
    expect(longest).toHaveLength(200);
    for (const orientation of ["portrait", "landscape"] as const) {
      const text = flat(pdfText(await renderDanfe(nfe, { footerMessage: longest, orientation })));
      expect(text).toContain(longest.slice(-60).trim());
      expect(text).toContain(longest.slice(0, 40));
    }
  });

  it("prints the footer message at the end of the DANFE NFC-e on both roll widths", async () => {
    const nfce = exampleNfce();
    expect(parseAuthorizedXml(nfce).model).toBe("65");
    for (const width of [80, 58] as const) {
      const pdf = await renderDanfe(nfce, { footerMessage: FOOTER, width });
      savePng(pdf, `nfce-footer-${width}mm`);
      const text = flat(pdfText(pdf));
      expect(text).toContain("Obrigado pela preferência!");
      expect(text).toContain("SAC 0800 000 0000");
      // After everything else: the roll's last words.
      expect(text.trim().endsWith("SAC 0800 000 0000")).toBe(true);
    }
  });

  it("prints the DANFE NFC-e summary layout (resumido) without division II, totals and QR code kept, on both roll widths", async () => {
    const nfce = exampleNfce();
    const itemCount = parseAuthorizedXml(nfce).items.length;
    for (const width of [80, 58] as const) {
      const complete = flat(pdfText(await renderDanfe(nfce, { width })));
      const pdf = await renderDanfe(nfce, { width, nfceSummary: true });
      savePng(pdf, `nfce-summary-${width}mm`);
      const summary = flat(pdfText(pdf));
      expect(complete).toContain("Código Descrição");
      expect(complete).toContain("Abraçadeira de testea com o nome bem grande");
      expect(summary).not.toContain("Código Descrição");
      expect(summary).not.toContain("Abraçadeira");
      // Division III still counts the items and carries the totals; IV to IX as on the complete one.
      // The right-aligned count is read apart from its label by pdftotext.
      expect(summary).toContain("Qtde. total de itens");
      expect(summary).toMatch(new RegExp(`Qtde\\. total de itens.*\\b${itemCount}\\b`));
      expect(summary).toContain("Valor a pagar R$");
      expect(summary).toContain("Consulte pela Chave de Acesso em");
      expect(summary).toContain("Tributos totais incidentes");
      expect(summary.length).toBeLessThan(complete.length);
    }
  });
});
