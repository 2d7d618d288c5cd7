// The status page's figures in the reader's language (its locale from next-intl): "2.425 ms" and
// "0,12%" in pt-BR, "2,425 ms" and "0.12%" in English; dates in the installation's time zone.

export type FigureFormat = {
  ms: (value: number | null) => string;
  percent: (value: number | null) => string;
  count: (value: number) => string;
  dateTime: (iso: string) => string;
  shortDateTime: (iso: string) => string;
};

const NONE = "—";

export function figureFormat(locale: string, timeZone: string): FigureFormat {
  const ms = new Intl.NumberFormat(locale, { style: "unit", unit: "millisecond", unitDisplay: "short", maximumFractionDigits: 1 });
  const percent = new Intl.NumberFormat(locale, { style: "percent", maximumFractionDigits: 2 });
  const count = new Intl.NumberFormat(locale);
  const dateTime = new Intl.DateTimeFormat(locale, { dateStyle: "short", timeStyle: "medium", timeZone });
  const shortDateTime = new Intl.DateTimeFormat(locale, { dateStyle: "short", timeStyle: "short", timeZone });
  return {
    ms: (value) => (value === null ? NONE : ms.format(value)),
    percent: (value) => (value === null ? NONE : percent.format(value)),
    count: (value) => count.format(value),
    dateTime: (iso) => dateTime.format(new Date(iso)),
    shortDateTime: (iso) => shortDateTime.format(new Date(iso)),
  };
}
