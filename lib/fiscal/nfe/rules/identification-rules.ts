import { accessKeyCheckDigit } from "../access-key";
import { BOTH, NFCE_ONLY, NFE_ONLY, type BusinessRule } from "./business-rule";
import { child, str } from "./nfe-view";
import { STATES } from "@/lib/br";
import { nfceOfflineDeadline } from "./offline-deadlines";

// Group B (ide) and the access key: MOC 4.00 Anexo I; credit/debit notes: NT 2025.002 B25-80.

const CLOCK_TOLERANCE_MS = 5 * 60 * 1000;

export const accessKeyCheckDigitRule: BusinessRule = {
  id: "B23-10", name: "access-key-check-digit", cStat: "253", models: BOTH,
  xMotivo: "Rejeição: Digito Verificador da chave de acesso composta inválida",
  check(nfe) {
    const key = nfe.accessKey;
    if (!/^\d{43}[0-9]$/.test(key) && !/^[0-9A-Z]{43}\d$/.test(key)) return { detail: `chave ${key}` };
    return accessKeyCheckDigit(key.slice(0, 43)) === key.slice(43) ? null : { detail: `cDV ${key.slice(43)}` };
  },
};

export const accessKeyFieldsRule: BusinessRule = {
  id: "A03-10", name: "access-key-matches-fields", cStat: "502", models: BOTH,
  xMotivo: "Rejeição: Erro na Chave de Acesso - Campo Id não corresponde à concatenação dos campos correspondentes",
  check(nfe) {
    const ide = nfe.ide;
    const dhEmi = str(ide.dhEmi);
    const issuer = str(nfe.emit.CNPJ) || str(nfe.emit.CPF).padStart(14, "0");
    const expected =
      str(ide.cUF) + dhEmi.slice(2, 4) + dhEmi.slice(5, 7) + issuer + str(ide.mod) + str(ide.serie).padStart(3, "0") +
      str(ide.nNF).padStart(9, "0") + str(ide.tpEmis) + str(ide.cNF) + str(ide.cDV);
    return expected === nfe.accessKey ? null : { detail: `campos ${expected}` };
  },
};

export const issuedInTheFutureRule: BusinessRule = {
  id: "B09-10", name: "issued-after-receipt", cStat: "703", models: BOTH,
  xMotivo: "Rejeição: Data-Hora de Emissão posterior ao horário de recebimento",
  check(nfe, context) {
    if (!context.receivedAt) return null;
    const issuedAt = new Date(str(nfe.ide.dhEmi));
    return issuedAt.getTime() > context.receivedAt.getTime() + CLOCK_TOLERANCE_MS ? { detail: `dhEmi ${str(nfe.ide.dhEmi)}` } : null;
  },
};

// dhEmi in the past (MOC 7.0 Anexo I, field B09; NT 2015.002): tpEmis 1 normal, 6/7 SVC.
const THIRTY_DAYS_MS = 30 * 24 * 60 * 60 * 1000;
const NFCE_DELAY_TOLERANCE_MS = 5 * 60 * 1000;

/** NF-e issued in normal emission (or SVC) more than 30 days before it arrives; contingency may be authorized late (150). */
export const issuedTooLongAgoRule: BusinessRule = {
  id: "B09-20", name: "issued-too-long-ago", cStat: "228", models: NFE_ONLY,
  xMotivo: "Rejeição: Data de Emissão muito atrasada",
  check(nfe, context) {
    if (!context.receivedAt || !["1", "6", "7"].includes(str(nfe.ide.tpEmis))) return null;
    const issuedAt = new Date(str(nfe.ide.dhEmi));
    return issuedAt.getTime() < context.receivedAt.getTime() - THIRTY_DAYS_MS ? { detail: `dhEmi ${str(nfe.ide.dhEmi)}` } : null;
  },
};

