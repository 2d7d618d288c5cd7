import { describe, expect, it } from "vitest";
import { formBody, valuesFrom, type FieldDef } from "@/components/dashboard/resources/simple-form";
import { emptyNfeSubRule, emptyNfseSubRule, nfeStateFrom, toNfeBody, toNfseBody } from "./sub-rule-state";

describe("rates in the dashboard forms", () => {
  it("keeps a rate as typed on screen and sends the API's decimal", () => {
    const state = { ...emptyNfeSubRule(), icmsCst: "00", icmsPIcms: "3,5", pisPPis: "1,65", cofinsPCofins: "7.6" };
    expect(state.icmsPIcms).toBe("3,5");
    expect(toNfeBody(state)).toMatchObject({ icmsPIcms: "3.5", pisPPis: "1.65", cofinsPCofins: "7.6" });
    expect(toNfseBody({ ...emptyNfseSubRule(), issRate: "2,5", irRate: "1,5" })).toMatchObject({ issRate: "2.5", irRate: "1.5" });
  });

  it("shows a stored rate with a decimal comma, and a round trip keeps its value ('18.000' is eighteen, not eighteen thousand)", () => {
    const stored = nfeStateFrom({ ...toNfeBody({ ...emptyNfeSubRule(), icmsCst: "00" }), id: "r", name: null, states: [], cfops: [], clientTypes: [], isActive: true, icmsPIcms: "18.000" } as never);
    expect(stored.icmsPIcms).toBe("18,000");
    expect(toNfeBody(stored).icmsPIcms).toBe("18.000");
    const fields: FieldDef[] = [{ name: "nfeConfig.icmsRate", label: "ICMS", kind: "decimal" }];
    const values = valuesFrom(fields, { nfeConfig: { icmsRate: "3.500" } });
    expect(values["nfeConfig.icmsRate"]).toBe("3,500");
    expect(formBody(fields, values, "edit")).toEqual({ nfeConfig: { icmsRate: "3.500" } });
  });
});
