import { describe, expect, it } from "vitest";
import { toErrorResponse } from "./error-response";

describe("toErrorResponse", () => {
  it("answers 503 with Retry-After when no pooled connection came free in time, not an opaque 500", async () => {
    for (const error of [new Error("timeout exceeded when trying to connect"), new Error("wrapped", { cause: new Error("Transaction API error: Unable to start a transaction in the given time.") })]) {
      const response = toErrorResponse(error);
      expect(response.status).toBe(503);
      expect(response.headers.get("retry-after")).toBe("2");
      expect(await response.json()).toMatchObject({ statusCode: 503, code: "service_unavailable" });
    }
    expect(toErrorResponse(new Error("something else")).status).toBe(500);
  });
});
