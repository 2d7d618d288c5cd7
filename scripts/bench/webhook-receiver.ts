import { spawn } from "node:child_process";

/** connections: TCP connections the receiver accepted (senders keep them alive between requests). */
export type Receipts = { requests: number; connections: number; receipts: Record<string, number> };

export type ReceiverProcess = { url: string; pid: number; receipts: () => Promise<Receipts>; stop: () => void };

/** Starts scripts/bench/webhook-receiver-process.ts and waits for its URL. */
export async function startReceiverProcess(): Promise<ReceiverProcess> {
  const child = spawn(process.execPath, ["--import", "tsx", "scripts/bench/webhook-receiver-process.ts"], { stdio: ["ignore", "pipe", "inherit"] });
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout.on("data", (chunk: Buffer) => {
      const match = /RECEIVER_URL=(\S+)/.exec(chunk.toString());
      if (match?.[1]) resolve(match[1]);
    });
    child.once("exit", (code) => reject(new Error(`receiver exited with ${code}`)));
  });
  return {
    url,
    pid: child.pid!,
    receipts: async () => (await fetch(`${url}/_receipts`)).json() as Promise<Receipts>,
    stop: () => child.kill("SIGTERM"),
  };
}
