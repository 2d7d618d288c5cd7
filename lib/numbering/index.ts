// Document numbering: atomic allocation per (company, model, series, environment),
// counters for the dashboard, and numbers awaiting inutilization.
export { allocateNumber, numberingUpsertSql, MAX_DOCUMENT_NUMBER, MAX_SERIES, type FiscalModel, type NumberingKey } from "./allocate-number";
export { listSeriesCounters, setAutoInutilize, setNextNumber, type SeriesCounter } from "./numbering-series";
export { listUnusedNumbers, type UnusedNumber, type UnusedNumberGroup } from "./list-unused-numbers";
export { numberHold, NUMBER_HOLDER_SELECT, type NumberHolder } from "./number-holders";
export { pendingGapsOf, GAPS_WARNING_DAY, type PendingGaps } from "./pending-gaps";
