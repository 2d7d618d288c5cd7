import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { SHARED_DIR } from "@/test/shared-dir";

/** Runs Debian's xmlsec1 (an independent XMLDSig implementation) on a signed document. */
export function xmlsecVerify(xml: string, idTag: "infNFe" | "infEvento" | "infInut" | "infDPS" | "infNFSe" | "infMDFe"): { ok: boolean; output: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "xmlsec-"));
  const file = path.join(dir, "signed.xml");
  fs.writeFileSync(file, xml);
  try {
    const run = spawnSync("xmlsec1", ["--verify", "--insecure", "--id-attr:Id", idTag, file], { encoding: "utf8" });
    const output = `${run.stdout}${run.stderr}`;
    return { ok: run.status === 0 && /^OK$/m.test(output), output };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

export const EXAMPLES_DIR = `${SHARED_DIR}/fiscal/examples`;

export function readExample(relative: string): string {
  return fs.readFileSync(path.join(EXAMPLES_DIR, relative), "utf8");
}
