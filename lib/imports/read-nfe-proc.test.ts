import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { SHARED_DIR } from "@/test/shared-dir";
import { readAuthorizedNfe, readRegisteredEvent } from "./read-nfe-proc";

// Real public fixtures (shared/fiscal/README.md, examples): a production CC-e whose signature
// verifies (nfephp-org/sped-da examples/nfe/fixtures/110110-53181011028793000173550010000066701204276800-1-procEventoNfe.xml),
// and sped-nfe's nfeProc (tests/fixtures/xml/nfe_layout4_com_prot.xml), pretty-printed after
// signing, so its signature no longer verifies.

const example = (...parts: string[]) => fs.readFileSync(path.join(SHARED_DIR, "fiscal", "examples", ...parts), "utf8");
const CCE_KEY = "53181011028793000173550010000066701204276800";

describe("reading what an import is given", () => {
  it("reads a real registered CC-e: type, sequence, protocol and text, its signature verified", () => {
    const event = readRegisteredEvent(example("events", "proceventonfe-110110-cce.xml"), CCE_KEY, "events.0");
    expect(event).toMatchObject({ tpEvento: "110110", sequence: 1, cStat: "135", protocol: "353180043800804" });
    expect(event.text).toMatch(/^Nota 6670 referente a servi/);
  });

  it("refuses that CC-e for another key, and once a byte of the signed event changes", () => {
    const xml = example("events", "proceventonfe-110110-cce.xml");
    expect(() => readRegisteredEvent(xml, CCE_KEY.replace(/.$/, "1"), "events.0")).toThrow(/another access key/);
    expect(() => readRegisteredEvent(xml.replace("<nSeqEvento>1</nSeqEvento><verEvento>", "<nSeqEvento>2</nSeqEvento><verEvento>"), CCE_KEY, "events.0")).toThrow(/signature does not verify/);
  });

  it("refuses sped-nfe's reformatted nfeProc on its signature (the schema passes), and a bare NFe", () => {
    expect(() => readAuthorizedNfe(example("nfe", "nfeproc-55-authorized-hom.xml"))).toThrow(/signature does not verify/);
    expect(() => readAuthorizedNfe(example("nfe", "nfe-55-signed-hom.xml"))).toThrow(/not an nfeProc/);
    expect(() => readAuthorizedNfe(example("nfce", "nfeproc-65-authorized-hom.xml"))).toThrow(/signature does not verify/);
  });
});
