import { describe, expect, it } from "vitest";
import { AcquirerReformEventInput, IssuerReformEventInput } from "@/lib/document-events/reform-event-schemas";
import { buildReformEventBody, EMPTY_FIELDS, FIELDS_BY_TYPE } from "./reform-event-form";

// Each event's dashboard form makes a body the API's own schema accepts, and an empty one is refused there.
const filled = {
  ...EMPTY_FIELDS, ibsAmount: "1.50", cbsAmount: "2", quantity: "1.5", unit: "UN", referencedAccessKey: "35260311222333000181550010000010011730291841",
  creditIbs: "0.10", creditCbs: "0.20", baseAmount: "100", presumedCode: "01", presumedRate: "2.5", presumedAmount: "2.50", expectedDeliveryDate: "2027-01-15",
};

describe("reform event form", () => {
  it.each(Object.keys(FIELDS_BY_TYPE).map((type) => [type]))("%s: a filled form is a valid body for its route", (type) => {
    const schema = type.startsWith("112") ? IssuerReformEventInput : AcquirerReformEventInput;
    const parsed = schema.safeParse(buildReformEventBody(type, filled));
    expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
  });

  it("an item event with empty amounts is refused by the schema, with the field named", () => {
    const parsed = AcquirerReformEventInput.safeParse(buildReformEventBody("211130", EMPTY_FIELDS));
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((i) => i.path.join("."))).toContain("items.0.ibsAmount");
  });
});
