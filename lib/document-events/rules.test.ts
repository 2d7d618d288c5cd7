import { describe, expect, it } from "vitest";
import { DomainError } from "@/lib/errors";
import { assertCancelDeadline, assertCorrectionAllowed } from "./rules";

const code = (fn: () => void) => {
  try {
    fn();
    return "ok";
  } catch (error) {
    return (error as DomainError).code;
  }
};
const now = new Date("2026-11-21T12:00:00Z");
const ago = (ms: number) => new Date(now.getTime() - ms);
const MIN = 60_000;

describe("cancel deadline", () => {
  it("gives an NF-e 24 hours and an NFC-e 30 minutes", () => {
    expect(code(() => assertCancelDeadline("NFE", ago(24 * 60 * MIN), now))).toBe("ok");
    expect(code(() => assertCancelDeadline("NFE", ago(24 * 60 * MIN + 1000), now))).toBe("cancel_deadline_expired");
    expect(code(() => assertCancelDeadline("NFCE", ago(30 * MIN), now))).toBe("ok");
    expect(code(() => assertCancelDeadline("NFCE", ago(31 * MIN), now))).toBe("cancel_deadline_expired");
  });
});

describe("correction letter rules", () => {
  it("refuses NFS-e, after 30 days and the 21st letter", () => {
    const base = { type: "NFE" as const, authorizedAt: ago(29 * 24 * 60 * MIN), authorizedCorrections: 19, now };
    expect(code(() => assertCorrectionAllowed(base))).toBe("ok");
    expect(code(() => assertCorrectionAllowed({ ...base, type: "NFCE" }))).toBe("ok");
    expect(code(() => assertCorrectionAllowed({ ...base, type: "NFSE" }))).toBe("correction_not_allowed");
    expect(code(() => assertCorrectionAllowed({ ...base, authorizedAt: ago(30 * 24 * 60 * MIN + 1000) }))).toBe("correction_deadline_expired");
    expect(code(() => assertCorrectionAllowed({ ...base, authorizedCorrections: 20 }))).toBe("correction_limit_reached");
  });
});
