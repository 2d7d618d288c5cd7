import type pg from "pg";

// nNFSe is sequential per issuer and never reused (Sefin numbers the NFS-e it
// generates). This process keeps each issuer's next number, seeded from the
// database the first time it sees the issuer, so a DPS needs no read to be
// numbered. A number taken for a DPS that was then not recorded (the same DPS
// issued already) is given back and goes to the issuer's next DPS, so a resent
// DPS leaves no gap. Another process numbering the same issuer (two simulators
// on one database) makes an insert conflict; the caller then re-reads the
// database's next number and skips the counter to it.

type IssuerNumbers = { next: number; returned: number[] };

export class NfseNumbers {
  private readonly issuers = new Map<string, IssuerNumbers>();

  private static key(environment: number, inscription: string): string {
    return `${environment}|${inscription}`;
  }

  knows(environment: number, inscription: string): boolean {
    return this.issuers.has(NfseNumbers.key(environment, inscription));
  }

  /** First sight of the issuer in this process: its next number is the database's (max + 1), or ours if higher. */
  seed(environment: number, inscription: string, floor: number): void {
    const key = NfseNumbers.key(environment, inscription);
    const issuer = this.issuers.get(key);
    if (!issuer) this.issuers.set(key, { next: floor, returned: [] });
    else issuer.next = Math.max(issuer.next, floor);
  }

  /**
   * After a conflict with another process: the next number is at least `floor` (the database's max + 1), and
   * returned numbers below it are forgotten, as they may be taken (a real gap costs a number; a repeat, a loop).
   */
  skipTo(environment: number, inscription: string, floor: number): void {
    this.seed(environment, inscription, floor);
    const issuer = this.issuers.get(NfseNumbers.key(environment, inscription))!;
    issuer.returned = issuer.returned.filter((n) => n >= floor);
  }

  /** The lowest returned number, or the next one; seed() must have come first. */
  take(environment: number, inscription: string): number {
    const issuer = this.issuers.get(NfseNumbers.key(environment, inscription));
    if (!issuer) throw new Error("NfseNumbers.take before the issuer's counter was seeded");
    if (issuer.returned.length > 0) return issuer.returned.shift()!;
    return issuer.next++;
  }

  giveBack(environment: number, inscription: string, number: number): void {
    const issuer = this.issuers.get(NfseNumbers.key(environment, inscription));
    if (!issuer || number >= issuer.next || issuer.returned.includes(number)) return;
    issuer.returned.push(number);
    issuer.returned.sort((a, b) => a - b);
  }
}

// One counter set per database (pool): tests and scripts may open more than one.
const perPool = new WeakMap<pg.Pool, NfseNumbers>();

export function nfseNumbersFor(pool: pg.Pool): NfseNumbers {
  let numbers = perPool.get(pool);
  if (!numbers) perPool.set(pool, (numbers = new NfseNumbers()));
  return numbers;
}
