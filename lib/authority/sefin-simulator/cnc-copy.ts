import type pg from "pg";
import type { CncContributor } from "./cnc-register";

// The CNC record of each provider as this process last read it. Sefin reads its
// copy of the CNC, which municipalities update; here a company's new address
// reaches its NFS-e within COPY_TTL_MS, and a DPS of a known provider costs no read.

const COPY_TTL_MS = 10_000;
const MAX_PROVIDERS = 10_000;

type Copy = { contributor: CncContributor | null; readAt: number };

const perPool = new WeakMap<pg.Pool, Map<string, Copy>>();

function copiesOf(pool: pg.Pool): Map<string, Copy> {
  let copies = perPool.get(pool);
  if (!copies) perPool.set(pool, (copies = new Map()));
  return copies;
}

/** The provider's record when read less than COPY_TTL_MS ago (null: no record); undefined when it must be read. */
export function cncCopy(pool: pg.Pool, cnpj: string, now = Date.now()): CncContributor | null | undefined {
  const copy = copiesOf(pool).get(cnpj);
  return copy && now - copy.readAt < COPY_TTL_MS ? copy.contributor : undefined;
}

export function keepCncCopy(pool: pg.Pool, cnpj: string, contributor: CncContributor | null, now = Date.now()): void {
  const copies = copiesOf(pool);
  copies.delete(cnpj);
  if (copies.size >= MAX_PROVIDERS) copies.delete(copies.keys().next().value!);
  copies.set(cnpj, { contributor, readAt: now });
}
