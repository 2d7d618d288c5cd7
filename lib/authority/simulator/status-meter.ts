// Consumo indevido of the status service (cStat 656): SEFAZ blocks a caller
// that asks NFeStatusServico4 too often. NT 2018.002 publishes default limits
// for re-sent documents (30 identical rejections), events and inutilizations
// (20), consultations of one key (10 an hour) and receipts (40 an hour), but
// none for the status service, which the MOC asks to be used only to check
// the service before sending. The simulator applies our own figure: more than
// 20 status calls in an hour (one every 3 minutes) from one caller to one
// authorizer answers 656 for the next hour. The caller is the client
// certificate at SEFAZ; the simulator speaks plain HTTP on loopback, so it is
// the caller's address. Our own client stays within it: its status answers
// are cached per authorizer for 3 minutes (lib/authority/service-status.ts).

export const STATUS_CALLS_PER_HOUR = 20;
const HOUR_MS = 60 * 60 * 1000;

export class StatusMeter {
  private readonly calls = new Map<string, number[]>();
  private readonly blockedUntil = new Map<string, number>();

  constructor(private readonly limit = STATUS_CALLS_PER_HOUR) {}

  /** Counts a call; true when it is refused 656 (over the limit, or inside a block). */
  refuse(caller: string, now: number): boolean {
    const blocked = this.blockedUntil.get(caller);
    if (blocked !== undefined && blocked > now) return true;
    const recent = (this.calls.get(caller) ?? []).filter((at) => at > now - HOUR_MS);
    recent.push(now);
    this.calls.set(caller, recent);
    if (recent.length <= this.limit) return false;
    this.blockedUntil.set(caller, now + HOUR_MS);
    this.calls.delete(caller);
    return true;
  }

  reset(): void {
    this.calls.clear();
    this.blockedUntil.clear();
  }
}
