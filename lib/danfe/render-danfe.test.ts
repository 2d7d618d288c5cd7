import { describe, expect, it } from "vitest";
import { danfeGeometry, paginateDanfe } from "./danfe-nfe-pages";
import { parseAuthorizedXml } from "./parse-authorized-xml";
import { renderDanfe, renderDanfeData } from "./render-danfe";
import { exampleNfce, exampleNfe, nfeWithExtras, nfeWithItems, pageSizes, pdfText, savePng, wordBoxes } from "./testing/pdf-tools";

// Renders the vendored sample documents (shared/fiscal/examples) and reads
// the PDFs back with pdfinfo and pdftotext, as a printer and a person
// copying from the DANFE would; PNG renders go to reports/danfe/ to look at.
const nfe = exampleNfe();
const nfce = exampleNfce();

const A4_PORTRAIT: [number, number] = [595.28, 841.89];
const A4_LANDSCAPE: [number, number] = [841.89, 595.28];

/** Positions of the phrases in the text, which must come in this order. */
function expectInOrder(text: string, phrases: string[]) {
  const positions = phrases.map((phrase) => {
    const at = text.indexOf(phrase);
    expect(at, `"${phrase}" is printed`).toBeGreaterThanOrEqual(0);
    return at;
  });
  expect(positions).toEqual([...positions].sort((a, b) => a - b));
}

/**
 * Lines printed in "informações complementares" on sheet 1: react-pdf must keep
 * the lines as the pagination wrapped them (a line wrapped again pushes the
 * block down, off the sheet).
 */
function complementaryLinesOnSheet1(pdf: Buffer): number {
  const words = wordBoxes(pdf, 1);
  const caption = words.find((w) => w.text === "COMPLEMENTARES")!;
  const fisco = words.find((w) => w.text === "RESERVADO" && w.yMin === caption.yMin)!;
  // Between the two captions, under them (in landscape the canhoto runs down the left edge).
  return new Set(words.filter((w) => w.yMin > caption.yMax && w.xMin >= caption.xMin - 1 && w.xMax < fisco.xMin).map((w) => Math.round(w.yMin))).size;
}

const LONG = "PRODUTO COM UMA DESCRICAO BEM MAIS LONGA QUE O NORMAL PARA QUEBRAR EM VARIAS LINHAS NA TABELA DE ITENS DO DANFE";

