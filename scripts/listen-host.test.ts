import { describe, expect, it } from "vitest";
import { describeListenAddress, listenHost } from "./listen-host";

describe("listenHost", () => {
  it("keeps the embedded demo on loopback unless HOST opens it", () => {
    expect(listenHost(true, {})).toBe("127.0.0.1");
    expect(listenHost(true, { HOST: "0.0.0.0" })).toBe("0.0.0.0");
    expect(listenHost(true, { HOST: "  " })).toBe("127.0.0.1");
  });

  it("listens everywhere with an external database unless HOST narrows it", () => {
    expect(listenHost(false, {})).toBe("0.0.0.0");
    expect(listenHost(false, { HOST: "127.0.0.1" })).toBe("127.0.0.1");
  });

  it("says where it listens and how to open it", () => {
    expect(describeListenAddress("127.0.0.1", "3000")).toBe(
      "Listening on 127.0.0.1:3000 (this machine only; set HOST=0.0.0.0 to accept other machines).",
    );
    expect(describeListenAddress("::", "3000")).toBe("Listening on [::]:3000 (every interface this address covers).");
  });
});
