import type { PrismaClient } from "@prisma/client";
import { z } from "zod";
import { defineContract } from "@/lib/contracts/contract";
import packageJson from "@/package.json" with { type: "json" };

export const HealthResponse = z.object({ status: z.literal("ok"), version: z.string(), uptime: z.number() });
export const ReadinessResponse = z.object({ status: z.enum(["ok", "error"]), database: z.enum(["up", "down"]) });

export const healthContract = defineContract({
  method: "GET",
  path: "/health",
  summary: "Liveness",
  tag: "Health",
  scope: null,
  response: HealthResponse,
});

export const readinessContract = defineContract({
  method: "GET",
  path: "/health/ready",
  summary: "Readiness: 503 when PostgreSQL cannot be reached",
  tag: "Health",
  scope: null,
  response: ReadinessResponse,
  errorStatuses: [503],
});

export function liveness(): z.infer<typeof HealthResponse> {
  return { status: "ok", version: packageJson.version, uptime: Math.round(process.uptime() * 1000) / 1000 };
}

const READINESS_TIMEOUT_MS = 2_000;

export async function readiness(client: PrismaClient): Promise<z.infer<typeof ReadinessResponse>> {
  try {
    await Promise.race([
      client.$queryRaw`SELECT 1`,
      new Promise((_, reject) => setTimeout(() => reject(new Error("timeout")), READINESS_TIMEOUT_MS).unref()),
    ]);
    return { status: "ok", database: "up" };
  } catch {
    return { status: "error", database: "down" };
  }
}
