import { cfopSection, inutilizationSection, resumoLine, ResumoTotals } from "./resumo-csv";
import { cfopTotals, resumoInutilizations, resumoPages } from "./resumo-rows";
import type { ExportCriteria } from "./walk-documents";

/** resumo.csv's documents by model, series and number, their totals by status and CFOP, and the period's inutilized ranges. */
export async function writeResumoSummary(write: (text: string) => Promise<void>, criteria: ExportCriteria): Promise<void> {
  const totals = new ResumoTotals();
  for await (const page of resumoPages(criteria)) {
    let text = "";
    for (const document of page) {
      text += resumoLine(document);
      totals.add(document);
    }
    await write(text);
  }
  await write(totals.footer());
  await write(cfopSection(await cfopTotals(criteria)));
  await write(inutilizationSection(await resumoInutilizations(criteria)));
}
