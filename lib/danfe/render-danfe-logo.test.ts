import { execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { logoDataUri } from "@/lib/branding/company-logo";
import { readLogoImage } from "@/lib/branding/logo-image";
import type { DanfeLogo } from "./danfe-logo";
import { parseAuthorizedXml } from "./parse-authorized-xml";
import { renderDanfe } from "./render-danfe";
import { exampleNfce, exampleNfe, nfeWithItems, pageSizes, pdfText, savePng } from "./testing/pdf-tools";

// The company's logo on the DANFE (emitter box) and the DANFE NFC-e (top of division I),
// read back as a person and a scanner would: the pages stay A4 / the roll's width, the image
// is embedded at its own pixel size (pdfimages), the access-key barcode and the QR code still
// decode (zbarimg on a pdftoppm render), and PNG renders go to reports/danfe/ to look at.

const fixture = (name: string) => readFileSync(new URL(`../branding/testing/${name}`, import.meta.url));
function logoOf(name: string): DanfeLogo {
  const file = fixture(name);
  const image = readLogoImage(file);
  return { src: logoDataUri(image.contentType, file), width: image.width, height: image.height };
}
const jpeg = logoOf("logo-240x120.jpg");
const png = logoOf("logo-160-alpha.png");

const work = mkdtempSync(path.join(tmpdir(), "danfe-logo-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

function writePdf(pdf: Buffer): string {
  const file = path.join(work, `${Math.random().toString(36).slice(2)}.pdf`);
  writeFileSync(file, pdf);
  return file;
}

/** pdfimages -list rows of a page: width and height in pixels of each embedded image. */
function images(pdf: Buffer, page: number): Array<{ width: number; height: number; type: string }> {
  const out = execFileSync("pdfimages", ["-list", "-f", String(page), "-l", String(page), writePdf(pdf)], { encoding: "utf8" });
  return out.split("\n").slice(2).filter(Boolean).map((line) => {
    const columns = line.trim().split(/\s+/);
    return { type: columns[2]!, width: Number(columns[3]), height: Number(columns[4]) };
  });
}

/** What zbarimg reads on page `page` rendered at `dpi`, for the given symbology. */
function scan(pdf: Buffer, page: number, symbology: "code128" | "qrcode", dpi: number): string {
  const prefix = path.join(work, Math.random().toString(36).slice(2));
  execFileSync("pdftoppm", ["-png", "-r", String(dpi), "-f", String(page), "-l", String(page), "-singlefile", writePdf(pdf), prefix]);
  return spawnSync("zbarimg", ["--quiet", "--raw", "-Sdisable", `-S${symbology}.enable`, `${prefix}.png`], { encoding: "utf8" }).stdout.trim();
}

const nfe = exampleNfe();
const accessKey = parseAuthorizedXml(nfe).accessKey;

describe("DANFE with the company's logo", () => {
  it("prints the logo in the emitter box of an A4 DANFE, the barcode still decoding to the access key", async () => {
    const cases = [
      ["jpeg", jpeg, [240, 120]],
      ["png", png, [160, 160]],
      ["png-interlaced", logoOf("logo-160-interlaced.png"), [160, 160]],
      ["jpeg-progressive", logoOf("logo-240x120-progressive.jpg"), [240, 120]],
    ] as const;
    for (const [name, logo, pixels] of cases) {
      const pdf = await renderDanfe(nfe, { logo });
      savePng(pdf, `nfe-logo-${name}`);
      expect(pageSizes(pdf)).toEqual([[595.28, 841.89]]);
      // The logo is the page's one raster image besides none other: at its own pixel size (a PNG with alpha adds its soft mask).
      const page = images(pdf, 1);
      expect(page.find((image) => image.type === "image")).toMatchObject({ width: pixels[0], height: pixels[1] });
      expect(scan(pdf, 1, "code128", 150)).toBe(accessKey);
      const text = pdfText(pdf);
      expect(text).toContain("UMA RAZAO SOCIAL DE TESTE QUALQUER");
    }
    // Without the option, no image at all: the logo is only ever the company's choice.
    expect(images(await renderDanfe(nfe), 1)).toEqual([]);
  });

  it("keeps the logo inside the emitter box: the header's fixed height holds, every sheet of a long NF-e stays A4 with the logo repeated", async () => {
    const longName = nfe.replace(/(<emit>[\s\S]*?<xNome>)[^<]*/, "$1COMERCIO E INDUSTRIA DE PRODUTOS ALIMENTICIOS DO VALE LTDA EPP");
    const many = nfeWithItems(longName, 90, (i) => ({ description: `ITEM NUMERO ${i + 1}` }));
    const withLogo = await renderDanfe(many, { logo: jpeg });
    const without = await renderDanfe(many);
    savePng(withLogo, "nfe-logo-90-items");
    const sizes = pageSizes(withLogo);
    expect(sizes.length).toBeGreaterThan(1);
    expect(sizes.length).toBe(pageSizes(without).length);
    for (const size of sizes) expect(size).toEqual([595.28, 841.89]);
    for (let page = 1; page <= sizes.length; page += 1) expect(images(withLogo, page).filter((image) => image.type === "image")).toHaveLength(1);
    expect(pdfText(withLogo).replace(/\s+/g, " ")).toContain("COMERCIO E INDUSTRIA DE PRODUTOS ALIMENTICIOS DO VALE LTDA EPP");
    expect(scan(withLogo, sizes.length, "code128", 150)).toBe(parseAuthorizedXml(many).accessKey);
  });

  it("prints the logo in landscape too", async () => {
    const pdf = await renderDanfe(nfe, { logo: png, orientation: "landscape" });
    savePng(pdf, "nfe-logo-landscape");
    expect(pageSizes(pdf)).toEqual([[841.89, 595.28]]);
    expect(scan(pdf, 1, "code128", 150)).toBe(accessKey);
  });

  it("prints the logo on top of division I of the DANFE NFC-e, the QR code still decoding, on both roll widths", async () => {
    const nfce = exampleNfce();
    const qrCode = parseAuthorizedXml(nfce).qrCode;
    for (const width of [80, 58] as const) {
      const pdf = await renderDanfe(nfce, { logo: jpeg, width });
      savePng(pdf, `nfce-logo-${width}mm`);
      const [[pageWidth]] = pageSizes(pdf) as [[number, number]];
      expect(pageWidth).toBeCloseTo(width === 80 ? 226.77 : 164.41, 1);
      expect(images(pdf, 1).map((image) => [image.width, image.height])).toContainEqual([240, 120]);
      expect(scan(pdf, 1, "qrcode", 200)).toBe(qrCode);
      expect(pdfText(pdf)).toContain("Empresa teste");
    }
  });
});
