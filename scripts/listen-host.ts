// Where `npm start` / `npm run dev` listen. The embedded demo seeds an administrator whose password
// the first start prints, so by default it answers only on this machine; HOST opens it
// (HOST=0.0.0.0 for every IPv4 interface, :: for every interface).
export function listenHost(embeddedDatabase: boolean, env: Record<string, string | undefined> = process.env): string {
  const chosen = env.HOST?.trim();
  if (chosen) return chosen;
  return embeddedDatabase ? "127.0.0.1" : "0.0.0.0";
}

/** The start line that tells an operator where the server answers and how to change it. */
export function describeListenAddress(host: string, port: string): string {
  const loopback = host === "127.0.0.1" || host === "::1" || host === "localhost";
  const where = host.includes(":") ? `[${host}]:${port}` : `${host}:${port}`;
  return loopback
    ? `Listening on ${where} (this machine only; set HOST=0.0.0.0 to accept other machines).`
    : `Listening on ${where} (every interface this address covers).`;
}
