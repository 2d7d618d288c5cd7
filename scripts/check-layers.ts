// `npx tsx scripts/check-layers.ts`: lists imports that run from a lower layer to a higher one
// (docs/architecture.md, Layers) and exits non-zero when there is one that LAYER_EXCEPTIONS does
// not list with its reason. scripts/check-layers.test.ts runs it with the unit tests.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

/**
 * The rooms of lib/, lowest first: a room imports only rooms before it. A room added to lib/ must
 * be placed here (the check refuses an unplaced one).
 */
export const LIB_ORDER = [
  // Foundations: settings, errors, words, keys, connections.
  "config", "errors", "i18n", "crypto", "db",
  // What a contract is made of: defineContract, pagination, parsing, the error object.
  "contracts",
  // Fiscal knowledge: Brazilian formats, official tables, tax arithmetic, XML, certificates, authorities.
  "br", "fiscal-tables", "tax", "fiscal", "certificates", "authority", "authority-calls",
  // Identity and the machinery the domains share.
  "rate-limit", "auth", "users", "numbering", "events", "jobs",
  // Domains, each above what it uses.
  "companies", "clients", "tax-rules", "products", "carriers", "templates", "branding", "overview", "contingency", "lookups",
  "documents", "emission", "danfe", "danfse", "document-events", "mdfe", "inutilizations", "imports", "downloads", "webhooks", "status", "email", "received", "exports", "certificate-alerts",
  "health", "seed", "cli", "client",
  // The route wrappers: authentication, parsing, error mapping, idempotency, security headers.
  "api",
] as const;

/** Top-level folders above lib/, lowest first. Files outside these and lib/ (scripts/, test/, e2e/, root files) may import anything. */
export const TOP_ORDER = ["lib", "openapi", "inngest", "components", "app"] as const;

export type LayerException = { file: string; imports: string; reason: string };

/** The upward imports we keep, each with its reason (also written beside the import). */
export const LAYER_EXCEPTIONS: LayerException[] = [
  {
    file: "lib/emission/contingency/resolve-replaced-attempts.ts",
    imports: "@/lib/inutilizations/create-inutilization",
    reason: "the number of an attempt replaced in contingency that never reached the authority is voided by the one inutilization path the API uses (same rules, same records)",
  },
  {
    file: "lib/certificates/icp-brasil-chain.ts",
    imports: "@/lib/authority/trust-store",
    reason: "an A1's chain is checked against the same ICP-Brasil anchors authority calls trust (trust-store.ts reads only settings and its PEM files); install-certificate.ts takes the store through this file's parameter type",
  },
  {
    file: "lib/auth/sign-in-throttle.ts",
    imports: "@/lib/api/client-address",
    reason: "sign-in attempts are counted per client address, resolved behind trusted proxies exactly as the API resolves it",
  },
  {
    file: "lib/documents/create-document.ts",
    imports: "@/lib/emission/queue-emission",
    reason: "create with emit: true queues the emission run in the creation's own transaction (one commit per document)",
  },
  {
    file: "lib/documents/read-creation-state.ts",
    imports: "@/lib/emission/queue-emission",
    reason: "create with emit: true reads the company's emission load in the creation's one read",
  },
];

/**
 * Circles of run-time imports between files that are still there (issue 53 item 4 asks for none),
 * each by its files and why it is not cut yet. A new circle fails the check.
 */
export const KNOWN_CIRCLES: { files: string[]; reason: string }[] = [];

type Unit = { top: string; room: string | null };

const ROOT = path.resolve(import.meta.dirname, "..");
const SOURCE = /\.(ts|tsx|mts)$/;
const IMPORT = /(?:^|[\s;])(?:import|export)\s+(?:type\s+)?(?:[\w*{}\s,$]+\s+from\s+)?["']([^"']+)["']|\bimport\(\s*["']([^"']+)["']\s*\)/g;

/** Test files and test helpers (testing/, test-support/, testing.ts) set up state through any layer. */
export function isTestCode(file: string): boolean {
  return /\.test\.tsx?$/.test(file) || /(^|\/)(testing|test-support)\//.test(file) || /(^|\/)testing\.ts$/.test(file);
}

function unitOf(file: string): Unit | null {
  const [top, room] = file.split("/");
  // "@/lib/companies" is the room's index.
  if (top === "lib" && room) return { top, room: room.replace(SOURCE, "") };
  if ((TOP_ORDER as readonly string[]).includes(top!) && file.includes("/")) return { top: top!, room: null };
  return null;
}

function resolveSpecifier(from: string, specifier: string): string | null {
  if (specifier.startsWith("@/")) return specifier.slice(2);
  if (specifier.startsWith(".")) return path.posix.normalize(path.posix.join(path.posix.dirname(from), specifier));
  return null;
}

/** 0-based rank of a unit: lib's rooms in LIB_ORDER, then the top folders above lib. */
function rank(unit: Unit): number {
  if (unit.top === "lib") return (LIB_ORDER as readonly string[]).indexOf(unit.room!);
  return LIB_ORDER.length + TOP_ORDER.indexOf(unit.top as (typeof TOP_ORDER)[number]);
}

function sourceFiles(directory: string): string[] {
  const files: string[] = [];
  for (const entry of readdirSync(path.join(ROOT, directory), { withFileTypes: true })) {
    const relative = `${directory}/${entry.name}`;
    if (entry.isDirectory()) files.push(...sourceFiles(relative));
    else if (SOURCE.test(entry.name)) files.push(relative);
  }
  return files;
}

export type UpwardImport = { file: string; imports: string; from: string; to: string; allowedBecause?: string };

