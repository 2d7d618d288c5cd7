import { createSign, createVerify } from "node:crypto";
import type { PaulistanaLayout, PaulistanaNfeKey, PaulistanaRpsInput } from "./types";

// The per-RPS and per-cancellation signatures the city asks besides the XML-DSig of
// the whole message ("NFS-e – Manual de Utilização do Web Service", item 4.3.2
// "Assinatura" and the cancellation's item; layout as the city's developer FAQ
// and CIGAM's wiki quote it): an ASCII string of fixed-width fields, its SHA-1
// signed with the provider's RSA key (PKCS#1 v1.5), base64 in Assinatura /
// AssinaturaCancelamento. The FAQ's sample (86 characters):
// "671590441    00000000001120240103TNN00000000000100000000000000000002692257385833000135".

const digits = (value: string, width: number) => value.replace(/\D/g, "").padStart(width, "0").slice(-width);

/** Cents, zero-padded to 15 ("1750.00" → "000000000175000"). */
function cents(value: string): string {
  const [units, fraction = ""] = value.split(".");
  return digits(`${units}${fraction.padEnd(2, "0").slice(0, 2)}`, 15);
}

/**
 * The RPS string. Layout 1 (86 characters without an intermediary): CCM (8, zeros left),
 * series (5, spaces right), number (12), date AAAAMMDD, TributacaoRPS, StatusRPS,
 * ISS retido S/N, services value (15, cents), deductions (15), service code (5),
 * taker indicator (1 CPF, 2 CNPJ, 3 none) and the taker's CPF/CNPJ (14).
 * Layout 2 ("Campos para assinatura do RPS – v2.0" of the city's manual v3.3, as ACBr's
 * ISSSaoPaulo provider and a public Python client quoting the manual's samples build it):
 * the same fields with the CCM on 12 positions and ValorInicialCobrado (or
 * ValorFinalCobrado) in the value's place: 90 characters without an intermediary.
 */
export function rpsSignatureString(rps: Pick<PaulistanaRpsInput, "key" | "issueDate" | "taxation" | "status" | "issRetained" | "values" | "serviceCode" | "taker">, layout: PaulistanaLayout = 1): string {
  const takerDocument = rps.taker?.cpf || rps.taker?.cnpj || "";
  const indicator = rps.taker?.cpf ? "1" : rps.taker?.cnpj ? "2" : "3";
  return (
    digits(rps.key.ccm, layout === 2 ? 12 : 8) +
    rps.key.series.padEnd(5, " ").slice(0, 5) +
    digits(String(rps.key.number), 12) +
    rps.issueDate.replace(/-/g, "") +
    rps.taxation +
    rps.status +
    (rps.issRetained ? "S" : "N") +
    cents(rps.values.services) +
    cents(rps.values.deductions) +
    digits(rps.serviceCode, 5) +
    indicator +
    digits(takerDocument, 14)
  );
}

/** The cancellation string (20 characters): CCM (8) and the NFS-e number (12). */
export function cancellationSignatureString(key: PaulistanaNfeKey): string {
  return digits(key.ccm, 8) + digits(key.number, 12);
}

/** RSA-SHA1 over the ASCII string, base64. */
export function signAscii(text: string, privateKeyPem: string): string {
  return createSign("RSA-SHA1").update(Buffer.from(text, "ascii")).sign(privateKeyPem, "base64");
}

export function verifyAscii(text: string, signatureBase64: string, certificatePem: string): boolean {
  try {
    return createVerify("RSA-SHA1").update(Buffer.from(text, "ascii")).verify(certificatePem, signatureBase64, "base64");
  } catch {
    return false;
  }
}