/** NFC-e is real time: one issued normally (tpEmis 1) more than 5 minutes before it arrives is refused; offline contingency (9) is sent later by design. */
export const nfceIssuedLateRule: BusinessRule = {
  id: "B09-30", name: "nfce-issued-late", cStat: "704", models: NFCE_ONLY,
  xMotivo: "Rejeição: NFC-e com Data-Hora de emissão atrasada",
  check(nfe, context) {
    if (!context.receivedAt || str(nfe.ide.tpEmis) !== "1") return null;
    const issuedAt = new Date(str(nfe.ide.dhEmi));
    return issuedAt.getTime() < context.receivedAt.getTime() - NFCE_DELAY_TOLERANCE_MS ? { detail: `dhEmi ${str(nfe.ide.dhEmi)}` } : null;
  },
};

// Contingency (MOC 7.0 Anexo I, fields B22 tpEmis, B28 dhCont, B29 xJust; NT 2013.005 for NFC-e offline).
/** Offline NFC-e are transmitted after the fact, within the deadline the state sets: 24 hours in most (offline-deadlines.ts lists the others; docs/api-notes/contingency.md). */
export const NFCE_OFFLINE_DEADLINE_MS = 24 * 60 * 60 * 1000;

export const contingencyFieldsOnNormalRule: BusinessRule = {
  id: "B28-10", name: "contingency-fields-on-normal-emission", cStat: "556", models: BOTH,
  xMotivo: "Rejeição: Justificativa de entrada em contingência não deve ser informada para tipo de emissão normal",
  check: (nfe) => (str(nfe.ide.tpEmis) === "1" && (str(nfe.ide.xJust) || str(nfe.ide.dhCont)) ? { detail: "tpEmis 1 com dhCont/xJust" } : null),
};

export const contingencyJustificationRequiredRule: BusinessRule = {
  id: "B29-10", name: "contingency-justification-required", cStat: "557", models: BOTH,
  xMotivo: "Rejeição: A Justificativa de entrada em contingência deve ser informada.",
  check: (nfe) => (str(nfe.ide.tpEmis) !== "1" && (!str(nfe.ide.xJust) || !str(nfe.ide.dhCont)) ? { detail: `tpEmis ${str(nfe.ide.tpEmis)} sem dhCont/xJust` } : null),
};

export const contingencyAfterReceiptRule: BusinessRule = {
  id: "B28-20", name: "contingency-entry-after-receipt", cStat: "558", models: BOTH,
  xMotivo: "Rejeição: Data de entrada em contingência posterior a data de recebimento.",
  check(nfe, context) {
    const dhCont = str(nfe.ide.dhCont);
    if (!context.receivedAt || !dhCont) return null;
    return new Date(dhCont).getTime() > context.receivedAt.getTime() + CLOCK_TOLERANCE_MS ? { detail: `dhCont ${dhCont}` } : null;
  },
};

export const nfeOfflineRule: BusinessRule = {
  id: "B22-10", name: "nfe-offline-contingency", cStat: "711", models: NFE_ONLY,
  xMotivo: "Rejeição: NF-e com contingência off-line",
  check: (nfe) => (str(nfe.ide.tpEmis) === "9" ? { detail: "tpEmis 9 em NF-e" } : null),
};

/**
 * States that did not accept offline NFC-e (tpEmis 9), with the date (Brasília) from which they
 * do: São Paulo's NFC-e contingency was EPEC (NT 2015.003) or a CF-e-SAT under Portaria CAT
 * 12/2015, until Portaria SRE 40/2024 (DOE 2024-07-10) art. 6 sent it to Ajuste SINIEF 19/16
 * cl. 11, offline included (docs/api-notes/contingency.md, "Per-state table"). The per-state
 * contingency table (lib/contingency) reads the same dates.
 */
export const NFCE_OFFLINE_ACCEPTED_FROM: Readonly<Record<string, string>> = { "35": "2024-07-10" };

/** 712: an offline NFC-e from a state that did not accept them on its dhEmi's day (MOC 7.0 Anexo I). */
export const nfceOfflineNotAcceptedRule: BusinessRule = {
  id: "B22-20", name: "nfce-offline-not-accepted-in-state", cStat: "712", models: NFCE_ONLY,
  xMotivo: "Rejeição: NFC-e com contingência off-line para a UF",
  check(nfe) {
    if (str(nfe.ide.tpEmis) !== "9") return null;
    const from = NFCE_OFFLINE_ACCEPTED_FROM[str(nfe.ide.cUF)];
    // dhEmi carries its UTC offset; its calendar day in Brasília (UTC-03:00) is compared.
    const day = new Date(new Date(str(nfe.ide.dhEmi)).getTime() - 3 * 3_600_000).toISOString().slice(0, 10);
    return from && day < from ? { detail: `cUF ${str(nfe.ide.cUF)}, dhEmi ${str(nfe.ide.dhEmi)} (off-line aceita a partir de ${from})` } : null;
  },
};

