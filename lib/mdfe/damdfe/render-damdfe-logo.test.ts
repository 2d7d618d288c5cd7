import { describe, expect, it } from "vitest";
import { testLogo } from "@/lib/branding/testing/test-logos";
import { qrCodePng } from "@/lib/danfe/barcode";
import { pageSizes, pdfImages, pdfText, savePng, scanPage } from "@/lib/danfe/testing/pdf-tools";
import type { DamdfeData } from "./damdfe-data";
import { renderDamdfe } from "./render-damdfe";

// The company's logo in the DAMDFE's issuer box (docs/api-notes/branding.md), read back: one A4
// page, the image embedded at its own pixel size, the issuer's name still printed beside it, the
// key's barcode and the QR-Code still decoding. Renders go to reports/danfe/ to look at.

const ACCESS_KEY = "35261211222333000181580010000000071000000078";
const QR = `https://dfe-portal.svrs.rs.gov.br/mdfe/qrCode?chMDFe=${ACCESS_KEY}&tpAmb=2`;

async function manifestData(): Promise<DamdfeData> {
  return {
    accessKey: ACCESS_KEY,
    series: 1,
    number: 7,
    issuedAt: "2026-12-07T10:00:00.000Z",
    startUf: "SP",
    endUf: "MG",
    route: [],
    protocol: "935260000012345",
    authorizedAt: "2026-12-07T10:00:02.000Z",
    situation: "AUTORIZADO (EM ABERTO)",
    homologation: true,
    contingency: false,
    preview: false,
    qrCodePng: await qrCodePng(QR),
    issuer: { name: "TRANSPORTADORA E COMERCIO DE ALIMENTOS DO VALE LTDA", cnpj: "11222333000181", stateRegistration: "110042490114", address: "Avenida Paulista, 1000, Bela Vista, São Paulo - SP" },
    rntrc: "12345678",
    vehicles: [{ plate: "ABC1D23", renavam: "12345678901", uf: "SP", tareKg: "9000", capacityKg: "20000", kind: "Tração" }],
    drivers: [{ name: "JOSE DA SILVA", cpf: "52998224725" }],
    documents: [{ accessKey: "35261211222333000181550010000000011000000015", municipality: "Belo Horizonte (3106200)" }],
    cargoUnit: "01",
    cargoQuantity: "1200.0000",
    cargoValue: "15000.00",
    product: "CAFE TORRADO",
    additionalInfo: null,
  };
}

describe("DAMDFE with the company's logo", () => {
  it("prints the logo left of the issuer's name; the page stays A4 and the barcode and QR-Code decode", async () => {
    const data = await manifestData();
    for (const [name, logo, pixels] of [["jpeg", testLogo("logo-240x120.jpg"), [240, 120]], ["png", testLogo("logo-160-alpha.png"), [160, 160]]] as const) {
      const pdf = await renderDamdfe(data, { logo });
      savePng(pdf, `damdfe-logo-${name}`);
      expect(pageSizes(pdf)).toEqual([[595.28, 841.89]]);
      expect(pdfImages(pdf, 1).filter((image) => image.type === "image").map((image) => [image.width, image.height])).toContainEqual([...pixels]);
      expect(pdfText(pdf).replace(/\s+/g, " ")).toContain("TRANSPORTADORA E COMERCIO DE ALIMENTOS DO VALE LTDA");
      expect(scanPage(pdf, 1, "code128", 150)).toBe(ACCESS_KEY);
      expect(scanPage(pdf, 1, "qrcode", 150)).toBe(QR);
    }
    // Without a logo the only raster image is the QR-Code.
    const plain = await renderDamdfe(data);
    expect(pdfImages(plain, 1).filter((image) => image.type === "image")).toHaveLength(1);
  });
});
