import type { DanfeData } from "./danfe-data";

// A DANFE that surely fits one A4 page is rendered without pagination:
// react-pdf's page splitting lays the whole page out a second time (and a
// page-number render prop a third), which is most of a one-page render. The
// estimate is conservative; anything doubtful takes the paginated path.

const ITEM_LINE_BUDGET = 14;
const DESCRIPTION_CHARS_PER_LINE = 38;
const ADDITIONAL_INFO_CHARS_PER_LINE = 100;
const ADDITIONAL_INFO_FREE_LINES = 5;

export function fitsOnOnePage(data: DanfeData): boolean {
  const itemLines = data.items.reduce((sum, item) => sum + Math.max(1, Math.ceil(item.description.length / DESCRIPTION_CHARS_PER_LINE)), 0);
  const infoLines = Math.ceil(((data.additionalInfo?.length ?? 0) + (data.fiscoInfo?.length ?? 0)) / ADDITIONAL_INFO_CHARS_PER_LINE);
  const installmentRows = Math.ceil(data.installments.length / 6);
  return itemLines + Math.max(0, infoLines - ADDITIONAL_INFO_FREE_LINES) + Math.max(0, installmentRows - 1) * 3 <= ITEM_LINE_BUDGET;
}
