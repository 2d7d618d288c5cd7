import { Prisma } from "@prisma/client";

/** Prisma's P2025: an update/delete whose where (e.g. a guard on status or owner) matched no row. */
export function isRecordNotFound(error: unknown): boolean {
  return error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2025";
}
