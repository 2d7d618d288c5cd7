import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { authorizeCredentials } from "@/lib/auth/session";
import { createUser } from "@/lib/users/create-user";
import { createTestCompany } from "@/test/factories";
import { SignInThrottledError, throttleSignIn } from "./sign-in-throttle";

// Sign-in throttling (issue 16, defect 9), through the same wrapper next-auth's authorize calls.
async function signIn(email: string, password: string, address: string) {
  return throttleSignIn({ email, headers: { "x-forwarded-for": `${address}, 10.0.0.1` } }, () => authorizeCredentials({ email, password }));
}

describe("sign-in throttling", () => {
  it("after 5 failures on an account refuses it, even with the right password, from any address", async () => {
    const company = await createTestCompany();
    const email = `throttle-${randomUUID()}@example.com`;
    await createUser({ email, password: "correct horse battery", tenantId: company.tenantId, role: "ADMIN" });
    expect(await signIn(email, "correct horse battery", "203.0.113.1")).not.toBeNull();
    for (let i = 0; i < 5; i++) expect(await signIn(email, `wrong ${i}`, `203.0.113.${10 + i}`)).toBeNull();
    const refused = await signIn(email, "correct horse battery", "203.0.113.99").catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(SignInThrottledError);
    expect((refused as SignInThrottledError).message).toBe("TooManySignInAttempts");
    expect((refused as SignInThrottledError).retryAfterSeconds).toBeGreaterThan(0);
    expect((refused as SignInThrottledError).retryAfterSeconds).toBeLessThanOrEqual(15 * 60);
  });

  it("after 20 failures from one address refuses every account from it, not from elsewhere", async () => {
    const company = await createTestCompany();
    const email = `victim-${randomUUID()}@example.com`;
    await createUser({ email, password: "correct horse battery", tenantId: company.tenantId, role: "ADMIN" });
    const address = `198.51.100.${Math.floor(Math.random() * 250)}-${randomUUID()}`;
    for (let i = 0; i < 20; i++) expect(await signIn(`nobody-${i}-${randomUUID()}@example.com`, "guess", address)).toBeNull();
    await expect(signIn(email, "correct horse battery", address)).rejects.toBeInstanceOf(SignInThrottledError);
    expect(await signIn(email, "correct horse battery", "192.0.2.7")).not.toBeNull();
  });
});
