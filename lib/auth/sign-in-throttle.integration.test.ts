import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { PEER_ADDRESS_HEADER } from "@/lib/api/client-address";
import { authorizeCredentials } from "@/lib/auth/session";
import { createUser } from "@/lib/users/create-user";
import { createTestCompany } from "@/test/factories";
import { SIGN_IN_FAILURES_PER_ACCOUNT, SignInThrottledError, throttleSignIn } from "./sign-in-throttle";

// Sign-in throttling (issue 16 defect 9; issue 34 problem 3), through the same wrapper next-auth's authorize calls.
// The address is the socket's peer the server stamps; X-Forwarded-For is the client's own and ignored.
const PASSWORD = "correct horse battery";
let checks = 0;

async function signIn(email: string, password: string, address: string) {
  const headers = { [PEER_ADDRESS_HEADER]: address, "x-forwarded-for": `198.18.${Math.floor(Math.random() * 250)}.1` };
  return throttleSignIn({ email, headers }, () => {
    checks++;
    return authorizeCredentials({ email, password });
  });
}

async function newAccount(): Promise<string> {
  const company = await createTestCompany();
  const email = `throttle-${randomUUID()}@example.com`;
  await createUser({ email, password: PASSWORD, tenantId: company.tenantId, role: "ADMIN" });
  return email;
}

const outcome = (attempt: Promise<unknown>) => attempt.then((user) => (user ? "signed-in" : "wrong"), (error: unknown) => (error instanceof SignInThrottledError ? "throttled" : error));

describe("sign-in throttling", () => {
  it("after 5 failures on an account refuses it, even with the right password, from any address", async () => {
    const email = await newAccount();
    expect(await signIn(email, PASSWORD, "203.0.113.1")).not.toBeNull();
    for (let i = 0; i < 5; i++) expect(await signIn(email, `wrong ${i}`, `203.0.113.${10 + i}`)).toBeNull();
    const refused = await signIn(email, PASSWORD, "203.0.113.99").catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(SignInThrottledError);
    expect((refused as SignInThrottledError).message).toBe("TooManySignInAttempts");
    expect((refused as SignInThrottledError).retryAfterSeconds).toBeGreaterThan(0);
    expect((refused as SignInThrottledError).retryAfterSeconds).toBeLessThanOrEqual(15 * 60);
  });

  it("successful sign-ins give their attempt back: signing in often never locks an account", async () => {
    const email = await newAccount();
    for (let i = 0; i < SIGN_IN_FAILURES_PER_ACCOUNT + 3; i++) expect(await signIn(email, PASSWORD, "203.0.113.2")).not.toBeNull();
    for (let i = 0; i < 4; i++) expect(await signIn(email, `wrong ${i}`, "203.0.113.2")).toBeNull();
    expect(await signIn(email, PASSWORD, "203.0.113.2")).not.toBeNull();
  });

  it("a check that fails (database down) gives its attempt back: it is no wrong password", async () => {
    const email = await newAccount();
    for (let i = 0; i < SIGN_IN_FAILURES_PER_ACCOUNT + 2; i++) {
      await expect(throttleSignIn({ email, headers: { [PEER_ADDRESS_HEADER]: "203.0.113.3" } }, () => Promise.reject(new Error("database down")))).rejects.toThrow("database down");
    }
    expect(await signIn(email, PASSWORD, "203.0.113.3")).not.toBeNull();
  });

  it("30 concurrent attempts after 4 failures: one check runs, the others are refused unchecked", async () => {
    const email = await newAccount();
    for (let i = 0; i < 4; i++) expect(await signIn(email, `wrong ${i}`, `192.0.2.${i}`)).toBeNull();
    checks = 0;
    // The right password is among them, sent last; each attempt from its own address.
    const attempts = Array.from({ length: 30 }, (_, i) => outcome(signIn(email, i === 29 ? PASSWORD : `guess ${i}`, `192.0.2.${100 + i}`)));
    const results = await Promise.all(attempts);
    expect(checks).toBe(1);
    expect(results.filter((r) => r === "throttled")).toHaveLength(29);
    // Whichever attempt won the one slot was checked; the right password signs in only if it was that one.
    const winner = results.findIndex((r) => r !== "throttled");
    expect(results[winner]).toBe(winner === 29 ? "signed-in" : "wrong");
  });

  it("30 concurrent attempts once the limit is reached: none is checked and the right password does not sign in", async () => {
    const email = await newAccount();
    for (let i = 0; i < 5; i++) expect(await signIn(email, `wrong ${i}`, "192.0.2.200")).toBeNull();
    checks = 0;
    const results = await Promise.all(Array.from({ length: 30 }, (_, i) => outcome(signIn(email, i % 2 ? PASSWORD : `guess ${i}`, `192.0.2.${i}`))));
    expect(checks).toBe(0);
    expect(new Set(results)).toEqual(new Set(["throttled"]));
  });

  it("after 20 failures from one address refuses every account from it, not from elsewhere", async () => {
    const email = await newAccount();
    const address = `198.51.100.${Math.floor(Math.random() * 250)}`;
    for (let i = 0; i < 20; i++) expect(await signIn(`nobody-${i}-${randomUUID()}@example.com`, "guess", address)).toBeNull();
    await expect(signIn(email, PASSWORD, address)).rejects.toBeInstanceOf(SignInThrottledError);
    expect(await signIn(email, PASSWORD, "192.0.2.7")).not.toBeNull();
    // 22 Argon2id verifications (an unknown e-mail still costs one): about 0.3 s each on a quiet machine.
  }, 120_000);
});
