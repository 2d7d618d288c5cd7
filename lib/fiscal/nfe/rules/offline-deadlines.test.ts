import { describe, expect, it } from "vitest";
import { contingencyDeadlineOf } from "@/lib/emission/contingency/deadline-warnings";
import { contingencyOptions, transmissionDeadlineAt } from "@/lib/contingency/state-contingency-table";
import { nfceOfflineLateRule } from "./identification-rules";
import type { NfeView } from "./nfe-view";
import { endOfNextBusinessDay, nfceOfflineDeadline } from "./offline-deadlines";

// Issue 50 item 4: offline NFC-e deadlines per state, from the state's own text
// (offline-deadlines.ts): 24 h in most; MG until the end of the next business day
// (SEFAZ-MG FAQ); SE 24 h, accepted late until 168 h (Decreto 29.108).

const HOUR = 3_600_000;

describe("the end of the next business day (MG)", () => {
  it("skips the weekend: an NFC-e of Friday afternoon may wait until Monday 23:59:59 local", () => {
    expect(endOfNextBusinessDay("MG", new Date("2026-12-04T15:00:00-03:00")).toISOString()).toBe("2026-12-08T02:59:59.999Z");
  });
  it("counts the local day: Friday 23:30 in Belo Horizonte is already Saturday in UTC", () => {
    expect(endOfNextBusinessDay("MG", new Date("2026-12-04T23:30:00-03:00")).toISOString()).toBe("2026-12-08T02:59:59.999Z");
  });
  it("skips national holidays: Christmas, and Good Friday (Easter 2026 is 5 April)", () => {
    expect(endOfNextBusinessDay("MG", new Date("2026-12-24T10:00:00-03:00")).toISOString()).toBe("2026-12-29T02:59:59.999Z");
    expect(endOfNextBusinessDay("MG", new Date("2026-04-01T10:00:00-03:00")).toISOString()).toBe("2026-04-03T02:59:59.999Z");
    expect(endOfNextBusinessDay("MG", new Date("2026-04-02T10:00:00-03:00")).toISOString()).toBe("2026-04-07T02:59:59.999Z");
  });
});

describe("offline NFC-e deadlines per state", () => {
  const friday = new Date("2026-12-04T15:00:00-03:00");
  it("24 hours in RS and SP; MG's next business day; SE 24 h, refused only after 168 h", () => {
    expect(nfceOfflineDeadline("RS", friday)).toEqual({ deadlineAt: new Date(friday.getTime() + 24 * HOUR), refusedAfter: new Date(friday.getTime() + 24 * HOUR) });
    expect(nfceOfflineDeadline("MG", friday).deadlineAt.toISOString()).toBe("2026-12-08T02:59:59.999Z");
    expect(nfceOfflineDeadline("SE", friday)).toEqual({ deadlineAt: new Date(friday.getTime() + 24 * HOUR), refusedAfter: new Date(friday.getTime() + 168 * HOUR) });
  });

  it("the per-state table carries them, with their sources, and the deadline warning reads them", () => {
    const mg = contingencyOptions("MG", 65, friday)[0]!;
    expect(mg).toMatchObject({ mode: "OFFLINE", deadline: { kind: "next_business_day_end" }, source: expect.stringContaining("SEFAZ-MG") });
    expect(contingencyOptions("SE", 65, friday)[0]).toMatchObject({ deadline: { kind: "hours", hours: 24, lateAcceptedHours: 168 }, source: expect.stringContaining("Decreto 29.108") });
    expect(contingencyOptions("PE", 65, friday)[0]).toMatchObject({ deadline: { kind: "hours", hours: 24 } });
    expect(transmissionDeadlineAt("MG", 65, "OFFLINE", friday, friday)?.toISOString()).toBe("2026-12-08T02:59:59.999Z");
    expect(transmissionDeadlineAt("SP", 55, "EPEC", friday, friday)).toEqual(new Date(friday.getTime() + 168 * HOUR));
    expect(transmissionDeadlineAt("SP", 55, "SVC_AN", friday, friday)).toBeNull();
    // 75 % of the time from dhEmi to the deadline: Friday 15:00 → Monday 23:59:59 is 80 h 59 min; warned ~60 h 44 min after.
    const deadline = contingencyDeadlineOf({ issueDateTime: friday, contingencyMode: "OFFLINE", contingencySince: friday, type: "NFCE" }, "MG")!;
    expect(deadline.deadlineAt.toISOString()).toBe("2026-12-08T02:59:59.999Z");
    expect(deadline.warnAt.getTime() - friday.getTime()).toBe(Math.round((deadline.deadlineAt.getTime() - friday.getTime()) * 0.75));
  });

  it("the simulator refuses 704 per the state's deadline", () => {
    const nfce = (cUF: string, dhEmi: Date) => ({ ide: { tpEmis: "9", cUF, dhEmi: dhEmi.toISOString() } }) as unknown as NfeView;
    const thirtyHoursLater = new Date(friday.getTime() + 30 * HOUR);
    expect(nfceOfflineLateRule.check(nfce("43", friday), { receivedAt: thirtyHoursLater })).not.toBeNull();
    expect(nfceOfflineLateRule.check(nfce("31", friday), { receivedAt: thirtyHoursLater })).toBeNull();
    expect(nfceOfflineLateRule.check(nfce("31", friday), { receivedAt: new Date("2026-12-08T03:00:00Z") })).not.toBeNull();
    expect(nfceOfflineLateRule.check(nfce("28", friday), { receivedAt: new Date(friday.getTime() + 167 * HOUR) })).toBeNull();
    expect(nfceOfflineLateRule.check(nfce("28", friday), { receivedAt: new Date(friday.getTime() + 169 * HOUR) })).not.toBeNull();
  });
});
