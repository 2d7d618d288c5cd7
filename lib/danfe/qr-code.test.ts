import QRCode from "qrcode";
import { describe, expect, it } from "vitest";
import { qrDarkRuns } from "./qr-code";

const CONTENT = "http://homnfce.sefaz.am.gov.br/nfceweb/consultarNFCe.jsp?p=42200310845180000166550010000016291182910232|3|2";

describe("qrDarkRuns", () => {
  it("covers exactly the dark modules of the level-M symbol, each once", () => {
    const { modules } = QRCode.create(CONTENT, { errorCorrectionLevel: "M" });
    const { size, runs } = qrDarkRuns(CONTENT);
    expect(size).toBe(modules.size);
    const drawn = new Uint8Array(size * size);
    for (const [row, col, length] of runs) for (let c = col; c < col + length; c++) drawn[row * size + c]! += 1;
    for (let row = 0; row < size; row++) for (let col = 0; col < size; col++) expect(drawn[row * size + col]).toBe(modules.get(row, col) ? 1 : 0);
  });

  it("merges neighbouring dark modules of a row into one run", () => {
    const { runs } = qrDarkRuns(CONTENT);
    // The finder patterns' top rows are 7 dark modules in a row.
    expect(runs[0]).toEqual([0, 0, 7]);
  });
});
