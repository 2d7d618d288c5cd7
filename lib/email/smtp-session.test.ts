import { afterEach, describe, expect, it } from "vitest";
import { resetEnvCache } from "@/lib/config/env";
import { deliverMail } from "./smtp-delivery";
import { MAX_SERVER_BYTES } from "./smtp-session";
import { startMisbehavingSmtp, type MisbehavingSmtp } from "./testing/misbehaving-smtp";

// Issue 49, finding 2: nodemailer's timeouts each wait for one thing, so a server answering a
// byte at a time held a session for ever, and an endless banner line was read without bound.

let server: MisbehavingSmtp | null = null;
afterEach(async () => {
  await server?.close();
  server = null;
  delete process.env.SMTP_SESSION_SECONDS;
  resetEnvCache();
});

const send = (port: number) =>
  deliverMail(
    { source: "company", transport: { host: "127.0.0.1", port, secure: false, connectionTimeout: 20_000, greetingTimeout: 20_000, socketTimeout: 60_000 }, fromAddress: "nfe@emitente.com.br" },
    { issuerName: "Emitente", to: ["cliente@example.com"], subject: "NF-e", text: "t", html: "<p>t</p>" },
  );

describe("an SMTP session's bounds", () => {
  it("ends a session whose server trickles its replies at SMTP_SESSION_SECONDS, as a temporary failure", async () => {
    process.env.SMTP_SESSION_SECONDS = "2";
    resetEnvCache();
    server = await startMisbehavingSmtp("trickle", 4303);
    const started = Date.now();
    const outcome = await send(server.port);
    expect(Date.now() - started).toBeLessThan(4_000);
    expect(outcome).toMatchObject({ ok: false, temporary: true, code: null, reply: expect.stringContaining("sem conclusão em 2 s") });
  });

  it("stops reading an endless banner line past the session's reply budget", async () => {
    server = await startMisbehavingSmtp("flood", 4304, 5);
    const started = Date.now();
    const outcome = await send(server.port);
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(outcome).toMatchObject({ ok: false, temporary: true, reply: expect.stringContaining(`mais de ${MAX_SERVER_BYTES} bytes`) });
  });
});
