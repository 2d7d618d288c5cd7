import { unprocessable } from "@/lib/errors";

/**
 * A DPS carries one service (serv/cServ: one cTribNac, one cTribMun): items
 * of one service code are summed into it; items of different codes cannot be
 * one NFS-e (issue 14, item 2) → 422 nfse_multiple_services naming them.
 */
export function assertOneService(items: { nationalServiceCode: string | null; serviceCode: string | null }[]): void {
  const codes = new Set(items.map((i) => `${i.nationalServiceCode ?? "-"}/${i.serviceCode ?? "-"}`));
  if (codes.size <= 1) return;
  const listed = [...codes].map((c) => c.replace("/-", "")).join(", ");
  throw unprocessable("nfse_multiple_services", `An NFS-e carries one service: its items have different service codes (nationalServiceCode/serviceCode ${listed}); issue one NFSE per service code`);
}
