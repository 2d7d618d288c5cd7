import type { PrismaClient } from "@prisma/client";
import { Prisma } from "@prisma/client";
import { formatDateTimeWithOffset, timeZoneOfCUF } from "./clock";

/** What every simulated service needs: its database and a clock (tests move it to reach deadlines). */
export type SimulatorContext = { db: PrismaClient; now: () => Date };

export type SimulatorAnswer = { answerXml: string };

export function localTime(date: Date, cUF: string): string {
  return formatDateTimeWithOffset(date, timeZoneOfCUF(cUF));
}

export function isUniqueViolation(error: unknown): boolean {
  return error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002";
}

/** The first schema error, shortened: SEFAZ adds the libxml2-style detail to xMotivo in homologation. */
export function schemaDetail(errors: string[]): string {
  const first = (errors[0] ?? "").replace(/\s+/g, " ").trim();
  return first.length > 180 ? `${first.slice(0, 177)}...` : first;
}
