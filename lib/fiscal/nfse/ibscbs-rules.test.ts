import { describe, expect, it } from "vitest";
import { buildDps, brokenIbsCbsRule, readDpsIbsCbs, type DpsInput } from "@/lib/fiscal/nfse";
import { dpsRegular, dpsSimples, dpsWithIbsCbs } from "./test-support/golden-dps";

// The IBS/CBS rules apply by the DPS's dhEmi calendar day (the issuer's) and the provider's regime:
// the regular regime from 03/08/2026, the Simples Nacional from 01/01/2027 (ibscbs-rules.ts).

const realEstate = (base: () => DpsInput, issuedAt: string): DpsInput => {
  const input = base();
  return { ...input, issuedAt, competence: issuedAt.slice(0, 10), ibsCbs: { ...dpsWithIbsCbs().ibsCbs!, cIndOp: "020101" } };
};
const broken = (input: DpsInput) => brokenIbsCbsRule(readDpsIbsCbs(buildDps(input).xml))?.code ?? null;

describe("IBS/CBS rules of the national NFS-e, by date and regime", () => {
  it("regular regime: from 03/08/2026 at 00:00 in the issuer's time, not on 02/08 at 23:59", () => {
    expect(broken(realEstate(dpsWithIbsCbs, "2026-08-03T00:00:00-03:00"))).toBe("E0932");
    expect(broken(realEstate(dpsWithIbsCbs, "2026-08-02T23:59:59-03:00"))).toBeNull();
  });

  it("Simples Nacional (ME/EPP and MEI): from 01/01/2027, not on 31/12/2026", () => {
    expect(broken(realEstate(dpsSimples, "2027-01-01T00:00:00-03:00"))).toBe("E0932");
    expect(broken(realEstate(dpsSimples, "2026-12-31T23:59:59-03:00"))).toBeNull();
    const mei = (issuedAt: string) => { const input = realEstate(dpsSimples, issuedAt); return { ...input, provider: { ...input.provider, opSimpNac: "2" as const, regApTribSN: null } }; };
    expect(broken(mei("2027-01-01T08:00:00-03:00"))).toBe("E0932");
    expect(broken(mei("2026-12-31T08:00:00-03:00"))).toBeNull();
  });

  it("a DPS without the IBSCBS group breaks none of them (its absence is accepted until 31/12/2026 and not refused here)", () => {
    expect(broken({ ...dpsRegular(), issuedAt: "2026-12-07T10:00:00-03:00", competence: "2026-12-07" })).toBeNull();
  });

  it("our builder's group passes them all on a date they apply", () => {
    expect(broken({ ...dpsWithIbsCbs(), issuedAt: "2026-12-07T10:00:00-03:00", competence: "2026-12-07" })).toBeNull();
  });
});
