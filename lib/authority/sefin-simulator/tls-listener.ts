import { generateKeyPairSync, randomBytes, X509Certificate } from "node:crypto";
import type http from "node:http";
import https from "node:https";
import type { AddressInfo } from "node:net";
import type { TLSSocket } from "node:tls";
import forge from "node-forge";
import { certificateHolder } from "../simulator/certificate-cnpj";

// Optional mutual-TLS listener of the simulator (MAN-INT §6.1.3), so the Sefin
// rules that depend on WHO calls can be exercised: GET /nfse and GET /dps only
// for a party of the NFS-e (403 otherwise), HEAD /dps for any certificate.
// Loopback only, with a server certificate made for 127.0.0.1 that the test's
// client trusts explicitly; client certificates are requested and read, not
// chain-verified (test A1s are self-signed, as Sefin's ICP-Brasil chain is not here).

export type TlsListener = { url: string; caPem: string; close: () => Promise<void> };

function loopbackServerCertificate(): { keyPem: string; certPem: string } {
  const pair = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const certificate = forge.pki.createCertificate();
  certificate.publicKey = forge.pki.publicKeyFromPem(pair.publicKey.export({ type: "spki", format: "pem" }).toString());
  certificate.serialNumber = `01${randomBytes(15).toString("hex")}`;
  certificate.validity.notBefore = new Date(Date.now() - 86_400_000);
  certificate.validity.notAfter = new Date(Date.now() + 30 * 86_400_000);
  const subject = [{ name: "commonName", value: "Simulador Sefin Nacional (loopback)" }];
  certificate.setSubject(subject);
  certificate.setIssuer(subject);
  certificate.setExtensions([
    { name: "basicConstraints", cA: true, critical: true },
    { name: "keyUsage", digitalSignature: true, keyEncipherment: true, keyCertSign: true, critical: true },
    { name: "extKeyUsage", serverAuth: true },
    { name: "subjectAltName", altNames: [{ type: 7, ip: "127.0.0.1" }] },
  ]);
  certificate.sign(forge.pki.privateKeyFromPem(pair.privateKey.export({ type: "pkcs1", format: "pem" }).toString()), forge.md.sha256.create());
  return { keyPem: pair.privateKey.export({ type: "pkcs8", format: "pem" }).toString(), certPem: forge.pki.certificateToPem(certificate) };
}

export async function startTlsListener(handler: http.RequestListener): Promise<TlsListener> {
  const { keyPem, certPem } = loopbackServerCertificate();
  const server = https.createServer({ key: keyPem, cert: certPem, requestCert: true, rejectUnauthorized: false }, handler);
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `https://127.0.0.1:${port}`,
    caPem: certPem,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/**
 * Who calls: undefined over plain HTTP (no mutual TLS: no party check), null
 * over TLS without a usable client certificate, else the certificate's CNPJ.
 */
export function callerOf(request: http.IncomingMessage): string | null | undefined {
  const socket = request.socket as Partial<TLSSocket>;
  if (typeof socket.getPeerCertificate !== "function") return undefined;
  const raw = socket.getPeerCertificate().raw;
  if (!raw) return null;
  return certificateHolder(new X509Certificate(raw).toString());
}
