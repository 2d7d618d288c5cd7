// Display helpers of the "Consultas" page (issue 56 item 6): how the registry's and the
// authority's answers are shown. No rule decides anything here; the answers come from
// lib/lookups through the dashboard routes.

import type { TaxpayerRegistration } from "@/lib/lookups/schemas";

/** What is typed or pasted as an access key: spaces, dots and dashes dropped, letters upper-cased, at most 44 characters. */
export function normalizeAccessKeyInput(raw: string): string {
  return raw.toUpperCase().replace(/[^0-9A-Z]/g, "").slice(0, 44);
}

/** What is typed as a CNPJ or CPF: punctuation dropped, letters (alphanumeric CNPJ) upper-cased. */
export function normalizeDocumentInput(raw: string): string {
  return raw.toUpperCase().replace(/[^0-9A-Z]/g, "").slice(0, 14);
}

/** 01310100 → 01310-100; other shapes as they are. */
export function formatZipCode(zip: string | null | undefined): string {
  if (!zip) return "";
  return /^\d{8}$/.test(zip) ? `${zip.slice(0, 5)}-${zip.slice(5)}` : zip;
}

/** A CNAE subclass as IBGE writes it: 2825900 → 2825-9/00; other shapes as they are. */
export function formatCnae(cnae: string | null | undefined): string {
  if (!cnae) return "";
  return /^\d{7}$/.test(cnae) ? `${cnae.slice(0, 4)}-${cnae.slice(4, 5)}/${cnae.slice(5)}` : cnae;
}

/** One line: "Rua X, 432, Sala 2 – Centro – Campinas/SP – CEP 13010-000"; empty parts left out, "" when nothing is known. */
export function formatRegistrationAddress(address: TaxpayerRegistration["address"], state?: string): string {
  if (!address) return "";
  const street = [address.street, address.number, address.complement].filter((part) => part && part.trim()).join(", ");
  const city = address.city ? (state ? `${address.city}/${state}` : address.city) : "";
  const zip = address.zipCode ? `CEP ${formatZipCode(address.zipCode)}` : "";
  return [street, address.neighborhood ?? "", city, zip].filter((part) => part && part.trim()).join(" – ");
}
