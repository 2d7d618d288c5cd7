import { PassThrough } from "node:stream";
import { describe, expect, it } from "vitest";
import { describeGcPauses, parseGcTraceLine, watchGcPauses } from "./gc-pauses";

const scavenge = "[18931:0xbae8f90]   170272 ms: Scavenge 457.4 (541.0) -> 446.2 (541.0) MB, 4.29 / 0.14 ms  (average mu = 0.998, current mu = 0.998) task;";
const markCompact = "[18931:0xbae8f90]    46950 ms: Mark-Compact 483.4 (519.3) -> 68.7 (520.4) MB, 26.06 / 0.03 ms  (+ 52.8 ms in 62 steps since start of marking)";

describe("GC pauses from --trace-gc", () => {
  it("reads the pause of scavenges and mark-compacts, and ignores other lines", () => {
    expect(parseGcTraceLine(scavenge)).toEqual({ kind: "scavenge", pauseMs: 4.29 });
    expect(parseGcTraceLine(markCompact)).toEqual({ kind: "full", pauseMs: 26.06 });
    expect(parseGcTraceLine("✓ Ready in 141ms")).toBeNull();
  });

  it("counts only what arrives while the window is open, across split chunks", async () => {
    const stdout = new PassThrough();
    const watch = watchGcPauses(stdout);
    stdout.write(`${scavenge}\n`);
    await new Promise((resolve) => setImmediate(resolve));
    watch.start();
    stdout.write(`${scavenge.slice(0, 40)}`);
    stdout.write(`${scavenge.slice(40)}\n${markCompact}\n`);
    await new Promise((resolve) => setImmediate(resolve));
    const pauses = watch.stop();
    expect(pauses).toEqual({ scavenges: [4.29], fullCollections: [26.06] });
    expect(describeGcPauses(pauses, 2)).toBe("server GC: 0.5 young-generation pauses/s (median 4.3 ms, longest 4.3 ms), full collections 1 (longest 26.1 ms)");
  });
});
