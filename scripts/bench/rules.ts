// `npx tsx scripts/bench/rules.ts`: the SEFAZ business rules (assertBusinessRules,
// what the worker runs before sending and the simulator on receipt) in a loop over
// a signed 10-item NF-e (scripts/bench/xml-input.ts); prints µs of CPU per document.
// BENCH_RULES_DOCS sets the loop's length; node --cpu-prof profiles it.
import { assertBusinessRules, BUSINESS_RULES, buildSignedNfe, firstRuleViolation } from "@/lib/fiscal/nfe";
import { readNfeView } from "@/lib/fiscal/nfe/rules/nfe-view";
import { testSigningCredentials } from "@/lib/fiscal/nfe/test-support/test-credentials";
import { benchNfe } from "./xml-input";

const DOCS = Number(process.env.BENCH_RULES_DOCS ?? 20000);
const WARMUP = Math.min(2000, DOCS);

const credentials = testSigningCredentials();
const xmls = Array.from({ length: 16 }, (_, i) => buildSignedNfe(benchNfe(i + 1), credentials).xml);
// Received a second after issue, so the rules that read the receipt time (the simulator's) run too.
const receivedAt = new Date(new Date(benchNfe(1).issuedAt).getTime() + 1000);
for (const xml of xmls) {
  const violation = firstRuleViolation(xml, { receivedAt });
  if (violation) throw new Error(`bench: the document breaks ${violation.rule.id}: ${violation.xMotivo}`);
}

function loop(docs: number): number {
  const cpu0 = process.cpuUsage();
  for (let i = 0; i < docs; i++) assertBusinessRules(xmls[i % xmls.length]!, { csc: null, receivedAt });
  const cpu = process.cpuUsage(cpu0);
  return (cpu.user + cpu.system) / docs;
}

// The first documents of a fresh process, as bench:emit's workers and simulator see them (a few hundred each).
const cold = loop(200);
loop(WARMUP);
const runs = [loop(DOCS / 4), loop(DOCS / 4), loop(DOCS / 4), loop(DOCS / 4)].sort((a, b) => a - b);
console.log(`assertBusinessRules on a signed 10-item NF-e: median ${((runs[1]! + runs[2]!) / 2).toFixed(1)} µs CPU per document (min ${runs[0]!.toFixed(1)}, max ${runs[3]!.toFixed(1)}; ${DOCS} documents); the first 200 of the process: ${cold.toFixed(1)} µs`);

// BENCH_RULES_EACH=1: the cost of reading the view and of each rule on it, costliest first.
if (process.env.BENCH_RULES_EACH === "1") {
  const views = xmls.map((xml) => readNfeView(xml));
  const time = (run: (i: number) => void) => {
    const n = 2000;
    for (let i = 0; i < 200; i++) run(i);
    const cpu0 = process.cpuUsage();
    for (let i = 0; i < n; i++) run(i);
    const cpu = process.cpuUsage(cpu0);
    return (cpu.user + cpu.system) / n;
  };
  const rows = [{ name: "readNfeView", us: time((i) => readNfeView(xmls[i % xmls.length]!)) }];
  for (const rule of BUSINESS_RULES) rows.push({ name: `${rule.id} ${rule.name}`, us: time((i) => rule.check(views[i % views.length]!, { csc: null, receivedAt })) });
  rows.sort((a, b) => b.us - a.us);
  console.log(`sum ${rows.reduce((s, r) => s + r.us, 0).toFixed(1)} µs`);
  for (const row of rows.slice(0, 40)) console.log(`${row.us.toFixed(2).padStart(8)} µs  ${row.name}`);
}
