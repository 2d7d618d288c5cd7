import { contingencyFor } from "@/lib/authority/endpoints";
import { NFCE_OFFLINE_ACCEPTED_FROM } from "@/lib/fiscal/nfe/rules/identification-rules";
import { nfceOfflineDeadline, offlineDeadlineRule } from "@/lib/fiscal/nfe/rules/offline-deadlines";
import type { ContingencyModel } from "./contingency-mode";

// Which contingencies each state's law allows, per model, in the order the
// automatic switch tries them, with the transmission deadline of each and its
// source (issue 50 item 1; docs/api-notes/contingency.md, "Per-state table").
// The law is dated: a row applies from `from` (inclusive) and until `until`
// (exclusive), read against the moment the contingency starts (dhCont), in
// UTC-03:00 days, never against today's date.

export type ContingencyDeadline =
  /** Authorized online (an SVC): nothing is transmitted later. */
  | { kind: "none" }
  /** Transmitted to the state's authorizer within this many hours of dhEmi (`lateAcceptedHours`: still accepted, late, until then). */
  | { kind: "hours"; hours: number; lateAcceptedHours?: number }
  /** Until the end of the first business day after the (local) day of dhEmi: MG's offline NFC-e. */
  | { kind: "next_business_day_end" };

/** The modes the law knows. */
export type LegalContingencyMode = "OFFLINE" | "EPEC" | "SVC_AN" | "SVC_RS";

export type ContingencyOption = {
  mode: LegalContingencyMode;
  /** ide/tpEmis of the documents issued in it (MOC 7.0 Anexo I, B22). */
  tpEmis: 2 | 4 | 6 | 7 | 9;
  deadline: ContingencyDeadline;
  /** Where the rule comes from. */
  source: string;
  /** Whether this platform issues in it; the switch skips an option it does not (yet) issue. */
  implemented: boolean;
  /** Date (YYYY-MM-DD, Brasília) from which the row applies; absent: since the model exists. */
  from?: string;
  /** Date (YYYY-MM-DD) from which it no longer applies. */
  until?: string;
};

/** NT 2013.005 / Padrões Técnicos da Contingência Off-line NFC-e v1.2 (2013): "prazo estabelecido pelo Fisco (atualmente de 24 horas) contado da data e hora da emissão"; MOC 7.0 Anexo I, B09, rejection 704. */
const NFCE_OFFLINE_24H: ContingencyDeadline = { kind: "hours", hours: 24 };
/** NT 2014.001 (EPEC NF-e at the Ambiente Nacional): the NF-e is transmitted to the home authorizer within 168 hours, after which new EPEC are refused to the issuer. */
const EPEC_168H: ContingencyDeadline = { kind: "hours", hours: 168 };

const OFFLINE_NFCE: ContingencyOption = {
  mode: "OFFLINE", tpEmis: 9, deadline: NFCE_OFFLINE_24H, implemented: true,
  source: "Ajuste SINIEF 19/16 cl. 11 (contingência off-line); NT 2013.005 and Padrões Técnicos da Contingência Off-line NFC-e v1.2 (24 h); MOC 7.0 Anexo I B09 (704)",
};

/** The offline NFC-e of a state, with the state's own deadline where its text gives one (lib/fiscal/nfe/rules/offline-deadlines.ts). */
function offlineNfce(uf: string): ContingencyOption {
  const rule = offlineDeadlineRule(uf);
  if (rule.kind === "hours" && rule.hours === 24 && rule.lateAcceptedHours === undefined) return OFFLINE_NFCE;
  const deadline: ContingencyDeadline = rule.kind === "hours" ? { kind: "hours", hours: rule.hours, lateAcceptedHours: rule.lateAcceptedHours } : { kind: "next_business_day_end" };
  return { ...OFFLINE_NFCE, deadline, source: `${rule.source}; ${OFFLINE_NFCE.source}` };
}

/**
 * SEFAZ-SP's NFC-e: until Portaria SRE 40/2024 (of 5 July 2024, DOE 10-07-2024) SP's NFC-e
 * contingency was EPEC at SEFAZ-SP's EPEC service (NT 2015.003, event 110140, tpEmis 4) or a
 * CF-e-SAT; offline NFC-e (tpEmis 9) were not accepted in SP. Portaria SRE 40/2024 art. 6 sends
 * SP's NFC-e contingency to cl. 11 of Ajuste SINIEF 19/16, and SEFAZ-SP announced that offline
 * NFC-e are accepted since then ("gerar uma NFC-e offline nos termos da Portaria SRE-40/2024",
 * quoted from SEFAZ-SP's NFC-e page in ZeusAutomacao/DFe.NET#1551). EPEC stays offered by
 * SEFAZ-SP (its EPEC NFC-e URLs: SEFAZ-SP's NFC-e web-services page, wsnfe_4.00_mod65.xml;
 * nfephp-org/sped-nfe#1063, July 2024).
 *
 * Order (issue 50, decided here; docs/api-notes/contingency.md "EPEC for NFC-e"): both are lawful
 * since July 2024 and the law sets no precedence, so EPEC comes first — its event puts the sale on
 * SEFAZ-SP's record at once (NT 2015.003: the public consultation shows it) where an offline NFC-e
 * is unknown to the Fisco until transmitted — and offline second, for what EPEC cannot cover: an
 * NFC-e without an identified consumer (e110140NFCe requires dest) and SEFAZ-SP's EPEC service
 * not answering. Before 2024-07-10 EPEC alone.
 */
