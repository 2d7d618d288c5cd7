import { el, fiscalText, group, opt } from "@/lib/fiscal/xml/xml-text";
import { isPositive, isoDate, money, weight } from "./format";
import type { NfeInput } from "./types";

const documentChars = (value: string) => value.replace(/[^0-9A-Za-z]/g, "").toUpperCase();

/** transp: modFrete (9 = no freight when absent; always 9 on NFC-e), carrier, vehicle, volumes. */
export function buildTransp(input: NfeInput): string {
  const t = input.model === "55" ? input.transport : null;
  if (!t) return `<transp>${el("modFrete", "9")}</transp>`;
  const c = t.carrier;
  const carrier = c
    ? group(
        "transporta",
        (c.document ? el(c.document.type, documentChars(c.document.value)) : "") +
          opt("xNome", c.name ? fiscalText(c.name, 60) : null) +
          opt("IE", c.stateRegistration ? documentChars(c.stateRegistration) : null) +
          opt("xEnder", c.address ? fiscalText(c.address, 60) : null) +
          opt("xMun", c.city ? fiscalText(c.city, 60) : null) +
          opt("UF", c.uf),
      )
    : "";
  const vehicle = t.vehicle
    ? `<veicTransp>${el("placa", t.vehicle.plate.replace(/[^0-9A-Za-z]/g, "").toUpperCase())}${opt("UF", t.vehicle.uf)}${opt("RNTC", t.vehicle.rntc)}</veicTransp>`
    : "";
  const volumes = (t.volumes ?? [])
    .map((v) =>
      `<vol>` +
      (v.quantity !== null && v.quantity !== undefined ? el("qVol", String(v.quantity)) : "") +
      opt("esp", v.species ? fiscalText(v.species, 60) : null) +
      opt("marca", v.brand ? fiscalText(v.brand, 60) : null) +
      opt("nVol", v.numbering ? fiscalText(v.numbering, 60) : null) +
      (v.netWeight !== null && v.netWeight !== undefined ? el("pesoL", weight(v.netWeight)) : "") +
      (v.grossWeight !== null && v.grossWeight !== undefined ? el("pesoB", weight(v.grossWeight)) : "") +
      `</vol>`,
    )
    .filter((v) => v !== "<vol></vol>")
    .join("");
  return `<transp>${el("modFrete", t.modFrete)}${carrier}${vehicle}${volumes}</transp>`;
}

/** cobr: the invoice (fat) and its installments (dup: nDup 001…, dVenc, vDup). NF-e only. */
export function buildCobr(input: NfeInput): string {
  const billing = input.model === "55" ? input.billing : null;
  if (!billing) return "";
  const f = billing.invoice;
  const fat =
    "<fat>" +
    el("nFat", fiscalText(f.number, 60)) +
    el("vOrig", money(f.originalValue)) +
    el("vDesc", money(f.discount ?? "0")) +
    el("vLiq", money(f.netValue)) +
    "</fat>";
  const dups = billing.installments
    .filter((d) => isPositive(d.value))
    .map((d) => `<dup>${el("nDup", fiscalText(d.number, 60))}${el("dVenc", isoDate(d.dueDate))}${el("vDup", money(d.value))}</dup>`)
    .join("");
  return `<cobr>${fat}${dups}</cobr>`;
}