describe("renderDanfe (NF-e)", () => {
  it("prints a one-page NF-e on a full A4 portrait page, blocks in the MOC's order", async () => {
    const pdf = await renderDanfe(nfe);
    savePng(pdf, "nfe-portrait");
    expect(pageSizes(pdf)).toEqual([A4_PORTRAIT]);
    const out = pdfText(pdf);
    expectInOrder(out, [
      "RECEBEMOS DE UMA RAZAO SOCIAL DE TESTE QUALQUER",
      "DANFE",
      "4318 0906 9293 8300 0163 5500 1000 0000 2610 0001 0301",
      "FOLHA 1/1",
      "NATUREZA DA OPERAÇÃO",
      "DESTINATÁRIO / REMETENTE",
      "FATURA / DUPLICATAS",
      "CÁLCULO DO IMPOSTO",
      "TRANSPORTADOR / VOLUMES TRANSPORTADOS",
      "DADOS DOS PRODUTOS / SERVIÇOS",
      "UM PRODUTO TESTE QUALQUER",
      "DADOS ADICIONAIS",
    ]);
    expect(out).toContain("06.929.383/0001-63");
    expect(out).toContain("143180006932433 - 25/09/2018 16:21:05");
    expect(out).toContain("Nº 000.000.026");
    expect(out).toContain("9 - Sem Ocorrência de Transporte");
    expect(out).toMatch(/^SEM VALOR FISCAL$/m);
    expect(out).not.toContain("CANCELADA");
    expect(pdfText(await renderDanfe(nfe, { cancelled: true }))).toMatch(/^CANCELADA$/m);
  });

  it("prints no watermark in production and no invoice block without billing", async () => {
    const production = nfe.replace("<tpAmb>2</tpAmb>", "<tpAmb>1</tpAmb>").replace(/<cobr>[\s\S]*<\/cobr>/, "");
    const out = pdfText(await renderDanfe(production));
    expect(out).not.toMatch(/^SEM VALOR FISCAL$/m);
    expect(out).not.toContain("FATURA / DUPLICATAS");
  });

  it("continues the items on further A4 sheets with the header and FOLHA n/m repeated, every item once and in order", async () => {
    const many = nfeWithItems(nfe, 120, (i) => ({ description: i % 5 === 2 ? `${LONG} ${i + 1}` : `ITEM NUMERO ${i + 1}` }));
    const pdf = await renderDanfe(many);
    savePng(pdf, "nfe-120-items");
    const sizes = pageSizes(pdf);
    expect(sizes.length).toBeGreaterThanOrEqual(3);
    for (const size of sizes) expect(size).toEqual(A4_PORTRAIT);
    for (let page = 1; page <= sizes.length; page++) {
      const text = pdfText(pdf, page);
      expect(text).toContain(`FOLHA ${page}/${sizes.length}`);
      expect(text).toContain("4318 0906 9293 8300 0163 5500 1000 0000 2610 0001 0301");
      expect(text).toContain("PROTOCOLO DE AUTORIZAÇÃO DE USO");
      expect(text).toContain("DESCRIÇÃO DO PRODUTO / SERVIÇO");
      // The canhoto and the totals are printed once, on the first sheet.
      expect(text.includes("RECEBEMOS DE"), `canhoto on sheet ${page}`).toBe(page === 1);
      expect(text.includes("CÁLCULO DO IMPOSTO"), `taxes on sheet ${page}`).toBe(page === 1);
    }
    const codes = [...pdfText(pdf).matchAll(/^P(\d+)$/gm)].map((m) => Number(m[1]));
    expect(codes).toEqual(Array.from({ length: 120 }, (_, i) => i + 1));
  });

  it("keeps every sheet one A4 page with long codes, descriptions, additional data and installments, in both orientations", async () => {
    const dense = nfeWithExtras(
      nfeWithItems(nfe, 45, (i) => ({ description: `${LONG} ${LONG.slice(0, (i * 7) % 80)}`, code: i % 3 === 0 ? `CODIGO-MUITO-LONGO-${i}-ABCDEFGHIJ` : `P${i + 1}` })),
      { additionalInfo: "Informação complementar de interesse do contribuinte. ".repeat(14), installments: 12 },
    );
    for (const [orientation, size] of [["portrait", A4_PORTRAIT], ["landscape", A4_LANDSCAPE]] as const) {
      const pdf = await renderDanfe(dense, { orientation });
      savePng(pdf, `nfe-dense-${orientation}`);
      const sheets = paginateDanfe(parseAuthorizedXml(dense), danfeGeometry(orientation));
      const continues = sheets.some((sheet, index) => index > 0 && sheet.additionalInfo.length > 0);
      expect(complementaryLinesOnSheet1(pdf)).toBe(sheets[0]!.additionalInfo.length + (continues ? 1 : 0));
      const sizes = pageSizes(pdf);
      expect(sizes.length).toBeGreaterThan(1);
      for (const pageSize of sizes) expect(pageSize).toEqual(size);
      expect(pdfText(pdf, sizes.length)).toContain(`FOLHA ${sizes.length}/${sizes.length}`);
    }
  });

  it("continues additional data of 5,000 characters after the items of later sheets, every sheet A4", async () => {
    const words = Array.from({ length: 700 }, (_, i) => `termo${i + 1}`);
    const infCpl = words.join(" ").slice(0, 5000);
    const xml = nfeWithExtras(nfeWithItems(nfe, 30, (i) => ({ description: `ITEM NUMERO ${i + 1}` })), { additionalInfo: infCpl });
    for (const [orientation, size] of [["portrait", A4_PORTRAIT], ["landscape", A4_LANDSCAPE]] as const) {
      const pdf = await renderDanfe(xml, { orientation });
      savePng(pdf, `nfe-long-infcpl-${orientation}`);
      const sizes = pageSizes(pdf);
      for (const pageSize of sizes) expect(pageSize).toEqual(size);
      const text = pdfText(pdf);
      expect(text).toContain("(CONTINUA NAS FOLHAS SEGUINTES)");
      expect(text).toContain("DADOS ADICIONAIS (CONTINUAÇÃO)");
      // Every word once, in order, across the sheets.
      const printed = [...text.matchAll(/termo(\d+)/g)].map((m) => Number(m[1]));
      const expected = infCpl.split(" ").flatMap((w) => (/^termo\d+$/.test(w) ? [Number(w.slice(5))] : []));
      expect(printed).toEqual(expected);
    }
  });

  it("continues a long infAdFisco on later sheets like infCpl, each in its own field, every sheet A4", async () => {
    const numbered = (prefix: string, count: number, limit: number) =>
      Array.from({ length: count }, (_, i) => `${prefix}${i + 1}`)
        .join(" ")
        .slice(0, limit)
        .replace(/ \S*$/, "");
    const fisco = numbered("fisco", 300, 2000);
    const complementary = numbered("termo", 400, 3000);
    const expectAllInOrder = (text: string, prefix: string, source: string) =>
      expect([...text.matchAll(new RegExp(`${prefix}(\\d+)`, "g"))].map((m) => Number(m[1]))).toEqual(source.split(" ").map((w) => Number(w.slice(prefix.length))));
    for (const [orientation, size] of [["portrait", A4_PORTRAIT], ["landscape", A4_LANDSCAPE]] as const) {
      for (const extras of [{ fiscoInfo: fisco }, { fiscoInfo: fisco, additionalInfo: complementary }]) {
        const xml = nfeWithExtras(nfeWithItems(nfe, 20, (i) => ({ description: `ITEM NUMERO ${i + 1}` })), extras);
        const pdf = await renderDanfe(xml, { orientation });
        savePng(pdf, `nfe-long-fisco-${orientation}${extras.additionalInfo ? "-both" : ""}`);
        const sizes = pageSizes(pdf);
        expect(sizes.length).toBeGreaterThan(1);
        for (const pageSize of sizes) expect(pageSize).toEqual(size);
        const first = pdfText(pdf, 1);
        // Sheet 1 ends the fisco's share with the note; the rest follows under its own caption.
        expect(first).toContain("RESERVADO AO FISCO");
        expect(first).toContain("(CONTINUA NAS FOLHAS SEGUINTES)");
        const later = Array.from({ length: sizes.length - 1 }, (_, i) => pdfText(pdf, i + 2)).join("\n");
        expect(later).toContain("DADOS ADICIONAIS (CONTINUAÇÃO)");
        expect(later).toContain("RESERVADO AO FISCO");
        // react-pdf keeps the lines as wrapped for the pagination (a line wrapped again would push the block off the sheet).
        const sheet1 = paginateDanfe(parseAuthorizedXml(xml), danfeGeometry(orientation))[0]!;
        const lines = (prefix: string) => new Set(wordBoxes(pdf, 1).filter((w) => w.text.startsWith(prefix)).map((w) => Math.round(w.yMin))).size;
        expect(lines("fisco")).toBe(sheet1.fiscoInfo.length);
        if (extras.additionalInfo) expect(lines("termo")).toBe(sheet1.additionalInfo.length);
        const text = pdfText(pdf);
        expectAllInOrder(text, "fisco", fisco);
        if (extras.additionalInfo) expectAllInOrder(text, "termo", complementary);
      }
    }
  });

  it("prints on A4 landscape when asked", async () => {
    // Production (no watermark): the big homologation mark across the blocks scrambles pdftotext's reading order.
    const pdf = await renderDanfe(nfe.replace("<tpAmb>2</tpAmb>", "<tpAmb>1</tpAmb>"), { orientation: "landscape" });
    savePng(pdf, "nfe-landscape");
    expect(pageSizes(pdf)).toEqual([A4_LANDSCAPE]);
    // Anexo IV: the canhoto runs down the left edge (its text rotated), the blocks beside it in the portrait order.
    const stub = pdfText(pdf, 1, { x: 0, y: 0, width: 60, height: 596 }).replace(/\s+/g, " ");
    expect(stub).toContain("RECEBEMOS DE UMA RAZAO SOCIAL DE TESTE QUALQUER");
    expect(stub).toContain("Nº 000.000.026");
    const blocks = pdfText(pdf, 1, { x: 60, y: 0, width: 782, height: 596 });
    expect(blocks).not.toContain("RECEBEMOS DE");
    expectInOrder(blocks, ["DANFE", "FOLHA 1/1", "DESTINATÁRIO / REMETENTE", "CÁLCULO DO IMPOSTO", "DADOS DOS PRODUTOS / SERVIÇOS", "UM PRODUTO TESTE QUALQUER", "DADOS ADICIONAIS"]);
  });

  it("prints the ICMS shared between the states of an interstate sale to a final consumer (NT 2015.003), and only then", async () => {
    const difal = nfe
      .replace("<vFCPUFDest>0.00</vFCPUFDest>", "<vFCPUFDest>10.00</vFCPUFDest>")
      .replace("<vICMSUFDest>0.00</vICMSUFDest>", "<vICMSUFDest>35.00</vICMSUFDest>")
      .replace("<vICMSUFRemet>0.00</vICMSUFRemet>", "<vICMSUFRemet>1234.00</vICMSUFRemet>");
    const pdf = await renderDanfe(difal);
    savePng(pdf, "nfe-difal");
    expect(pageSizes(pdf)).toEqual([A4_PORTRAIT]);
    // pdftotext reads the grid column by column: each caption and the value in its box are read from the box's area.
    const words = wordBoxes(pdf);
    // Each caption's first word ("V.") starts 2 pt into its box: some 70 pt wide in the first row (8 boxes), 80 in the second (7).
    const captions = words
      .filter((w, i) => w.text === "V." && words[i + 2]?.text === "UF" && ["REMET.", "DEST."].includes(words[i + 3]?.text ?? ""))
      .sort((a, b) => a.yMin - b.yMin || a.xMin - b.xMin);
    expect(captions).toHaveLength(3);
    const boxTexts = captions.map((c) =>
      pdfText(pdf, 1, { x: Math.floor(c.xMin - 1), y: Math.floor(c.yMin - 1), width: c.yMin > captions[0]!.yMin ? 79 : 69, height: 16 }).replace(/\s+/g, " ").trim(),
    );
    expect(boxTexts).toEqual(["V. ICMS UF REMET. 1.234,00", "V. FCP UF DEST. 10,00", "V. ICMS UF DEST. 35,00"]);
    // In the tax block's rows: the first two before the approximate taxes and the products' total, the third in the row below.
    const at = (text: string) => words.find((w) => w.text === text)!;
    expect(captions[0]!.yMin).toBe(captions[1]!.yMin);
    expect(captions[0]!.xMax).toBeLessThan(captions[1]!.xMin);
    expect(captions[1]!.xMax).toBeLessThan(at("TRIBUTOS").xMin);
    expect(captions[2]!.yMin).toBeGreaterThan(captions[0]!.yMin);
    expect(at("CÁLCULO").yMin).toBeLessThan(captions[0]!.yMin);
    expect(at("TRANSPORTADOR").yMin).toBeGreaterThan(captions[2]!.yMin);
    for (const orientation of ["portrait", "landscape"] as const) expect(pageSizes(await renderDanfe(difal, { orientation })).length).toBe(1);
    // The sample carries these totals as 0.00: no partilha, the usual block.
    expect(pdfText(await renderDanfe(nfe))).not.toContain("UF DEST");
  });

  it("prints a preview without key, protocol or number, with the preview mark", async () => {
    const data = parseAuthorizedXml(nfe);
    const pdf = await renderDanfeData({ ...data, preview: true, accessKey: "", number: "", protocol: undefined });
    savePng(pdf, "nfe-preview");
    const out = pdfText(pdf);
    expect(pageSizes(pdf)).toEqual([A4_PORTRAIT]);
    expect(out).toContain("PRÉ-VISUALIZAÇÃO – SEM VALOR FISCAL");
    expect(out).not.toContain("4318 0906");
    expect(out).not.toContain("143180006932433");
    expect(out).toContain("Nº A DEFINIR");
    // The homologation mark gives way to the preview's own.
    expect(out).not.toMatch(/^SEM VALOR FISCAL$/m);
  });
});

