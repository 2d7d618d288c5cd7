import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { loadTrustStore, shippedTrustDirectory } from "../trust-store";

// The shipped ICP-Brasil files are what the README says they are: each
// certificate listed with its fingerprint and validity, the four roots in force
// self-signed by ITI, every intermediate verified up to one of them.

const store = loadTrustStore();
const readme = readFileSync(path.join(shippedTrustDirectory(), "README.md"), "utf8");
const rows = new Map(
  [...readme.matchAll(/^\| (.+?) \| (.+?) \| (\d{4}-\d{2}-\d{2}) \| (\d{4}-\d{2}-\d{2}) \| `([0-9A-F:]{95})` \|$/gm)].map((m) => [m[5]!, { subject: m[1]!, validTo: m[4]! }]),
);
const cn = (name: string) => /(?:^|\n)CN=([^\n]*)/.exec(name)![1]!;

describe("shipped ICP-Brasil trust store", () => {
  it("holds the roots v5, v10, v11 and v12 with ITI's fingerprints", () => {
    expect(store.icpBrasilRoots.map((c) => [cn(c.subject), c.fingerprint256])).toEqual([
      ["Autoridade Certificadora Raiz Brasileira v5", "CA:A5:3F:C6:09:1C:69:51:88:7C:97:6E:37:8F:6E:F8:9A:A6:37:7C:55:D9:7B:64:75:42:2B:71:ED:7E:9B:17"],
      ["Autoridade Certificadora Raiz Brasileira v10", "6E:0B:FF:06:9A:26:99:4C:15:DE:2C:48:88:CC:54:AF:84:88:2E:54:95:B7:FB:F6:6B:E9:CC:FF:EC:74:89:F6"],
      ["Autoridade Certificadora Raiz Brasileira v11", "14:06:71:00:58:18:0F:A4:08:1A:AB:3F:24:6F:17:02:42:9C:55:2A:11:FA:31:43:B8:4C:88:CB:3A:B8:E5:E7"],
      ["Autoridade Certificadora Raiz Brasileira v12", "D8:47:8E:37:CE:19:C6:90:CF:65:73:81:E6:8F:E6:00:E4:E1:A0:42:53:68:30:F0:68:47:E0:3E:55:4C:4B:01"],
    ]);
    for (const root of store.icpBrasilRoots) {
      expect(root.subject).toBe(root.issuer);
      expect(root.verify(root.publicKey)).toBe(true);
      expect(root.ca).toBe(true);
    }
  });

  it("lists every certificate in the README with its fingerprint, subject and end of validity", () => {
    const shipped = [...store.icpBrasilRoots, ...store.icpBrasilIntermediates];
    expect(rows.size).toBe(shipped.length);
    for (const certificate of shipped) {
      expect(rows.get(certificate.fingerprint256), cn(certificate.subject)).toEqual({ subject: cn(certificate.subject), validTo: new Date(certificate.validTo).toISOString().slice(0, 10) });
    }
  });

  it("has only CA certificates that verify up to a shipped root, including the SSL CAs of SEFAZ hosts", () => {
    const all = [...store.icpBrasilRoots, ...store.icpBrasilIntermediates];
    const reachesRoot = (certificate: (typeof all)[number], depth = 0): boolean => {
      if (store.icpBrasilRoots.includes(certificate)) return true;
      const parent = all.find((candidate) => candidate !== certificate && certificate.checkIssued(candidate) && certificate.verify(candidate.publicKey));
      return depth < 6 && parent !== undefined && reachesRoot(parent, depth + 1);
    };
    for (const intermediate of store.icpBrasilIntermediates) {
      expect(intermediate.ca, cn(intermediate.subject)).toBe(true);
      expect(reachesRoot(intermediate), cn(intermediate.subject)).toBe(true);
    }
    const names = store.icpBrasilIntermediates.map((c) => cn(c.subject));
    expect(names).toEqual(expect.arrayContaining(["AC SOLUTI SSL EV G4", "AC Certisign ICP-Brasil SSL EV G4", "AC SERASA SSL EV V4", "AC VALID SSL EV", "AC PRODESP SP SSL", "Autoridade Certificadora do SERPRO SSLv1"]));
  });
});
