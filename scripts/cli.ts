// Operator command line: `npm run cli -- <resource> <action> [--flags]`.
// Lists print a table (JSON with --json); other commands print their result (JSON with --json);
// bad input exits non-zero with a clear message. Without DATABASE_URL it works on the embedded
// database under DATA_DIR, joining the running server or starting one for the command.
import { formatTable } from "@/lib/cli/format-table";
import { applyMigrations } from "@/lib/db/apply-migrations";
import { openProcessDatabase } from "@/lib/db/local-database";

// "--name value", "--name=value" and bare "--json" (true). node:util parseArgs
// without declared options reads every flag as a boolean, dropping the values.
function parseFlags(args: string[]): Record<string, string | boolean> {
  const flags: Record<string, string | boolean> = {};
  for (let i = 0; i < args.length; i++) {
    const match = /^--([^=]+)(?:=(.*))?$/.exec(args[i]!);
    if (!match) continue;
    const [, name, inline] = match;
    const next = args[i + 1];
    if (inline !== undefined) flags[name!] = inline;
    else if (next !== undefined && !next.startsWith("--")) flags[name!] = args[++i]!;
    else flags[name!] = true;
  }
  return flags;
}

function render(output: unknown, json: boolean): string {
  if (json) return JSON.stringify(output, null, 2);
  if (Array.isArray(output)) return formatTable(output as Record<string, unknown>[]);
  return typeof output === "string" ? output : JSON.stringify(output, null, 2);
}

async function main(): Promise<number> {
  const [resource, action, ...rest] = process.argv.slice(2);
  const values = parseFlags(rest);
  const database = await openProcessDatabase();
  try {
    // The embedded database may never have been started by `npm start` yet; an external one is migrated by `npm run db:migrate`.
    if (database.embedded) await applyMigrations(database.url);
    // Imported after the database is resolved: env() reads DATABASE_URL once.
    const { runCommand } = await import("@/lib/cli/commands");
    const output = await runCommand(resource, action, values);
    console.log(render(output, values.json === true));
    // A command may report a failure it has printed (authority check).
    return typeof process.exitCode === "number" ? process.exitCode : 0;
  } catch (error) {
    console.error(`error: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  } finally {
    await database.stop();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`error: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
