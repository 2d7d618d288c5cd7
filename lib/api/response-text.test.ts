import { describe, expect, it } from "vitest";
import { textResponse, unreadResponseText } from "./response-text";

const JSON_TYPE = { "content-type": "application/json; charset=utf-8" };

describe("textResponse (a Response whose body stream is made on first read)", () => {
  it("is a Response with its status, headers and text, read any way a Response is read", async () => {
    const response = textResponse('{"a":"ç"}', { status: 201, headers: JSON_TYPE });
    expect(response).toBeInstanceOf(Response);
    expect(response.status).toBe(201);
    expect(response.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(unreadResponseText(response)).toBe('{"a":"ç"}');
    expect(await response.clone().json()).toEqual({ a: "ç" });
    expect(await response.clone().text()).toBe('{"a":"ç"}');
    expect(Buffer.from(await response.clone().arrayBuffer()).toString("utf8")).toBe('{"a":"ç"}');
    expect(await new Response(response.body).text()).toBe('{"a":"ç"}');
    expect(response.bodyUsed).toBe(true);
    expect(unreadResponseText(response)).toBeUndefined();
    await expect(response.text()).rejects.toThrow();
  });

  it("leaves the body unused until something reads it, and keeps headers set after it was made", async () => {
    const response = textResponse("[]", { status: 200, headers: JSON_TYPE });
    response.headers.set("RateLimit", '"api-key";r=9;t=60');
    expect(response.bodyUsed).toBe(false);
    // Next's path copies it as it does a route's answer: new Response(body, response).
    const copy = new Response(response.body, response);
    expect(copy.headers.get("ratelimit")).toBe('"api-key";r=9;t=60');
    expect(await copy.text()).toBe("[]");
    expect(response.bodyUsed).toBe(true);
  });

  it("reads once, as a Response does", async () => {
    const response = textResponse("{}", { status: 200, headers: JSON_TYPE });
    expect(await response.json()).toEqual({});
    expect(response.bodyUsed).toBe(true);
    await expect(response.json()).rejects.toThrow();
  });
});
