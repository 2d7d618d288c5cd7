// npm run bench:danfe [N] — render time of a one-page NF-e DANFE (aim: median under 50 ms).
import { loadavg } from "node:os";
import { measureDanfeRender } from "@/lib/danfe/measure-danfe-render";

const iterations = Number(process.argv[2] ?? 50);
const r = await measureDanfeRender({ iterations });
console.log(
  `DANFE NF-e (1 page, ${r.bytes} bytes), ${r.iterations} renders: median ${r.medianMs.toFixed(1)} ms wall (p90 ${r.p90Ms.toFixed(1)}, min ${r.minMs.toFixed(1)}), median ${r.cpuMedianMs.toFixed(1)} ms CPU; load average ${loadavg()[0]!.toFixed(1)}`,
);
