// npm run bench:danfe — median render time of a one-page NF-e DANFE (aim: under 50 ms).
import { measureDanfeRender } from "@/lib/danfe/measure-danfe-render";

const iterations = Number(process.argv[2] ?? 50);
const result = await measureDanfeRender({ iterations });
console.log(
  `DANFE NF-e (1 page, ${result.bytes} bytes): median ${result.medianMs.toFixed(1)} ms, p90 ${result.p90Ms.toFixed(1)} ms, min ${result.minMs.toFixed(1)} ms over ${result.iterations} renders`,
);
