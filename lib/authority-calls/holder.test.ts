import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { claimHolder, deadLocalHolders } from "./holder";

const host = claimHolder.split(":").slice(0, -2).join(":");
const exitedPid = () => Number(spawnSync(process.execPath, ["-e", "process.stdout.write(String(process.pid))"], { encoding: "utf8" }).stdout);

describe("deadLocalHolders", () => {
  it("names claims of processes of this host that no longer exist, and only those", () => {
    const dead = { holder: `${host}:${exitedPid()}:aaaa0000` };
    const alive = { holder: `${host}:${process.ppid}:bbbb0000` };
    const self = { holder: claimHolder };
    const sameProcessOtherThread = { holder: `${host}:${process.pid}:cccc0000` };
    const otherHost = { holder: `another-host/pid:[4026531836]:${exitedPid()}:dddd0000` };
    const unnamed = { holder: null };
    expect(deadLocalHolders([dead, alive, self, sameProcessOtherThread, otherHost, unnamed])).toEqual([dead]);
  });
});
