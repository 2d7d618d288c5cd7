import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { renderDanfe } from "./render-danfe";

// Renders the vendored sample documents (shared/fiscal/examples) and reads
// the PDFs back with pdftotext, as a person copying from the DANFE would.
const EXAMPLES = "/work/shared/fiscal/examples";
const nfe = readFileSync(path.join(EXAMPLES, "nfe/nfeproc-55-authorized-hom.xml"), "utf8");
const nfce = readFileSync(path.join(EXAMPLES, "nfce/nfeproc-65-authorized-hom.xml"), "utf8");
const dir = mkdtempSync(path.join(tmpdir(), "danfe-unit-"));

function text(pdf: Buffer, layout = false): string {
  const file = path.join(dir, `${Math.random().toString(36).slice(2)}.pdf`);
  writeFileSync(file, pdf);
  return execFileSync("pdftotext", [...(layout ? ["-layout"] : []), file, "-"], { encoding: "utf8" });
}

describe("renderDanfe", () => {
  it("prints the NF-e DANFE blocks from the nfeProc", async () => {
    const out = text(await renderDanfe(nfe));
    expect(out).toContain("4318 0906 9293 8300 0163 5500 1000 0000 2610 0001 0301");
    expect(out).toContain("UMA RAZAO SOCIAL DE TESTE QUALQUER");
    expect(out).toContain("06.929.383/0001-63");
    expect(out).toContain("UM PRODUTO TESTE QUALQUER");
    expect(out).toContain("143180006932433 - 25/09/2018 16:21:05");
    expect(out).toContain("Nº 000.000.026");
    expect(out).toContain("500,00");
    expect(out).toContain("FATURA / DUPLICATAS");
    expect(out).toContain("9 - Sem Ocorrência de Transporte");
    expect(out).toMatch(/^SEM VALOR FISCAL$/m);
    expect(out).not.toContain("CANCELADA");
    expect(text(await renderDanfe(nfe, { cancelled: true }))).toMatch(/^CANCELADA$/m);
  });

  it("prints no watermark in production and no invoice block without billing", async () => {
    const production = nfe.replace("<tpAmb>2</tpAmb>", "<tpAmb>1</tpAmb>").replace(/<cobr>[\s\S]*<\/cobr>/, "");
    const out = text(await renderDanfe(production));
    expect(out).not.toMatch(/^SEM VALOR FISCAL$/m);
    expect(out).not.toContain("FATURA / DUPLICATAS");
  });

  it("prints the NFC-e receipt with items, totals, payments, consultation URL and key", async () => {
    // The roll is narrow: compare with line breaks folded into spaces.
    const out = text(await renderDanfe(nfce)).replace(/\s+/g, " ");
    expect(out).toContain("DANFE NFC-e");
    expect(out).toContain("Abraçadeira de testea com o nome bem grande");
    expect(out).toContain("Valor a pagar R$");
    expect(out).toContain("92,00");
    expect(out).toContain("Crédito Loja");
    expect(out).toContain("www.sefaz.am.gov.br/nfce/consulta");
    expect(out).toContain("4220 0310 8451 8000 0166 5500 1000 0016 2911 8291 0232");
    expect(out).toContain("EMITIDA EM AMBIENTE DE HOMOLOGAÇÃO - SEM VALOR FISCAL");
  });

  it("keeps a document that fits on one page whole (no pagination pass)", async () => {
    const det = /<det nItem="1">[\s\S]*?<\/det>/.exec(nfe)![0];
    const fourteen = nfe.replace(det, Array.from({ length: 14 }, (_, i) => det.replace('nItem="1"', `nItem="${i + 1}"`).replace("<cProd>11007</cProd>", `<cProd>P${i + 1}</cProd>`)).join(""));
    const pdf = await renderDanfe(fourteen);
    const out = text(pdf);
    expect(out).toContain("P14");
    expect(out).toContain("FOLHA 1/1");
    expect(out).toContain("DADOS ADICIONAIS");
  });

  it("spreads many items over several pages with the page count", async () => {
    const det = /<det nItem="1">[\s\S]*?<\/det>/.exec(nfe)![0];
    const many = nfe.replace(det, Array.from({ length: 60 }, (_, i) => det.replace('nItem="1"', `nItem="${i + 1}"`).replace("<cProd>11007</cProd>", `<cProd>P${i + 1}</cProd>`)).join(""));
    const out = text(await renderDanfe(many));
    expect(out).toContain("P60");
    expect(out).toMatch(/FOLHA 1\/[2-9]/);
  });
});
