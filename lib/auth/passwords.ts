import { randomBytes } from "node:crypto";
import { argon2id, argon2Verify } from "hash-wasm";

// Argon2id (memory-hard, WebAssembly: no native addon) with OWASP's baseline
// parameters: 19 MiB, 2 iterations, 1 lane.
const PARAMS = { parallelism: 1, iterations: 2, memorySize: 19_456, hashLength: 32 } as const;

export async function hashPassword(password: string): Promise<string> {
  return argon2id({ ...PARAMS, password, salt: randomBytes(16), outputType: "encoded" });
}

export async function verifyPassword(password: string, encodedHash: string): Promise<boolean> {
  try {
    return await argon2Verify({ password, hash: encodedHash });
  } catch {
    return false;
  }
}
