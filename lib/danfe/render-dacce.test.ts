import { describe, expect, it } from "vitest";
import { renderDacce } from "./render-dacce";
import { exampleCce, exampleNfe, pageSizes, pdfText, savePng } from "./testing/pdf-tools";

describe("renderDacce", () => {
  it("prints the registered correction letter: key, sequence, protocol, text and conditions of use, on A4", async () => {
    const pdf = await renderDacce({ eventXml: exampleCce(), authorizedXml: exampleNfe(), sequence: 1 });
    savePng(pdf, "dacce");
    expect(pageSizes(pdf)).toEqual([[595.28, 841.89]]);
    const text = pdfText(pdf);
    const flat = text.replace(/\s+/g, " ");
    expect(text).toContain("DACCE");
    expect(flat).toContain("5318 1011 0287 9300 0173 5500 1000 0066 7012 0427 6800");
    expect(flat).toContain("110110 - Carta de Correção");
    expect(flat).toContain("Nota 6670 referente a serviços de transportes (Frete)");
    expect(flat).toContain("A Carta de Correcao e disciplinada pelo paragrafo 1o-A do art. 7o do Convenio S/N");
    expect(flat).toMatch(/SEQUÊNCIA DATA DO EVENTO PROTOCOLO DE REGISTRO 110110 - Carta de Correção 1 05\/10\/2018/);
    expect(flat).toContain("05/10/2018 17:34:36");
    const protocol = /<nProt>(\d+)<\/nProt>/.exec(exampleCce())![1]!;
    expect(flat).toContain(protocol);
    // tpAmb 1 on the event: no homologation mark.
    expect(text).not.toMatch(/^SEM VALOR FISCAL$/m);
  });

  it("takes the protocol of the stored row when only the request XML survived", async () => {
    const request = exampleCce().replace(/<retEvento[\s\S]*<\/retEvento>/, "").replace("procEventoNFe", "envEvento").replace("</procEventoNFe>", "</envEvento>");
    const text = pdfText(await renderDacce({ eventXml: request, authorizedXml: exampleNfe(), protocol: "153180000000001", sequence: 1 }));
    expect(text).toContain("153180000000001");
  });
});
