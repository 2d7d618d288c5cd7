// Next's start hook (runs once per server process). The work is in instrumentation-node.ts, imported
// only inside the Node.js runtime's branch: Next replaces NEXT_RUNTIME when it compiles, so the edge
// copy of this hook drops the import instead of compiling the whole app for the Edge Runtime.
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME === "nodejs") await (await import("./instrumentation-node")).registerNode();
}
