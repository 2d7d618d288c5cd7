import { el, fiscalText, group, opt } from "@/lib/fiscal/xml/xml-text";
import type { MdfeAntt, MdfeInput, MdfeParty, MdfePayment, MdfeVehicle } from "./types";

// infModal/rodo (mdfeModalRodoviario_v3.00.xsd, NT 2025.001 v1.03), in schema order.

export const RODO_MODAL_VERSION = "3.00";

const digits = (value: string) => value.replace(/\D/g, "");
const documentValue = (value: string) => value.replace(/[^0-9A-Za-z]/g, "").toUpperCase();

function party(p: MdfeParty, cnpjTag = "CNPJ", cpfTag = "CPF"): string {
  return p.type === "CPF" ? el(cpfTag, digits(p.value)) : el(cnpjTag, documentValue(p.value));
}

/** infPag: the same group in the modal (infANTT) and in the event 110116 (evPagtoOperMDFe); the event lacks only indAltoDesemp, never written here. */
export function buildInfPag(p: MdfePayment): string {
  const components = p.components
    .map((c) => "<Comp>" + el("tpComp", c.type) + el("vComp", c.value) + opt("xComp", c.description ? fiscalText(c.description, 60) : null) + "</Comp>")
    .join("");
  const installments =
    p.paymentIndicator === "1"
      ? (p.installments ?? []).map((i) => "<infPrazo>" + el("nParcela", String(i.number).padStart(3, "0")) + el("dVenc", i.dueDate) + el("vParcela", i.value) + "</infPrazo>").join("")
      : "";
  const bank =
    p.bank.kind === "BANK"
      ? el("codBanco", fiscalText(p.bank.bankCode, 5)) + el("codAgencia", fiscalText(p.bank.agency, 10))
      : p.bank.kind === "IPEF"
        ? el("CNPJIPEF", documentValue(p.bank.cnpj))
        : el("PIX", fiscalText(p.bank.key, 60));
  return (
    "<infPag>" +
    opt("xNome", p.name ? fiscalText(p.name, 60) : null) +
    party(p.document) +
    components +
    el("vContrato", p.contractValue) +
    el("indPag", p.paymentIndicator) +
    opt("vAdiant", p.paymentIndicator === "1" ? (p.advanceValue ?? null) : null) +
    installments +
    `<infBanc>${bank}</infBanc>` +
    "</infPag>"
  );
}

function antt(a: MdfeAntt | null | undefined): string {
  if (!a) return "";
  const ciot = (a.ciot ?? []).map((c) => "<infCIOT>" + el("CIOT", c.code) + party(c.document) + "</infCIOT>").join("");
  const vouchers = (a.tollVouchers ?? [])
    .map(
      (v) =>
        "<disp>" +
        el("CNPJForn", documentValue(v.supplierCnpj)) +
        party(v.payerDocument, "CNPJPg", "CPFPg") +
        opt("nCompra", v.purchaseNumber) +
        el("vValePed", v.value) +
        opt("tpValePed", v.type) +
        "</disp>",
    )
    .join("");
  const contractors = (a.contractors ?? []).map((c) => "<infContratante>" + opt("xNome", c.name ? fiscalText(c.name, 60) : null) + party(c.document) + "</infContratante>").join("");
  return group(
    "infANTT",
    opt("RNTRC", a.rntrc) + ciot + group("valePed", vouchers) + contractors + (a.payments ?? []).map(buildInfPag).join(""),
  );
}

function owner(v: MdfeVehicle): string {
  const o = v.owner;
  if (!o) return "";
  return (
    "<prop>" +
    party(o.document) +
    el("RNTRC", o.rntrc) +
    el("xNome", fiscalText(o.name, 60)) +
    el("IE", o.stateRegistration.trim().toUpperCase() === "ISENTO" ? "" : digits(o.stateRegistration)) +
    el("UF", o.uf) +
    el("tpProp", o.ownerType) +
    "</prop>"
  );
}

const plate = (value: string) => value.replace(/[^0-9A-Za-z]/g, "").toUpperCase();
const whole = (value: number | null | undefined) => (value === null || value === undefined ? null : String(Math.round(value)));

export function buildRodo(input: MdfeInput): string {
  const { vehicle, drivers, trailers = [], seals = [] } = input.rodo;
  const traction =
    "<veicTracao>" +
    opt("cInt", vehicle.internalCode) +
    el("placa", plate(vehicle.plate)) +
    opt("RENAVAM", vehicle.renavam ? digits(vehicle.renavam) : null) +
    el("tara", String(Math.round(vehicle.tareKg))) +
    opt("capKG", whole(vehicle.capacityKg)) +
    opt("capM3", whole(vehicle.capacityM3)) +
    owner(vehicle) +
    drivers.map((d) => "<condutor>" + el("xNome", fiscalText(d.name, 60)) + el("CPF", digits(d.cpf)) + "</condutor>").join("") +
    el("tpRod", vehicle.wheelType) +
    el("tpCar", vehicle.bodyType) +
    opt("UF", vehicle.uf) +
    "</veicTracao>";
  const towed = trailers
    .map(
      (t) =>
        "<veicReboque>" +
        opt("cInt", t.internalCode) +
        el("placa", plate(t.plate)) +
        opt("RENAVAM", t.renavam ? digits(t.renavam) : null) +
        el("tara", String(Math.round(t.tareKg))) +
        el("capKG", String(Math.round(t.capacityKg ?? 0))) +
        opt("capM3", whole(t.capacityM3)) +
        owner(t) +
        el("tpCar", t.bodyType) +
        opt("UF", t.uf) +
        "</veicReboque>",
    )
    .join("");
  const sealed = seals.map((s) => `<lacRodo>${el("nLacre", fiscalText(s, 20))}</lacRodo>`).join("");
  return `<rodo>${antt(input.rodo.antt)}${traction}${towed}${sealed}</rodo>`;
}