/** An offline NFC-e (tpEmis 9) arriving after the deadline is refused as late (704). */
export const nfceOfflineLateRule: BusinessRule = {
  id: "B09-40", name: "nfce-offline-transmitted-late", cStat: "704", models: NFCE_ONLY,
  xMotivo: "Rejeição: NFC-e com Data-Hora de emissão atrasada",
  check(nfe, context) {
    if (!context.receivedAt || str(nfe.ide.tpEmis) !== "9") return null;
    const issuedAt = new Date(str(nfe.ide.dhEmi));
    // The state's deadline (offline-deadlines.ts: 24 h, MG until the end of the next business day, SE late until 168 h).
    const uf = STATES.find((s) => s.cUF === str(nfe.ide.cUF))?.uf ?? "";
    const { refusedAfter } = nfceOfflineDeadline(uf, issuedAt);
    return context.receivedAt.getTime() > refusedAfter.getTime() ? { detail: `dhEmi ${str(nfe.ide.dhEmi)} (contingência off-line)` } : null;
  },
};

export const nfcePurposeRule: BusinessRule = {
  id: "B25-30", name: "nfce-normal-purpose-only", cStat: "715", models: NFCE_ONLY,
  xMotivo: "Rejeição: NFC-e com finalidade inválida",
  check: (nfe) => (str(nfe.ide.finNFe) === "1" ? null : { detail: `finNFe ${str(nfe.ide.finNFe)}` }),
};

export const nfceFinalConsumerRule: BusinessRule = {
  id: "B25a-10", name: "nfce-final-consumer-only", cStat: "716", models: NFCE_ONLY,
  xMotivo: "Rejeição: NFC-e em operação não destinada a consumidor final",
  check: (nfe) => (str(nfe.ide.indFinal) === "1" ? null : { detail: `indFinal ${str(nfe.ide.indFinal)}` }),
};

export const nfceInPersonRule: BusinessRule = {
  id: "B25b-10", name: "nfce-in-person-only", cStat: "717", models: NFCE_ONLY,
  xMotivo: "Rejeição: NFC-e em operação não presencial",
  // 1 in person, 4 home delivery (NFC-e only).
  check: (nfe) => (["1", "4"].includes(str(nfe.ide.indPres)) ? null : { detail: `indPres ${str(nfe.ide.indPres)}` }),
};

/**
 * NT 2025.002 B25-80: a credit note (finNFe 5), a debit note (finNFe 6) or the
 * receipt of a government purchase's payment (tpOperGov 2) adjusts IBS/CBS
 * only, so its lines carry no ICMS, ICMSUFDest, IPI, II, PIS, COFINS or ISSQN
 * group. Exception: tpNFCredito 03 (Retorno).
 */
export const adjustmentNoteTaxesRule: BusinessRule = {
  id: "B25-80", name: "adjustment-note-ibs-cbs-only", cStat: "1001", models: NFE_ONLY,
  // Official text: NT 2025.002-RTC v1.31, rule table of group B, B25-80.
  xMotivo: "Rejeição: NF-e com finalidade de débito ou crédito somente para IBS/CBS",
  check(nfe) {
    const paymentReceipt = str(child(nfe.ide, "gCompraGov")?.tpOperGov) === "2";
    if ((!["5", "6"].includes(str(nfe.ide.finNFe)) && !paymentReceipt) || str(nfe.ide.tpNFCredito) === "03") return null;
    for (const item of nfe.items) {
      const groups = [item.icms && "ICMS", item.icmsUfDest && "ICMSUFDest", item.ipi && "IPI", item.ii && "II", item.pis && "PIS", item.cofins && "COFINS", item.issqn && "ISSQN"].filter(Boolean);
      if (groups.length > 0) return { nItem: item.nItem, detail: `grupos ${groups.join(", ")}` };
    }
    return null;
  },
};
