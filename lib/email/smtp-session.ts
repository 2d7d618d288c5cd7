import net from "node:net";
import type SMTPTransport from "nodemailer/lib/smtp-transport";

// One SMTP session's bounds beyond nodemailer's own timeouts (issue 49, finding 2). Its
// connectionTimeout, greetingTimeout and socketTimeout each wait for one thing; a server
// answering a byte every 25 s meets every one of them and holds the session for ever, and one
// sending an endless line fills nodemailer's reply buffer (12–19 MB a message was seen). Here
// the socket is ours (nodemailer's getSocket hook): destroyed at the session's deadline, or once
// the server has sent more than a session's replies ever need.

/** Everything a server sends in one session (greeting, EHLO, AUTH, envelope and DATA replies) is a few kB. */
export const MAX_SERVER_BYTES = 64 * 1024;

export type BoundedSession = { options: SMTPTransport.Options; finish(): void };

/** nodemailer's options for one session over a socket bounded by `deadlineMs` and MAX_SERVER_BYTES. */
export function boundedSession(transport: SMTPTransport.Options, deadlineMs: number): BoundedSession {
  let socket: net.Socket | null = null;
  let aborted: Error | null = null;
  const abort = (reason: string) => {
    aborted ??= Object.assign(new Error(reason), { code: "ESESSION" });
    socket?.destroy(aborted);
  };
  const timer = setTimeout(() => abort(`Sessão SMTP encerrada: sem conclusão em ${Math.round(deadlineMs / 1000)} s`), deadlineMs);
  timer.unref?.();
  const getSocket = (options: SMTPTransport.Options, callback: (error: Error | null, socket?: { connection: net.Socket }) => void) => {
    if (aborted) return callback(aborted);
    const port = Number(options.port) || (options.secure ? 465 : 587);
    const opened = net.connect({ host: options.host, port });
    socket = opened;
    let received = 0;
    // Counted as the bytes arrive (before nodemailer buffers them); nodemailer attaches its own
    // reader in the same tick as the callback below, so no byte is read before it listens.
    opened.on("data", (chunk: Buffer) => {
      received += chunk.length;
      if (received > MAX_SERVER_BYTES) abort(`Sessão SMTP encerrada: o servidor enviou mais de ${MAX_SERVER_BYTES} bytes de respostas`);
    });
    let answered = false;
    const answer = (error: Error | null) => {
      if (answered) return;
      answered = true;
      if (error) callback(error);
      else callback(null, { connection: opened });
    };
    opened.once("connect", () => answer(null));
    opened.once("error", (error) => answer(error));
    opened.once("close", () => answer(aborted ?? new Error("connection closed before it opened")));
  };
  return {
    options: { ...transport, getSocket } as SMTPTransport.Options,
    finish() {
      clearTimeout(timer);
      socket?.destroy();
    },
  };
}
