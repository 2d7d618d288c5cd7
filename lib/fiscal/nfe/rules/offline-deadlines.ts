import { STATES } from "@/lib/br";

// How long an offline NFC-e (tpEmis 9) may wait before it reaches its authorizer, per state
// (issue 50 item 4). Ajuste SINIEF 19/16 cl. 11 leaves the deadline to each state; the
// *Padrões Técnicos da Contingência Off-line NFC-e* v1.2 (2013) say "atualmente de 24 horas"
// and most states keep that. The states whose own text says otherwise are listed here with
// their source; the per-state contingency table (lib/contingency/state-contingency-table.ts)
// and the simulator's 704 rule (identification-rules.ts) both read this one list.

export type OfflineDeadlineRule =
  /** Transmitted within `hours` of dhEmi; `lateAcceptedHours`: still accepted ("em caráter extemporâneo") until then. */
  | { kind: "hours"; hours: number; lateAcceptedHours?: number; source: string }
  /** Until the end of the first business day after the day of dhEmi (the state's local day). */
  | { kind: "next_business_day_end"; source: string };

export const DEFAULT_OFFLINE_DEADLINE: OfflineDeadlineRule = {
  kind: "hours", hours: 24,
  source: "Padrões Técnicos da Contingência Off-line NFC-e v1.2 (30/04/2013): \"prazo estabelecido pelo Fisco (atualmente de 24 horas) contado da data e hora da emissão\"; e.g. SEFAZ-PE, NFC-e › Contingência: \"no prazo de 24 horas da data/hora da emissão em contingência\"",
};

/** The states whose law gives another deadline than 24 hours. */
export const OFFLINE_DEADLINE_BY_UF: Readonly<Record<string, OfflineDeadlineRule>> = {
  MG: {
    kind: "next_business_day_end",
    source: "SEFAZ-MG, NFC-e Perguntas Frequentes III.3 (portalsped.fazenda.mg.gov.br/spedmg/nfce/Perguntas-Frequentes/respostas_iii): \"Imediatamente após a cessação dos problemas técnicos … e até o primeiro dia útil subsequente, o emitente deverá transmitir à SEF as NFC-e emitidas em contingência\"",
  },
  SE: {
    kind: "hours", hours: 24, lateAcceptedHours: 168,
    source: "Sergipe, Decreto 29.108, cap. VI (NFC-e em contingência): \"em até 24 (vinte e quatro) horas da respectiva data e hora da emissão, sendo aceita, em caráter extemporâneo, em até 168 (cento e sessenta e oito) horas\" (quoted in TOTVS TDN, pageId 450152096)",
  },
};

export function offlineDeadlineRule(uf: string): OfflineDeadlineRule {
  return OFFLINE_DEADLINE_BY_UF[uf] ?? DEFAULT_OFFLINE_DEADLINE;
}

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** The state's UTC offset at that instant, in ms (its capital's IANA zone; -3 h for most states). */
function utcOffsetMs(uf: string, at: Date): number {
  const timeZone = STATES.find((s) => s.uf === uf)?.timezone ?? "America/Sao_Paulo";
  const name = new Intl.DateTimeFormat("en-US", { timeZone, timeZoneName: "longOffset" }).formatToParts(at).find((p) => p.type === "timeZoneName")?.value ?? "GMT";
  const match = /GMT([+-])(\d{2}):(\d{2})/.exec(name);
  if (!match) return 0;
  return (match[1] === "-" ? -1 : 1) * (Number(match[2]) * HOUR_MS + Number(match[3]) * 60_000);
}

/** Easter Sunday (Gregorian, anonymous algorithm) as [month 1–12, day]. */
function easter(year: number): [number, number] {
  const a = year % 19, b = Math.floor(year / 100), c = year % 100, d = Math.floor(b / 4), e = b % 4;
  const f = Math.floor((b + 8) / 25), g = Math.floor((b - f + 1) / 3), h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4), k = c % 4, l = (32 + 2 * e + 2 * i - h - k) % 7, m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  return [month, ((h + l - 7 * m + 114) % 31) + 1];
}

/**
 * National holidays (Lei 662/1949 and Lei 10.607/2002: 1/1, 21/4, 1/5, 7/9, 2/11, 15/11, 25/12;
 * Lei 6.802/1980: 12/10; Lei 14.759/2023: 20/11 from 2024) and Good Friday. State and municipal
 * holidays are not known here: a deadline computed without them is at most one day early, never late.
 */
function isNationalHoliday(day: Date): boolean {
  const year = day.getUTCFullYear(), month = day.getUTCMonth() + 1, date = day.getUTCDate();
  const fixed = ["1-1", "4-21", "5-1", "9-7", "10-12", "11-2", "11-15", "12-25", ...(year >= 2024 ? ["11-20"] : [])];
  if (fixed.includes(`${month}-${date}`)) return true;
  const [em, ed] = easter(year);
  const goodFriday = new Date(Date.UTC(year, em - 1, ed) - 2 * DAY_MS);
  return goodFriday.getUTCMonth() + 1 === month && goodFriday.getUTCDate() === date;
}

/** The end of the first business day after the local day of `issuedAt` in `uf` (the last millisecond of that day). */
export function endOfNextBusinessDay(uf: string, issuedAt: Date): Date {
  const offsetMs = utcOffsetMs(uf, issuedAt);
  // Local midnight of the issue day, as a UTC date whose fields are the local ones.
  const local = new Date(issuedAt.getTime() + offsetMs);
  let day = new Date(Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate()));
  do day = new Date(day.getTime() + DAY_MS);
  while (day.getUTCDay() === 0 || day.getUTCDay() === 6 || isNationalHoliday(day));
  return new Date(day.getTime() + DAY_MS - 1 - offsetMs);
}

/** When an offline NFC-e of `uf` issued at `issuedAt` must be transmitted by, and after when the authorizer refuses it (704). */
export function nfceOfflineDeadline(uf: string, issuedAt: Date): { deadlineAt: Date; refusedAfter: Date } {
  const rule = offlineDeadlineRule(uf);
  if (rule.kind === "next_business_day_end") {
    const deadlineAt = endOfNextBusinessDay(uf, issuedAt);
    return { deadlineAt, refusedAfter: deadlineAt };
  }
  const deadlineAt = new Date(issuedAt.getTime() + rule.hours * HOUR_MS);
  return { deadlineAt, refusedAfter: new Date(issuedAt.getTime() + (rule.lateAcceptedHours ?? rule.hours) * HOUR_MS) };
}