const SP_OFFLINE_FROM = NFCE_OFFLINE_ACCEPTED_FROM["35"]!;
const EPEC_NFCE_SP: Omit<ContingencyOption, "from" | "until"> = {
  mode: "EPEC", tpEmis: 4, deadline: NFCE_OFFLINE_24H, implemented: true,
  source: "NT 2015.003 v1.02 (EPEC NFC-e, tpEvento 110140 at SEFAZ-SP's EPEC service, RecepcaoEPEC; adoption at each state's discretion: SP only); Portaria CAT 12/2015 until 2024-07-10; deadline: 24 h as the offline NFC-e's (NT 2015.003's own was not found)",
};

function nfeOptions(uf: string): ContingencyOption[] {
  const svc = contingencyFor(uf);
  return [
    {
      mode: svc === "SVC-AN" ? "SVC_AN" : "SVC_RS", tpEmis: svc === "SVC-AN" ? 6 : 7, deadline: { kind: "none" }, implemented: true,
      source: "NT 2013.007 item 2 (which SVC serves each state; lib/authority/endpoints.ts); MOC 7.0 contingency chapter (SVC activated by the home SEFAZ, 114 otherwise)",
    },
    {
      // Issued here when the SVC answers 114 (disabled by the home SEFAZ): lib/emission/contingency/issue-epec.ts.
      mode: "EPEC", tpEmis: 4, deadline: EPEC_168H, implemented: true,
      source: "NT 2014.001 v1.00a (EPEC NF-e, tpEvento 110140 at the Ambiente Nacional, cOrgao 91; 168 h to transmit, then the AN refuses new EPEC to the issuer: 142); MOC 7.0 contingency chapter",
    },
  ];
}

/**
 * MDF-e (model 58), every state: contingência off-line (tpEmis 2). The issuer alone decides to enter
 * it (no prior authorization), prints the DAMDFE marked as contingency with the signed QR-Code, and
 * transmits the MDF-e within 168 hours of its issue; no special series. Ajuste SINIEF 21/10 (MDF-e);
 * MOC MDF-e 3.00a, "Contingência" and the QR-Code's sign parameter (mdfeTiposBasico_v3.00.xsd).
 */
const MDFE_OFFLINE: ContingencyOption = {
  mode: "OFFLINE", tpEmis: 2, deadline: { kind: "hours", hours: 168 }, implemented: true,
  source: "Ajuste SINIEF 21/10 (MDF-e); MOC MDF-e 3.00a, contingência off-line (tpEmis 2, DAMDFE em contingência, transmissão em até 168 horas)",
};

function nfceOptions(uf: string): ContingencyOption[] {
  if (uf !== "SP") return [offlineNfce(uf)];
  return [
    EPEC_NFCE_SP,
    { ...OFFLINE_NFCE, from: SP_OFFLINE_FROM, source: `Portaria SRE 40/2024 art. 6 (SP, DOE ${SP_OFFLINE_FROM}); ${OFFLINE_NFCE.source}` },
  ];
}

/** Brasília's calendar day of an instant (UTC-03:00, no daylight saving since 2019), as YYYY-MM-DD. */
function brasiliaDay(at: Date): string {
  return new Date(at.getTime() - 3 * 3_600_000).toISOString().slice(0, 10);
}

/** The contingencies the state's law allows for the model on that date, in the order to try them. */
export function contingencyOptions(uf: string, model: ContingencyModel, at: Date): ContingencyOption[] {
  const day = brasiliaDay(at);
  const options = model === 55 ? nfeOptions(uf) : model === 58 ? [MDFE_OFFLINE] : nfceOptions(uf);
  return options.filter((o) => (!o.from || o.from <= day) && (!o.until || day < o.until));
}

/** The first allowed contingency this platform issues in; null when the state allows none we issue (the document then waits for its authorizer). */
export function automaticContingency(uf: string, model: ContingencyModel, at: Date): ContingencyOption | null {
  return contingencyOptions(uf, model, at).find((o) => o.implemented) ?? null;
}

/** Whether the state's law allows EPEC for the model on that date and this platform issues it (NF-e: after its SVC answered 114; NFC-e: SP's first option). */
export function epecAllowed(uf: string, model: ContingencyModel, at: Date): boolean {
  return contingencyOptions(uf, model, at).some((o) => o.mode === "EPEC" && o.implemented);
}

/** Whether the state accepted offline NFC-e (tpEmis 9) on that date (the simulator refuses one that it did not with 712: identification-rules.ts). */
export function acceptsOfflineNfce(uf: string, at: Date): boolean {
  return contingencyOptions(uf, 65, at).some((o) => o.mode === "OFFLINE");
}

/** The deadline, in ms after dhEmi, to transmit a document issued in `mode` when it is a fixed number of hours (null: nothing to transmit later, or a calendar deadline: transmissionDeadlineAt). */
export function transmissionDeadlineMs(uf: string, model: ContingencyModel, mode: LegalContingencyMode, at: Date): number | null {
  const option = contingencyOptions(uf, model, at).find((o) => o.mode === mode);
  return option?.deadline.kind === "hours" ? option.deadline.hours * 3_600_000 : null;
}

/**
 * When a document issued in `mode` under a contingency started at `since`, with dhEmi `issuedAt`,
 * must reach its authorizer (null: nothing to transmit later, an SVC). Calendar deadlines ("until
 * the end of the next business day") are computed from dhEmi in the state's local time.
 */
export function transmissionDeadlineAt(uf: string, model: ContingencyModel, mode: LegalContingencyMode, since: Date, issuedAt: Date): Date | null {
  const option = contingencyOptions(uf, model, since).find((o) => o.mode === mode);
  if (!option || option.deadline.kind === "none") return null;
  if (option.deadline.kind === "next_business_day_end") return nfceOfflineDeadline(uf, issuedAt).deadlineAt;
  return new Date(issuedAt.getTime() + option.deadline.hours * 3_600_000);
}
