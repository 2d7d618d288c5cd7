import type { PrismaClient, SimulatorAbrasfNfse } from "@prisma/client";
import { isUniqueViolation } from "../simulator/context";

// The simulator's NFS-e per city and provider (PostgreSQL, prisma/schema/abrasf-simulator.prisma).
// The unique RPS key answers "was this RPS issued?" (E10) across processes; the NFS-e
// number is the provider's last one + 1 in that city, retried when another call took it.

const HOMOLOGATION = 2;

export type RpsKey = { municipalityCode: string; providerCnpj: string; rpsNumber: string; rpsSeries: string; rpsType: string };

export function findByRps(db: PrismaClient, key: RpsKey): Promise<SimulatorAbrasfNfse | null> {
  return db.simulatorAbrasfNfse.findUnique({
    where: { environment_municipalityCode_providerCnpj_rpsSeries_rpsNumber_rpsType: { environment: HOMOLOGATION, ...key } },
  });
}

export function findByNumber(db: PrismaClient, municipalityCode: string, providerCnpj: string, nfseNumber: number): Promise<SimulatorAbrasfNfse | null> {
  return db.simulatorAbrasfNfse.findUnique({ where: { environment_municipalityCode_providerCnpj_nfseNumber: { environment: HOMOLOGATION, municipalityCode, providerCnpj, nfseNumber } } });
}

export type NewNfse = RpsKey & { build: (nfseNumber: number) => { nfseXml: string; verificationCode: string } };

/** Inserts the NFS-e under the next number; "duplicate" when the RPS was issued already (E10). */
export async function recordNfse(db: PrismaClient, entry: NewNfse): Promise<{ kind: "recorded"; row: SimulatorAbrasfNfse } | { kind: "duplicate" }> {
  const { build, ...key } = entry;
  for (let attempt = 0; attempt < 5; attempt++) {
    if (await findByRps(db, key)) return { kind: "duplicate" };
    const last = await db.simulatorAbrasfNfse.aggregate({ _max: { nfseNumber: true }, where: { environment: HOMOLOGATION, municipalityCode: key.municipalityCode, providerCnpj: key.providerCnpj } });
    const nfseNumber = (last._max.nfseNumber ?? 0) + 1;
    const built = build(nfseNumber);
    try {
      const row = await db.simulatorAbrasfNfse.create({ data: { environment: HOMOLOGATION, ...key, nfseNumber, verificationCode: built.verificationCode, status: "AUTHORIZED", nfseXml: built.nfseXml } });
      return { kind: "recorded", row };
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      // Another call took this number or this RPS: look again.
    }
  }
  throw new Error("ABRASF simulator: could not number the NFS-e after 5 attempts");
}

/** Marks the NFS-e cancelled (or replaced) unless it already is; false when another call got there first. */
export async function markCancelled(db: PrismaClient, id: string, cancellationXml: string, at: Date, replacedBy: number | null = null): Promise<boolean> {
  const { count } = await db.simulatorAbrasfNfse.updateMany({
    where: { id, status: "AUTHORIZED" },
    data: { status: replacedBy ? "REPLACED" : "CANCELLED", cancellationXml, cancelledAt: at, replacedBy },
  });
  return count === 1;
}
