import { describe, expect, it } from "vitest";
import { testLogo as logoOf } from "@/lib/branding/testing/test-logos";
import { parseAuthorizedXml } from "./parse-authorized-xml";
import { renderDanfe } from "./render-danfe";
import { exampleNfce, exampleNfe, nfeWithItems, pageSizes, pdfImages, pdfText, savePng, scanPage } from "./testing/pdf-tools";

// The company's logo on the DANFE (emitter box) and the DANFE NFC-e (top of division I),
// read back as a person and a scanner would: the pages stay A4 / the roll's width, the image
// is embedded at its own pixel size (pdfimages), the access-key barcode and the QR code still
// decode (zbarimg on a pdftoppm render), and PNG renders go to reports/danfe/ to look at.

const jpeg = logoOf("logo-240x120.jpg");
const png = logoOf("logo-160-alpha.png");

const images = pdfImages;
const scan = scanPage;

const nfe = exampleNfe();
const accessKey = parseAuthorizedXml(nfe).accessKey;

describe("DANFE with the company's logo", () => {
  // Four DANFEs rendered and scanned: more than the default 30 s on a shared machine.
  it("prints the logo in the emitter box of an A4 DANFE, the barcode still decoding to the access key", { timeout: 90_000 }, async () => {
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
