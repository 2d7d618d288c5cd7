// Operator command line: `npm run cli -- <resource> <action> [--flags]`.
// Each command prints JSON with --json, and exits non-zero with a clear message on bad input.
import { runCommand } from "@/lib/cli/commands";

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

const [resource, action, ...rest] = process.argv.slice(2);
const values = parseFlags(rest);

runCommand(resource, action, values)
  .then((output) => {
    console.log(values.json ? JSON.stringify(output, null, 2) : output);
    process.exit(0);
  })
  .catch((error: unknown) => {
    console.error(`error: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  });
