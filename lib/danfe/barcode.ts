import bwipjs from "bwip-js/node";
import QRCode from "qrcode";

// Images printed on the DANFE, as PNG data URLs for @react-pdf's <Image>.

/**
 * The access key as CODE-128 (MOC Anexo II: "código de barras CODE-128C").
 * BWIPP's code128 encoder picks code set C for an all-digit string of even
 * length, so the 44 digits become 22 symbol characters.
 */
export async function accessKeyBarcodePng(accessKey: string): Promise<string> {
  const png = await bwipjs.toBuffer({ bcid: "code128", text: accessKey, scale: 2, height: 12, includetext: false, paddingwidth: 0, paddingheight: 0 });
  return `data:image/png;base64,${png.toString("base64")}`;
}

/** QR code of the NFC-e (infNFeSupl/qrCode, NT 2015.002 / 2019.001 v1.7x); level M as SEFAZ's readers expect. */
export async function qrCodePng(content: string): Promise<string> {
  return QRCode.toDataURL(content, { errorCorrectionLevel: "M", margin: 0, scale: 4 });
}
