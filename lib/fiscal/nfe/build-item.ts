import { DomainError } from "@/lib/errors";
import { el, fiscalText, opt } from "@/lib/fiscal/xml/xml-text";
import { buildIbsCbs } from "./build-ibs-cbs";
import { buildIcms } from "./build-icms";
import { buildIcmsUfDest } from "./build-icms-uf-dest";
import { buildIpi, buildPisCofins } from "./build-federal-taxes";
import { isPositive, money, quantity, unitValue } from "./format";
import type { NfeInput, NfeItem } from "./types";

// NT 2015.002 / MOC NFC-e: in homologation the first item of an NFC-e carries this description.
export const HOMOLOGATION_NFCE_FIRST_ITEM = "NOTA FISCAL EMITIDA EM AMBIENTE DE HOMOLOGACAO - SEM VALOR FISCAL";

const optionalMoney = (name: string, value: string | null | undefined) => (isPositive(value) ? el(name, money(value)) : "");

function gtinOf(item: NfeItem): string {
  const gtin = item.gtin?.replace(/\D/g, "");
  return gtin && /^(\d{8}|\d{12,14})$/.test(gtin) ? gtin : "SEM GTIN";
}

function buildProd(input: NfeInput, item: NfeItem, nItem: number): string {
  const description =
    input.model === "65" && input.environment === "HOMOLOGATION" && nItem === 1 ? HOMOLOGATION_NFCE_FIRST_ITEM : fiscalText(item.description, 120);
  const unit = fiscalText(item.unit || "UN", 6);
  const qty = quantity(item.quantity, `item ${nItem} quantity`);
  const price = unitValue(item.unitValue, `item ${nItem} unitValue`);
  const gtin = gtinOf(item);
  return (
    "<prod>" +
    el("cProd", fiscalText(item.code, 60)) +
    el("cEAN", gtin) +
    el("xProd", description) +
    el("NCM", item.ncm) +
    opt("CEST", item.cest) +
    opt("cBenef", item.benefitCode ?? item.taxes.icms?.benefitCode) +
    el("CFOP", item.cfop) +
    el("uCom", unit) +
    el("qCom", qty) +
    el("vUnCom", price) +
    el("vProd", money(item.grossValue, `item ${nItem} grossValue`)) +
    el("cEANTrib", gtin) +
    el("uTrib", unit) +
    el("qTrib", qty) +
    el("vUnTrib", price) +
    optionalMoney("vFrete", item.freight) +
    optionalMoney("vSeg", item.insurance) +
    optionalMoney("vDesc", item.discount) +
    optionalMoney("vOutro", item.otherCharges) +
    el("indTot", "1") +
    (item.purchaseOrder ? el("xPed", fiscalText(item.purchaseOrder.number, 15)) + opt("nItemPed", item.purchaseOrder.item) : "") +
    "</prod>"
  );
}

function buildImposto(input: NfeInput, item: NfeItem, nItem: number): string {
  const { icms, ipi, pis, cofins, ibsCbs } = item.taxes;
  // Credit and debit notes (finNFe 5/6) carry IBS/CBS only (NT 2025.002, rule B25-80).
  const adjustmentNote = input.finNFe === "5" || input.finNFe === "6";
  if (!icms && !adjustmentNote) throw new DomainError(422, "schema_validation_failed", `Item ${nItem}: the ICMS group is required for goods`);
  return (
    "<imposto>" +
    optionalMoney("vTotTrib", item.approximateTaxes) +
    (icms ? buildIcms(icms, nItem) : "") +
    // IPI does not exist on NFC-e (model 65 sells to final consumers only).
    (ipi && input.model === "55" ? buildIpi(ipi, nItem) : "") +
    (pis ? buildPisCofins(pis, nItem, "PIS") : "") +
    (cofins ? buildPisCofins(cofins, nItem, "COFINS") : "") +
    buildIcmsUfDest(item.taxes.difal, nItem) +
    buildIbsCbs(ibsCbs, input.issuer.crt) +
    "</imposto>"
  );
}

/** det nItem="n": prod, imposto and the item's additional information. */
export function buildDet(input: NfeInput, item: NfeItem, nItem: number): string {
  return (
    `<det nItem="${nItem}">` +
    buildProd(input, item, nItem) +
    buildImposto(input, item, nItem) +
    opt("infAdProd", item.additionalInfo ? fiscalText(item.additionalInfo, 500) : null) +
    "</det>"
  );
}
