import QRCode from "qrcode";

// The NFC-e QR code as a PNG data URL for @react-pdf's <Image>. (The NF-e
// access key's CODE-128 is drawn as vector bars: access-key-barcode.tsx.)

/** QR code of the NFC-e (infNFeSupl/qrCode, NT 2015.002 / 2019.001 v1.7x); level M as SEFAZ's readers expect. */
export async function qrCodePng(content: string): Promise<string> {
  return QRCode.toDataURL(content, { errorCorrectionLevel: "M", margin: 0, scale: 4 });
}
