import { describe, expect, it } from "vitest";
import { DomainError } from "@/lib/errors";
import { assertSameOriginJson } from "./same-origin";

const URL_ = "http://localhost/api/dashboard/companies/c1/documents/d1/delivery-receipt";
const refusal = (request: Request) => {
  try {
    assertSameOriginJson(request);
    return null;
  } catch (error) {
    return error instanceof DomainError ? error.status : "other";
  }
};

describe("assertSameOriginJson: bodies", () => {
  it("lets a same-origin DELETE without a body through (the dashboard's delete buttons send none)", () => {
    expect(refusal(new Request(URL_, { method: "DELETE", headers: { "sec-fetch-site": "same-origin" } }))).toBeNull();
    expect(refusal(new Request(URL_, { method: "DELETE", headers: { "sec-fetch-site": "same-origin", "content-length": "0" } }))).toBeNull();
  });

  it("refuses bytes without a JSON content type, whether framed by length or chunked", () => {
    expect(refusal(new Request(URL_, { method: "POST", headers: { "sec-fetch-site": "same-origin", "content-length": "5" } }))).toBe(415);
    expect(refusal(new Request(URL_, { method: "POST", headers: { "sec-fetch-site": "same-origin", "transfer-encoding": "chunked" } }))).toBe(415);
    expect(refusal(new Request(URL_, { method: "DELETE", headers: { "sec-fetch-site": "cross-site" } }))).toBe(403);
  });
});
