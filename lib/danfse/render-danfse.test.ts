import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { buildNfseXml } from "@/lib/authority/sefin-simulator/build-nfse-xml";
import { computeNfseValues } from "@/lib/authority/sefin-simulator/compute-values";
import { readDps } from "@/lib/authority/sefin-simulator/read-dps";
import { testSigningCredentials } from "@/lib/fiscal/nfe/test-support/test-credentials";
import { buildSignedDps, nfseAccessKey } from "@/lib/fiscal/nfse";
import { dpsRegularWithRetention, dpsWithIbsCbs } from "@/lib/fiscal/nfse/test-support/golden-dps";
import { danfseQrContent, renderDanfse } from "./render-danfse";
import { watermarkGreyShare } from "./test-support/watermark-grey";
import { testLogo } from "@/lib/branding/testing/test-logos";
import { pdfImages, savePng, scanPage } from "@/lib/danfe/testing/pdf-tools";

// The DANFSe v2.0 of an NFS-e as the simulator generates it, checked as a
// reader sees it: the text pdftotext extracts, in block order.

function nfseFor(dps: ReturnType<typeof dpsRegularWithRetention>) {
  const signed = buildSignedDps(dps, testSigningCredentials(dps.provider.cnpj));
  const received = readDps(signed.xml);
  const accessKey = nfseAccessKey({ municipality: "3550308", ambGer: "2", tpInsc: "2", inscription: dps.provider.cnpj, nNFSe: 42, yearMonth: "2611", cNum: "123456789" });
  return { accessKey, xml: buildNfseXml({ accessKey, nNFSe: 42, dhProc: "2026-11-23T10:00:05-03:00", dps: received, dpsXml: signed.xml, values: computeNfseValues(received), emitName: "EMPRESA TESTE LTDA" }) };
}

