// The rates and date-dependent rules of the consumption-tax reform (EC 132/2023,
// LC 214/2025), one row per period, each with its legal source. A document takes
// the row of its issue date: the calendar date of dhEmi in the issuer's time
// zone (the fato gerador's date), never today's date. A change of law is a new
// row with its start date; nothing else in the code holds a reform rate.
//
// Rates are percentages as decimal strings (decimal.js reads them); null where
// the law leaves the rate to an act not yet published, so the company's dated
// rates supply it (lib/tax/tax-levels.ts) and readiness says so.
//
// Sources checked on 2026-12-07 (docs/api-notes/tax-reform.md lists them):
// LC 214/2025 arts. 343, 344, 346, 348 III c, 353 as reproduced by jurishand.com,
// legjur.com and fiscalnews.com.br; ADCT arts. 125–127 (EC 132/2023) as quoted
// by the Chamber's report of PLP 68/2024 (jltributario.com.br). The same rates, and "Aguardar
// Legislação" for the CBS of 2027-2028, are the table of Informe Técnico 2025.002 v1.60 section 05
// (as quoted by a public summary of it, 07/10/2026).

export type ReformRateRow = {
  /** First day (YYYY-MM-DD, the issuer's calendar), inclusive. */
  from: string;
  /** Last day, inclusive; null while open-ended. */
  to: string | null;
  /** State IBS rate; null when not fixed by law for the period. */
  ibsStateRate: string | null;
  ibsStateSource: string;
  /** Municipal IBS rate; null when not fixed by law. */
  ibsMunicipalRate: string | null;
  ibsMunicipalSource: string;
  /** CBS rate; null when it depends on an act not yet published (the Senate's reference rate). */
  cbsRate: string | null;
  cbsSource: string;
  /** Whether the Imposto Seletivo is charged in the period (on the goods and services of LC 214/2025 Anexo XVII and art. 409). */
  selectiveTax: boolean;
  selectiveTaxSource: string;
  /** Whether PIS and COFINS still exist: from their extinction the lines carry CST 08 (no incidence) instead. */
  pisCofins: boolean;
  pisCofinsSource: string;
  /** Whether the statutory IBS/CBS rates of the period apply to Simples Nacional issuers (CRT 1/4). */
  ratesApplyToSimples: boolean;
  simplesSource: string;
};

export const REFORM_RATE_ROWS: readonly ReformRateRow[] = [
  {
    from: "2026-01-01",
    to: "2026-12-31",
    ibsStateRate: "0.1",
    ibsStateSource: "LC 214/2025 art. 343 (IBS 2026: state rate 0,1 %); ADCT art. 125 (EC 132/2023)",
    ibsMunicipalRate: "0",
    ibsMunicipalSource: "LC 214/2025 art. 343 (2026: only the state rate; no municipal rate)",
    cbsRate: "0.9",
    cbsSource: "LC 214/2025 art. 346 (CBS 2026: 0,9 %); ADCT art. 125 (EC 132/2023)",
    selectiveTax: false,
    selectiveTaxSource: "ADCT art. 126 I (EC 132/2023): the Imposto Seletivo is charged from 2027",
    pisCofins: true,
    pisCofinsSource: "PIS/COFINS in force until 31/12/2026 (ADCT art. 126 II, EC 132/2023)",
    ratesApplyToSimples: false,
    simplesSource: "LC 214/2025 art. 348 III c: the test rates of arts. 343 and 346 do not apply to Simples Nacional issuers in 2026",
  },
  {
    from: "2027-01-01",
    to: "2028-12-31",
    ibsStateRate: "0.05",
    ibsStateSource: "LC 214/2025 art. 344 (2027–2028: state rate 0,05 %); ADCT art. 127 (EC 132/2023)",
    ibsMunicipalRate: "0.05",
    ibsMunicipalSource: "LC 214/2025 art. 344 (2027–2028: municipal rate 0,05 %); ADCT art. 127 (EC 132/2023)",
    cbsRate: null,
    cbsSource:
      "CBS charged in full from 2027 (ADCT art. 126, EC 132/2023) at the Union's rate: the reference rate for 2027 is fixed by Senate resolution " +
      "(LC 214/2025 arts. 349 and 353), reduced by 0,1 percentage point in 2027 and 2028 (ADCT art. 127); not published when this row was written",
    selectiveTax: true,
    selectiveTaxSource: "ADCT art. 126 I (EC 132/2023); LC 214/2025 Livro II (arts. 409 ff.): rates by ordinary law",
    pisCofins: false,
    pisCofinsSource: "PIS/Pasep and COFINS extinct from 01/01/2027 (ADCT art. 126 II b, EC 132/2023; revocations of LC 214/2025 art. 544)",
    ratesApplyToSimples: true,
    simplesSource:
      "From 2027 the exemption of LC 214/2025 art. 348 III c ends; NT 2025.002 requires the IBSCBS group of CRT 1/4 issuers from 04/01/2027 (rule UB13-30, observação 2)",
  },
];

/** The row of an issue date (YYYY-MM-DD in the issuer's calendar); null before 2026 or after the last row (2029 on: not covered). */
export function reformRatesOn(issuedOn: string): ReformRateRow | null {
  const day = issuedOn.slice(0, 10);
  return REFORM_RATE_ROWS.find((row) => row.from <= day && (row.to === null || day <= row.to)) ?? null;
}

/**
 * The IBS/CBS rates the law fixes on a date (NT 2025.002 UB18-10, UB37-10,
 * UB56-10 check them): null where a rate is not fixed (CBS from 2027, all
 * from 2029), or where there is no row.
 */
export function statutoryIbsCbsRatesOn(issuedOn: string): { ibsState: string | null; ibsMunicipal: string | null; cbs: string | null } {
  const row = reformRatesOn(issuedOn);
  return { ibsState: row?.ibsStateRate ?? null, ibsMunicipal: row?.ibsMunicipalRate ?? null, cbs: row?.cbsRate ?? null };
}

/**
 * The period of `today` and the next one (readiness looks that far ahead), each
 * with the IBS/CBS rates the law leaves open in it and why.
 */
export function reformRatesAhead(today: string): { from: string; openRates: ("cbs" | "ibsState" | "ibsMunicipal")[]; source: string }[] {
  const index = REFORM_RATE_ROWS.findIndex((row) => row.to === null || today <= row.to);
  if (index < 0) return [];
  return REFORM_RATE_ROWS.slice(index, index + 2).map((row) => {
    const rates = [["cbs", row.cbsRate, row.cbsSource], ["ibsState", row.ibsStateRate, row.ibsStateSource], ["ibsMunicipal", row.ibsMunicipalRate, row.ibsMunicipalSource]] as const;
    const open = rates.filter(([, rate]) => rate === null);
    return { from: row.from, openRates: open.map(([name]) => name), source: open.map(([, , source]) => source).join("; ") };
  });
}
