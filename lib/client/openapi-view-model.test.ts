import { describe, expect, it } from "vitest";
import { z } from "zod";
import { defineContract } from "@/lib/contracts/contract";
import { buildOpenApiDocument } from "@/openapi/openapi-document";
import { PaginationQuery } from "@/lib/contracts/pagination";
import { groupOperations, schemaType } from "./openapi-view-model";

const contracts = [
  defineContract({ method: "GET", path: "/health", summary: "Liveness", tag: "Health", scope: null }),
  defineContract({ method: "GET", path: "/v1/things", summary: "List things", tag: "Things", scope: "clients:read", query: PaginationQuery }),
  defineContract({
    method: "POST",
    path: "/v1/things/{id}/emit",
    summary: "Emit a thing",
    tag: "Things",
    scope: "documents:write",
    params: z.object({ id: z.string() }),
    body: z.object({ type: z.enum(["NFE", "NFCE"]) }),
    bodyOptional: true,
    response: z.object({ id: z.string() }),
    successStatus: 202,
    errorStatuses: [404],
  }),
];

describe("groupOperations", () => {
  it("groups a generated OpenAPI document by tag with scope, parameters, body and responses", () => {
    const groups = groupOperations(buildOpenApiDocument(contracts));
    expect(groups.map((g) => [g.tag, g.operations.length])).toEqual([["Health", 1], ["Things", 2]]);
    const [list, emit] = groups[1]!.operations;
    expect(list).toMatchObject({ method: "GET", path: "/v1/things", scope: "clients:read", summary: "List things" });
    expect(list!.parameters.map((p) => [p.name, p.in, p.required, p.type])).toEqual([
      ["page", "query", false, "integer (1..9007199254740991)"],
      ["pageSize", "query", false, "integer (1..100)"],
    ]);
    // Every write also documents the optional Idempotency-Key header (docs/api.md, Idempotency).
    expect(emit!.parameters).toMatchObject([{ name: "id", in: "path", required: true, type: "string" }, { name: "Idempotency-Key", in: "header", required: false }]);
    expect(emit!.requestBody).toMatchObject({ required: false, contentType: "application/json" });
    expect(emit!.responses.map((r) => r.status)).toEqual(["202", "400", "401", "403", "404", "409", "422"]);
    expect(emit!.responses[0]!.schema).toMatchObject({ type: "object", properties: { id: { type: "string" } } });
    expect(groups[0]!.operations[0]!.scope).toBeNull();
  });

  it("survives a document without paths", () => {
    expect(groupOperations({})).toEqual([]);
    expect(groupOperations(null)).toEqual([]);
  });
});

describe("schemaType", () => {
  it("summarises enums, arrays, refs and formats in one line", () => {
    expect(schemaType({ enum: ["NFE", "NFCE"] })).toBe("NFE | NFCE");
    expect(schemaType({ type: "array", items: { type: "string" } })).toBe("array of string");
    expect(schemaType({ $ref: "#/components/schemas/Error" })).toBe("Error");
    expect(schemaType({ type: "string", format: "date-time" })).toBe("string, date-time");
    expect(schemaType(undefined)).toBe("any");
  });
});
