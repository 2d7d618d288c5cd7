import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

// Test-only: an SMTP server on 127.0.0.1 (port 0) that keeps every message it accepts and answers
// DATA with the codes queued in `replies` (then 250), so tests see what a real server would receive.

export type ReceivedMail = { from: string; to: string[]; raw: string };

export type LoopbackSmtp = {
  url: string;
  port: number;
  received: ReceivedMail[];
  /** SMTP codes for the next messages' DATA, in order (e.g. [451] once temporary, [550] permanent). */
  replies: number[];
  auths: Array<{ username: string; password: string }>;
  close(): Promise<void>;
};

export async function startLoopbackSmtp(credentials = { user: "mailer", pass: "s3cret" }): Promise<LoopbackSmtp> {
  const state: Pick<LoopbackSmtp, "received" | "replies" | "auths"> = { received: [], replies: [], auths: [] };
  const server = new SMTPServer({
    disabledCommands: ["STARTTLS"],
    allowInsecureAuth: true,
    logger: false,
    onAuth(auth, _session, callback) {
      state.auths.push({ username: auth.username ?? "", password: auth.password ?? "" });
      if (auth.username === credentials.user && auth.password === credentials.pass) return callback(null, { user: auth.username });
      return callback(new Error("535 authentication failed"));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const code = state.replies.shift();
        if (code && code >= 400) {
          const error = new Error(code < 500 ? "Try again later (greylisted)" : "Message rejected by policy") as Error & { responseCode: number };
          error.responseCode = code;
          return callback(error);
        }
        state.received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString("utf8"),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://${credentials.user}:${credentials.pass}@127.0.0.1:${port}`,
    port,
    ...state,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type MimePart = { headers: Record<string, string>; body: Buffer };

/** The leaf parts of a MIME message (multipart nested), each body decoded (base64 or quoted-printable). */
export function mimeParts(raw: string): MimePart[] {
  const [head, ...rest] = raw.split(/\r?\n\r?\n/);
  const headers = parseHeaders(head ?? "");
  const body = rest.join("\r\n\r\n");
  const boundary = /boundary="?([^";\r\n]+)"?/i.exec(headers["content-type"] ?? "")?.[1];
  if (boundary) {
    return body
      .split(`--${boundary}`)
      .slice(1)
      .filter((part) => !part.startsWith("--"))
      .flatMap((part) => mimeParts(part.replace(/^\r?\n/, "")));
  }
  const encoding = (headers["content-transfer-encoding"] ?? "").toLowerCase();
  if (encoding === "base64") return [{ headers, body: Buffer.from(body.replace(/\s+/g, ""), "base64") }];
  if (encoding === "quoted-printable") {
    const decoded = body.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    return [{ headers, body: Buffer.from(decoded, "latin1") }];
  }
  return [{ headers, body: Buffer.from(body, "utf8") }];
}

export function mailHeaders(raw: string): Record<string, string> {
  return parseHeaders(raw.split(/\r?\n\r?\n/)[0] ?? "");
}

function parseHeaders(block: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const line of block.replace(/\r?\n[ \t]+/g, " ").split(/\r?\n/)) {
    const colon = line.indexOf(":");
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return headers;
}

/** An attachment's file name from its Content-Disposition (or Content-Type name). */
export function partFileName(part: MimePart): string | null {
  const source = `${part.headers["content-disposition"] ?? ""}; ${part.headers["content-type"] ?? ""}`;
  return /(?:filename|name)="?([^";]+)"?/i.exec(source)?.[1] ?? null;
}