function pdfText(pdf: Buffer, name: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "danfse-"));
  const file = path.join(dir, "danfse.pdf");
  fs.writeFileSync(file, pdf);
  try {
    const pages = spawnSync("pdfinfo", [file], { encoding: "utf8" }).stdout;
    expect(pages).toMatch(/Pages:\s+1\n/);
    expect(pages).toMatch(/Page size:\s+595\.\d* x 841\.\d* pts \(A4\)/);
    if (process.env.DANFSE_SCREENSHOT_DIR) {
      fs.mkdirSync(process.env.DANFSE_SCREENSHOT_DIR, { recursive: true });
      spawnSync("pdftoppm", ["-png", "-r", "90", "-singlefile", file, path.join(process.env.DANFSE_SCREENSHOT_DIR, name)]);
    }
    return spawnSync("pdftotext", ["-layout", file, "-"], { encoding: "utf8" }).stdout;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

describe("DANFSe v2.0", () => {
  it("prints the blocks in the NT's order with the NFS-e's data, the homologation mark and the key", async () => {
    const { accessKey, xml } = nfseFor(dpsRegularWithRetention());
    const text = pdfText(await renderDanfse(xml), "danfse-homologation");
    const order = ["DANFSe v2.0", "NFS-e SEM VALIDADE JURÍDICA", "DADOS DA NFS-e", "PRESTADOR / FORNECEDOR", "TOMADOR / ADQUIRENTE", "DESTINATÁRIO", "INTERMEDIÁRIO", "SERVIÇO PRESTADO", "TRIBUTAÇÃO MUNICIPAL (ISSQN)", "TRIBUTAÇÃO FEDERAL", "IBS / CBS", "VALOR TOTAL DA NFS-e", "INFORMAÇÕES COMPLEMENTARES"];
    const positions = order.map((title) => text.indexOf(title));
    expect(positions.every((p) => p >= 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    expect(text).toContain(accessKey.replace(/(.{4})(?=.)/g, "$1 "));
    expect(text).toContain("11.222.333/0001-81");
    expect(text).toContain("Cliente Serviços Ltda");
    expect(text).toContain("Campinas / SP");
    expect(text).toContain("010101 - Análise e desenvolvimento de sistemas.");
    expect(text).toContain("2 - Retido pelo tomador");
    expect(text).toMatch(/R\$ 1\.000,00/);
    // ISS 5% (municipal parameter) withheld 50,00 + INSS 110 + IR 15 + CSLL 10 + PIS 6,50 + COFINS 30 = 221,50; net 778,50.
    expect(text).toContain("R$ 221,50");
    expect(text).toContain("R$ 778,50");
    expect(text).not.toContain("CANCELADA");
    // NT 008 identification fields: who issued the NFS-e and its situation, by their descriptions.
    expect(text).toMatch(/Situação da NFS-e/);
    expect(text).toContain("100 - NFS-e Gerada");
    expect(text).toMatch(/Emitente da NFS-e/);
    // Item 2.1.12: the approximate taxes (totTrib) in INFORMAÇÕES COMPLEMENTARES.
    expect(text.slice(text.indexOf("INFORMAÇÕES COMPLEMENTARES"))).toMatch(/Totais aproximados dos tributos\s+Federais R\$ \d+,\d\d; Estaduais R\$ \d+,\d\d; Municipais R\$ \d+,\d\d/);
  });

  it("prints a QR code of at least 1.52 cm that decodes to the public consultation with the key", async () => {
    const { accessKey, xml } = nfseFor(dpsRegularWithRetention());
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "danfse-qr-"));
    try {
      fs.writeFileSync(path.join(dir, "d.pdf"), await renderDanfse(xml));
      spawnSync("pdftoppm", ["-png", "-r", "150", "-singlefile", path.join(dir, "d.pdf"), path.join(dir, "d")]);
      const decoded = spawnSync("zbarimg", ["--quiet", "--raw", "-Sdisable", "-Sqrcode.enable", path.join(dir, "d.png")], { encoding: "utf8" }).stdout.trim();
      expect(decoded).toBe(danfseQrContent(accessKey));
      const images = spawnSync("pdfimages", ["-list", path.join(dir, "d.pdf")], { encoding: "utf8" }).stdout;
      // pdfimages gives each image's resolution: its printed side is its pixels / ppi inches.
      const row = images.split("\n").find((line) => /^\s*1\s+0\s+image/.test(line))!;
      const columns = row.trim().split(/\s+/); // page num type width height color comp bpc enc interp object generation x-ppi …
      expect((Number(columns[3]) / Number(columns[12])) * 2.54).toBeGreaterThanOrEqual(1.52);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("marks a cancelled NFS-e with the NT 008 watermark (diagonal, grey K35) and prints the IBS/CBS group", async () => {
    const { xml } = nfseFor(dpsWithIbsCbs());
    const cancelled = await renderDanfse(xml, { cancelled: true });
    const text = pdfText(cancelled, "danfse-cancelled");
    // 90 pt letters across the page: about 3 % more of it grey than without the mark (0 when absent).
    expect(watermarkGreyShare(cancelled) - watermarkGreyShare(await renderDanfse(xml))).toBeGreaterThan(0.02);
    expect(text).toMatch(/000\s+000001\s+100301/);
    expect(text).toContain("Contrato 2026/17 - parcela 3 de 12");
  });

  it("prints the IBS and CBS that Sefin Nacional computed (infNFSe/IBSCBS)", async () => {
    const { xml } = nfseFor(dpsWithIbsCbs());
    // Our simulator does not compute the group yet: the one Sefin returns (XSD 1.01 TCRTCIBSCBS, values of 2026's test rates) is put where the XSD places it.
    const group =
      "<IBSCBS><cLocalidadeIncid>3550308</cLocalidadeIncid><xLocalidadeIncid>São Paulo</xLocalidadeIncid>" +
      "<valores><vBC>1000.00</vBC><uf><pIBSUF>0.10</pIBSUF><pAliqEfetUF>0.10</pAliqEfetUF></uf><mun><pIBSMun>0.00</pIBSMun><pAliqEfetMun>0.00</pAliqEfetMun></mun><fed><pCBS>0.90</pCBS><pAliqEfetCBS>0.90</pAliqEfetCBS></fed></valores>" +
      "<totCIBS><vTotNF>1010.00</vTotNF><gIBS><vIBSTot>1.00</vIBSTot><gIBSUFTot><vIBSUF>1.00</vIBSUF></gIBSUFTot><gIBSMunTot><vIBSMun>0.00</vIBSMun></gIBSMunTot></gIBS><gCBS><vCBS>9.00</vCBS></gCBS></totCIBS></IBSCBS>";
    const text = pdfText(await renderDanfse(xml.replace("<DPS", `${group}<DPS`)), "danfse-ibscbs");
    const block = text.slice(text.indexOf("IBS / CBS"), text.indexOf("VALOR TOTAL DA NFS-e"));
    expect(block).toMatch(/Localidade de incidência/);
    expect(block).toContain("São Paulo");
    expect(block).toMatch(/R\$ 1\.000,00\s+R\$ 1,00 \(0,10%\)\s+R\$ 0,00 \(0,00%\)\s+R\$ 1,00\s+R\$ 9,00 \(0,90%\)\s+R\$ 1\.010,00/);
  });

  it("points the QR code at the public consultation with the key", () => {
    expect(danfseQrContent("3550308".padEnd(50, "1"))).toBe(`https://www.nfse.gov.br/ConsultaPublica/?tpc=1&chave=${"3550308".padEnd(50, "1")}`);
  });

  it("prints the company's logo in the header's left cell, still one A4 page with the QR code decoding", async () => {
    const { accessKey, xml } = nfseFor(dpsRegularWithRetention());
    for (const [name, logo, pixels] of [["jpeg", testLogo("logo-240x120.jpg"), [240, 120]], ["png", testLogo("logo-160-alpha.png"), [160, 160]]] as const) {
      const pdf = await renderDanfse(xml, { logo });
      savePng(pdf, `danfse-logo-${name}`);
      const text = pdfText(pdf, `danfse-logo-${name}`);
      expect(text).toContain("DANFSe v2.0");
      expect(text).toContain("PRESTADOR / FORNECEDOR");
      expect(pdfImages(pdf, 1).filter((image) => image.type === "image").map((image) => [image.width, image.height])).toContainEqual([...pixels]);
      expect(scanPage(pdf, 1, "qrcode", 150)).toBe(danfseQrContent(accessKey));
    }
    // Without it the QR code is the page's only raster image.
    expect(pdfImages(await renderDanfse(xml), 1).filter((image) => image.type === "image")).toHaveLength(1);
  });
});
