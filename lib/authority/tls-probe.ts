import { isIP } from "node:net";
import tls from "node:tls";
import { authorityTrustStore, type TrustStore } from "./trust-store";
import { chainProblem, watchTlsSession, type TlsSession } from "./tls-session";
import type { ClientCertificate } from "./types";

// One TLS handshake with an authority host, as the clients make it (same
// trust store, the company's A1 when there is one), for `authority check`:
// what chain the server presents, until when, over which protocol, and
// whether we trust it. Nothing is sent after the handshake.

export type TlsProbeResult = ({ ok: true } | { ok: false; reason: string }) & { session?: TlsSession };

export type TlsProbeOptions = { certificate?: ClientCertificate; timeoutMs: number; trustStore?: TrustStore; trustedCaPem?: string };

export function probeTls(url: string, options: TlsProbeOptions): Promise<TlsProbeResult> {
  const target = new URL(url);
  const host = target.hostname.replace(/^\[(.*)\]$/, "$1");
  let ca: string[];
  try {
    ca = (options.trustStore ?? authorityTrustStore()).caPems;
  } catch (error) {
    return Promise.resolve({ ok: false, reason: (error as Error).message });
  }
  const withClientCertificate = options.certificate?.certificatePem ? { key: options.certificate.privateKeyPem, cert: options.certificate.certificatePem } : {};
  return new Promise((resolve) => {
    const socket = tls.connect({
      host,
      port: Number(target.port || 443),
      servername: isIP(host) ? undefined : host,
      ca: options.trustedCaPem ? [...ca, options.trustedCaPem] : ca,
      minVersion: "TLSv1.2",
      ...withClientCertificate,
    });
    const session = watchTlsSession(socket);
    const finish = (result: TlsProbeResult) => {
      clearTimeout(timer);
      socket.destroy();
      resolve({ ...result, session: session() });
    };
    const timer = setTimeout(() => finish({ ok: false, reason: `No TLS handshake within ${options.timeoutMs} ms` }), options.timeoutMs);
    socket.once("secureConnect", () => finish({ ok: true }));
    socket.once("error", (error: NodeJS.ErrnoException) =>
      finish({ ok: false, reason: chainProblem(error.code, session()) ?? `${error.code ?? "error"}: ${error.message}` }),
    );
  });
}