/** The repository's source files under lib/ and the top folders, by path from the root. */
export function repositorySources(): Map<string, string> {
  return new Map(TOP_ORDER.flatMap((top) => sourceFiles(top)).map((file) => [file, readFileSync(path.join(ROOT, file), "utf8")]));
}

/**
 * Every import of a lower unit to a higher (or of an unplaced lib room), with the exception that
 * allows it if any. `sources`: path from the root → text (the repository's by default).
 */
export function findUpwardImports(sources: Map<string, string> = repositorySources()): { upward: UpwardImport[]; unplacedRooms: string[] } {
  const upward: UpwardImport[] = [];
  const unplaced = new Set<string>();
  for (const [file, text] of sources) {
    if (isTestCode(file)) continue;
    const unit = unitOf(file);
    if (!unit) continue;
    if (rank(unit) < 0) {
      unplaced.add(unit.room!);
      continue;
    }
    for (const match of text.matchAll(IMPORT)) {
      const specifier = match[1] ?? match[2]!;
      const target = resolveSpecifier(file, specifier);
      const targetUnit = target && unitOf(target);
      if (!targetUnit || (targetUnit.top === unit.top && targetUnit.room === unit.room)) continue;
      if (targetUnit.top === "lib" && rank(targetUnit) < 0) unplaced.add(targetUnit.room!);
      if (rank(targetUnit) < rank(unit)) continue;
      const name = (u: Unit) => (u.room ? `${u.top}/${u.room}` : u.top);
      const exception = LAYER_EXCEPTIONS.find((allowed) => allowed.file === file && allowed.imports === `@/${target}`.replace(/\.(ts|tsx)$/, ""));
      upward.push({ file, imports: specifier, from: name(unit), to: name(targetUnit), allowedBecause: exception?.reason });
    }
  }
  return { upward, unplacedRooms: [...unplaced].sort() };
}

/** The file an import names, with its extension or index file as they exist among `sources`. */
function resolveFile(from: string, specifier: string, sources: Map<string, string>): string | null {
  const target = resolveSpecifier(from, specifier);
  if (!target) return null;
  return [target, `${target}.ts`, `${target}.tsx`, `${target}/index.ts`, `${target}/index.tsx`].find((candidate) => sources.has(candidate)) ?? null;
}

/** Imports that only bring types (`import type`, `export type`) vanish at run time: no order between files. */
const VALUE_IMPORT = /(?:^|[\s;])(?:import|export)\s+(?!type\s)(?:[\w*{}\s,$]+\s+from\s+)?["']([^"']+)["']/g;

/**
 * Circles of run-time imports between source files (tests and test helpers left out): each as
 * the files of one strongly connected component, sorted. Dynamic import() is left out too: it
 * runs when called, after every module of the circle has loaded.
 */
export function findImportCircles(sources: Map<string, string> = repositorySources()): string[][] {
  const graph = new Map<string, string[]>();
  for (const [file, text] of sources) {
    if (isTestCode(file)) continue;
    const targets = [...text.matchAll(VALUE_IMPORT)].map((match) => resolveFile(file, match[1]!, sources)).filter((target): target is string => target !== null && !isTestCode(target));
    graph.set(file, [...new Set(targets)]);
  }
  // Tarjan's strongly connected components, iteratively (deep import chains).
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const circles: string[][] = [];
  let next = 0;
  for (const root of graph.keys()) {
    if (index.has(root)) continue;
    const work: { file: string; edge: number }[] = [{ file: root, edge: 0 }];
    index.set(root, next);
    low.set(root, next++);
    stack.push(root);
    onStack.add(root);
    while (work.length > 0) {
      const frame = work[work.length - 1]!;
      const edges = graph.get(frame.file) ?? [];
      if (frame.edge < edges.length) {
        const target = edges[frame.edge++]!;
        if (!index.has(target)) {
          index.set(target, next);
          low.set(target, next++);
          stack.push(target);
          onStack.add(target);
          work.push({ file: target, edge: 0 });
        } else if (onStack.has(target)) low.set(frame.file, Math.min(low.get(frame.file)!, index.get(target)!));
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) low.set(parent.file, Math.min(low.get(parent.file)!, low.get(frame.file)!));
      if (low.get(frame.file) !== index.get(frame.file)) continue;
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== frame.file);
      if (component.length > 1 || (graph.get(frame.file) ?? []).includes(frame.file)) circles.push(component.sort());
    }
  }
  return circles;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { upward, unplacedRooms } = findUpwardImports();
  const refused = upward.filter((entry) => !entry.allowedBecause);
  for (const entry of upward.filter((item) => item.allowedBecause)) console.log(`allowed  ${entry.file} → ${entry.imports}: ${entry.allowedBecause}`);
  for (const entry of refused) console.error(`UPWARD   ${entry.file} (${entry.from}) → ${entry.imports} (${entry.to})`);
  for (const room of unplacedRooms) console.error(`UNPLACED lib/${room}: add it to LIB_ORDER in scripts/check-layers.ts`);
  const known = new Set(KNOWN_CIRCLES.map((circle) => circle.files.join(" ")));
  const circles = findImportCircles();
  for (const circle of circles) {
    if (known.has(circle.join(" "))) console.log(`known circle  ${circle.join(" ⇄ ")}`);
    else console.error(`CIRCLE   ${circle.join(" ⇄ ")}`);
  }
  const newCircles = circles.filter((circle) => !known.has(circle.join(" ")));
  if (refused.length > 0 || unplacedRooms.length > 0 || newCircles.length > 0) process.exit(1);
  console.log(`layers: no upward import besides the ${upward.length} allowed; ${circles.length} circle(s) between files, each listed in KNOWN_CIRCLES`);
}
