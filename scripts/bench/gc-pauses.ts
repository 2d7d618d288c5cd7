// The server's garbage-collection pauses during a measurement, read from its
// `--trace-gc` lines on stdout: on this machine they, not the route's code,
// set the p99, so the bench prints them beside the latency.
import type { Readable } from "node:stream";

// "[pid:0x…]  46950 ms: Mark-Compact 483.4 (519.3) -> 68.7 (520.4) MB, 26.06 / 0.03 ms  (+ …"
const TRACE_LINE = /ms: (Scavenge|Mark-Compact|Minor Mark-Sweep)\b.*?MB, ([\d.]+) \/ [\d.]+ ms/;

export type GcPauses = { scavenges: number[]; fullCollections: number[] };

export function parseGcTraceLine(line: string): { kind: "scavenge" | "full"; pauseMs: number } | null {
  const match = TRACE_LINE.exec(line);
  if (!match) return null;
  return { kind: match[1] === "Mark-Compact" ? "full" : "scavenge", pauseMs: Number(match[2]) };
}

/** Collects pauses from `stdout` while a window is open. */
export function watchGcPauses(stdout: Readable) {
  let window: GcPauses | null = null;
  let rest = "";
  stdout.setEncoding("utf8");
  stdout.on("data", (chunk: string) => {
    const lines = (rest + chunk).split("\n");
    rest = lines.pop() ?? "";
    for (const line of lines) {
      const pause = parseGcTraceLine(line);
      if (!pause || !window) continue;
      (pause.kind === "full" ? window.fullCollections : window.scavenges).push(pause.pauseMs);
    }
  });
  return {
    start() {
      window = { scavenges: [], fullCollections: [] };
    },
    stop(): GcPauses {
      const taken = window ?? { scavenges: [], fullCollections: [] };
      window = null;
      return taken;
    },
  };
}

export function describeGcPauses({ scavenges, fullCollections }: GcPauses, seconds: number): string {
  const sorted = [...scavenges].sort((a, b) => a - b);
  const median = sorted.length ? sorted[Math.floor(sorted.length / 2)]!.toFixed(1) : "-";
  const max = sorted.length ? sorted.at(-1)!.toFixed(1) : "-";
  const full = fullCollections.length ? `${fullCollections.length} (longest ${Math.max(...fullCollections).toFixed(1)} ms)` : "0";
  return `server GC: ${(scavenges.length / seconds).toFixed(1)} young-generation pauses/s (median ${median} ms, longest ${max} ms), full collections ${full}`;
}
