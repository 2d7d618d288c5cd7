import { describe, expect, it } from "vitest";
import { contingencyModeFor, justificationOf, svcOf } from "./contingency-mode";

describe("contingency mode", () => {
  it("NFC-e goes offline (SP: EPEC first, NT 2015.003); an NF-e goes to its state's SVC (NT 2013.007)", () => {
    expect(contingencyModeFor("NFCE", "SP")).toBe("EPEC");
    expect(contingencyModeFor("NFCE", "RS")).toBe("OFFLINE");
    expect(contingencyModeFor("NFE", "SP")).toBe("SVC_AN");
    expect(contingencyModeFor("NFE", "PR")).toBe("SVC_RS");
    expect([svcOf("SVC_AN"), svcOf("SVC_RS"), svcOf("OFFLINE"), svcOf(null)]).toEqual(["SVC-AN", "SVC-RS", undefined, undefined]);
  });

  it("xJust stays within 15–256 characters", () => {
    expect(justificationOf("SEFAZ-SP fora do ar desde 14:02")).toBe("SEFAZ-SP fora do ar desde 14:02");
    expect(justificationOf("108")).toBe("SEFAZ autorizadora indisponivel: 108");
    expect(justificationOf("x".repeat(300))).toHaveLength(256);
  });
});