describe("renderDanfe (NFC-e)", () => {
  it("prints the divisions I to IX of the DANFE NFC-e in order on an 80 mm roll", async () => {
    const pdf = await renderDanfe(nfce);
    savePng(pdf, "nfce-80mm");
    const [[width]] = pageSizes(pdf) as [[number, number]];
    expect(width).toBeCloseTo(226.77, 1);
    const out = pdfText(pdf).replace(/\s+/g, " ");
    expectInOrder(out, [
      "Empresa teste", // I
      "DANFE NFC-e",
      "Abraçadeira de testea com o nome bem grande", // II
      "Qtde. total de itens", // III
      "Valor a pagar R$",
      "FORMA DE PAGAMENTO",
      "Crédito Loja",
      "92,00",
      "VALOR PAGO R$",
      "EMITIDA EM AMBIENTE DE HOMOLOGAÇÃO - SEM VALOR FISCAL", // IV
      "Consulte pela Chave de Acesso em", // V
      "www.sefaz.am.gov.br/nfce/consulta",
      "4220 0310 8451 8000 0166 5500 1000 0016 2911 8291 0232",
      "CONSUMIDOR", // VI
      "CPF/CNPJ: 18.191.228/0001-71",
      "NFC-e nº 000001629 Série 001", // VII
      "Protocolo de autorização: 342200000151784",
      "Tributos totais incidentes", // IX (the QR code, VIII, is an image)
    ]);
  });

  it("prints on a 58 mm roll with the same content", async () => {
    const pdf = await renderDanfe(nfce, { width: 58 });
    savePng(pdf, "nfce-58mm");
    const [[width]] = pageSizes(pdf) as [[number, number]];
    expect(width).toBeCloseTo(164.41, 1);
    const out = pdfText(pdf).replace(/\s+/g, " ");
    expectInOrder(out, ["Valor a pagar R$", "92,00", "VALOR PAGO R$"]);
    expect(out).toContain("4220 0310 8451 8000 0166 5500 1000 0016 2911 8291 0232");
  });
});
