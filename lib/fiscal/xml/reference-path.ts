import path from "node:path";

// The vendored schemas and SEFAZ tables (lib/fiscal/reference, see its README).
// Resolved from the project root: the app, the tests, the CLI and the bench all
// run with it as the working directory; FISCAL_REFERENCE_DIR overrides it for a
// deployment that places the folder elsewhere.
// The folder is read at run time, not bundled: turbopackIgnore keeps Next's file tracing from
// treating the joined path as "any file of the project" and tracing all of it into the build.
export function referencePath(...parts: string[]): string {
  const base = process.env.FISCAL_REFERENCE_DIR ?? path.join(process.cwd(), "lib", "fiscal", "reference");
  return path.join(/*turbopackIgnore: true*/ base, ...parts);
}
