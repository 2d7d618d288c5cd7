import { describe, expect, it } from "vitest";
import { requestUrl } from "./route-table-dispatch";

// Issue 49, finding 7: the /v1 route table built its Request's URL from the raw Host header.
describe("requestUrl of the /v1 route table", () => {
  it("keeps path and query whatever the Host header holds", () => {
    for (const host of ["x#y", "a b", "x/y?z", "", undefined]) {
      const url = new URL(requestUrl({ host }, "/v1/clients?page=2&pageSize=5"));
      expect([url.pathname, url.search, url.hash], String(host)).toEqual(["/v1/clients", "?page=2&pageSize=5", ""]);
    }
    expect(requestUrl({ host: "api.example.com.br:8443", "x-forwarded-proto": "https" }, "/v1/company")).toBe("https://api.example.com.br:8443/v1/company");
  });
});
