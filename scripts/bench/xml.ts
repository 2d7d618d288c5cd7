// `npm run bench:xml`: build + sign + validate a 10-item NF-e in a loop and
// print documents per second and milliseconds per step, for our engine
// (lib/fiscal/nfe) and for the npm package node-sped-nfe as a peer, whose
// xmllint and openssl child processes count in its cost. A third row signs
// through xml-crypto's SignedXml with libxml2's C14N plugged in, the
// alternative signXml's comment weighs.
//
// Two rates are printed: wall clock, and per CPU core (documents per second
// of CPU time of this process plus its waited-for children, from
// /proc/self/stat), which stays meaningful on a machine shared with other work.
import { execSync } from "node:child_process";
import fs from "node:fs";
import { buildNfe, signXml, validateXml, verifyXmlSignature } from "@/lib/fiscal/nfe";
import { testSigningCredentials } from "@/lib/fiscal/nfe/test-support/test-credentials";
import { signWithXmlCryptoAndLibxml2 } from "@/lib/fiscal/nfe/test-support/xml-crypto-libxml2-signer";
import { benchNfe, BENCH_ITEMS } from "./xml-input";
import { createPeer } from "./xml-peer";

const DOCS = Number(process.env.BENCH_XML_DOCS ?? 2000);
const PEER_DOCS = Number(process.env.BENCH_XML_PEER_DOCS ?? 100);
const XML_CRYPTO_DOCS = Number(process.env.BENCH_XML_XML_CRYPTO_DOCS ?? 200);
const WARMUP = Number(process.env.BENCH_XML_WARMUP ?? 100);
const CLOCK_TICKS = Number(execSync("getconf CLK_TCK").toString().trim()) || 100;

/** CPU seconds used so far by this process and its finished children (utime, stime, cutime, cstime). */
function cpuSeconds(): number {
  const stat = fs.readFileSync("/proc/self/stat", "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  // Fields 14-17 of proc(5), counted from "state" (field 3) = index 0.
  const ticks = [11, 12, 13, 14].reduce((sum, i) => sum + Number(fields[i]), 0);
  return ticks / CLOCK_TICKS;
}

type Result = { name: string; docs: number; wallMs: number; cpuS: number; steps: Record<"build" | "sign" | "validate", number>; lastSigned: string };

/** The three steps every row times; the peer's are asynchronous (child processes). */
type Pipeline = {
  build: (i: number) => Promise<string> | string;
  sign: (xml: string) => Promise<string> | string;
  validate: (xml: string) => Promise<unknown> | unknown;
};

async function run(name: string, docs: number, warmup: number, pipeline: Pipeline): Promise<Result> {
  let lastSigned = "";
  const one = async (i: number, steps: Result["steps"]) => {
    const t0 = performance.now();
    const built = await pipeline.build(i);
    const t1 = performance.now();
    const signed = await pipeline.sign(built);
    const t2 = performance.now();
    await pipeline.validate(signed);
    const t3 = performance.now();
    steps.build += t1 - t0;
    steps.sign += t2 - t1;
    steps.validate += t3 - t2;
    lastSigned = signed;
  };
  const scratch = { build: 0, sign: 0, validate: 0 };
  for (let i = 0; i < warmup; i++) await one(i, scratch);
  const steps = { build: 0, sign: 0, validate: 0 };
  const cpu0 = cpuSeconds();
  const t0 = performance.now();
  for (let i = 0; i < docs; i++) await one(warmup + i, steps);
  return { name, docs, wallMs: performance.now() - t0, cpuS: cpuSeconds() - cpu0, steps, lastSigned };
}

function print(r: Result): void {
  const per = (ms: number) => (ms / r.docs).toFixed(3).padStart(8);
  const wallRate = r.docs / (r.wallMs / 1000);
  const cpuRate = r.docs / Math.max(r.cpuS, 1 / CLOCK_TICKS);
  console.log(
    `${r.name.padEnd(16)} ${String(r.docs).padStart(6)} docs  ${wallRate.toFixed(1).padStart(8)} docs/s wall  ${cpuRate.toFixed(1).padStart(8)} docs/s per CPU core  ` +
      `ms/doc: build ${per(r.steps.build)}  sign ${per(r.steps.sign)}  validate ${per(r.steps.validate)}`,
  );
}

async function main(): Promise<void> {
  const credentials = testSigningCredentials();
  console.log(`bench:xml — ${BENCH_ITEMS}-item NF-e, build + sign (RSA-SHA1, C14N) + XSD validation (nfe_v4.00.xsd); load average ${fs.readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ")}`);

  const buildBenchNfe = (i: number) => buildNfe(benchNfe(i + 1)).xml;
  const validateNfe = (xml: string) => validateXml(xml, "nfe/nfe_v4.00.xsd");
  const ours = await run("fiscal-issuer", DOCS, WARMUP, { build: buildBenchNfe, sign: (xml) => signXml(xml, credentials, { tag: "infNFe" }), validate: validateNfe });
  if (!verifyXmlSignature(ours.lastSigned).valid) throw new Error("bench: our last document does not verify");

  const viaXmlCrypto = await run("xml-crypto+c14n", XML_CRYPTO_DOCS, Math.min(WARMUP, XML_CRYPTO_DOCS), {
    build: buildBenchNfe,
    sign: (xml) => signWithXmlCryptoAndLibxml2(xml, credentials, "infNFe"),
    validate: validateNfe,
  });
  if (!verifyXmlSignature(viaXmlCrypto.lastSigned).valid) throw new Error("bench: the xml-crypto document does not verify");

  const theirs = await run("node-sped-nfe", PEER_DOCS, Math.min(5, PEER_DOCS), createPeer());

  print(ours);
  print(viaXmlCrypto);
  print(theirs);
  const wallRatio = theirs.wallMs / theirs.docs / (ours.wallMs / ours.docs);
  const cpuRatio = theirs.cpuS / theirs.docs / (ours.cpuS / ours.docs);
  console.log(`ratio (fiscal-issuer / node-sped-nfe): ${wallRatio.toFixed(1)}x faster wall clock, ${cpuRatio.toFixed(1)}x less CPU per document`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
