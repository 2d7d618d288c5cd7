import { describe, expect, it } from "vitest";
import { describeAnswer, responseEnd } from "./open-loop";

const head = (lines: string[]) => `HTTP/1.1 200 OK\r\n${lines.map((line) => `${line}\r\n`).join("")}\r\n`;

describe("responseEnd (the load generator's HTTP/1.1 framing)", () => {
  it("ends a Content-Length answer after its body, and waits for the rest", () => {
    const whole = Buffer.from(head(["Content-Length: 5"]) + "hello" + "HTTP/1.1 ...");
    expect(responseEnd(whole)).toEqual({ end: whole.indexOf("HTTP/1.1 ..."), status: 200, headerEnd: whole.indexOf("hello") - 4 });
    expect(responseEnd(whole.subarray(0, whole.indexOf("hello") + 3))).toBeNull();
  });

  it("walks the chunks of a chunked answer up to the last chunk and trailer", () => {
    const answer = head(["Transfer-Encoding: chunked"]) + "5\r\nhello\r\n0\r\n\r\n";
    const buffer = Buffer.from(answer + "next");
    expect(responseEnd(buffer)).toMatchObject({ end: answer.length, status: 200 });
    // A chunk whose data contains the terminator's bytes does not end the answer early.
    const tricky = head(["transfer-encoding: chunked"]) + "7\r\n0\r\n\r\nab\r\n0\r\n\r\n";
    expect(responseEnd(Buffer.from(tricky))).toMatchObject({ end: tricky.length, status: 200 });
    expect(responseEnd(Buffer.from(answer.slice(0, -2)))).toBeNull();
  });

  it("reads the status and ends a bodiless answer at its headers", () => {
    const answer = "HTTP/1.1 401 Unauthorized\r\ncontent-length: 0\r\n\r\n";
    expect(responseEnd(Buffer.from(answer))).toEqual({ end: answer.length, status: 401, headerEnd: answer.length - 4 });
    expect(responseEnd(Buffer.from("HTTP/1.1 200 OK\r\nContent-Le"))).toBeNull();
  });

  it("reads a recorded answer's document status and Preference-Applied", () => {
    const body = JSON.stringify({ id: "d1", type: "NFCE", status: "CONTINGENCY", contingency: { mode: "OFFLINE" } });
    const raw = Buffer.from(`HTTP/1.1 201 Created\r\nPreference-Applied: wait=10\r\ncontent-length: ${Buffer.byteLength(body)}\r\n\r\n${body}`);
    expect(describeAnswer({ http: 201, raw, headerEnd: responseEnd(raw)!.headerEnd })).toEqual({ http: 201, status: "CONTINGENCY", preferenceApplied: "wait=10" });
    const plain = Buffer.from(`HTTP/1.1 201 Created\r\ncontent-length: 2\r\n\r\n{}`);
    expect(describeAnswer({ http: 201, raw: plain, headerEnd: responseEnd(plain)!.headerEnd })).toEqual({ http: 201, status: null, preferenceApplied: null });
    expect(describeAnswer(undefined)).toEqual({ http: 0, status: null, preferenceApplied: null });
  });
});
