import { afterAll, beforeAll } from "vitest";
import { ABRASF_CITIES, type AbrasfSignatureRules } from "@/lib/authority/nfse-providers";
import type { SimulatorServer } from "@/lib/authority/simulator";
import { resetEnvCache } from "@/lib/config/env";
import { createNfseCompany } from "@/lib/emission/nfse/testing";
import { startTestSimulator } from "@/lib/emission/testing/emission-fixtures";
import { db } from "@/test/factories";

const RIBEIRAO_PRETO = ABRASF_CITIES.find((city) => city.municipalityCode === "3543402")! as { signature: AbrasfSignatureRules };
const ISSNET_SIGNATURE = RIBEIRAO_PRETO.signature;
const PER_ELEMENT_SIGNATURE: AbrasfSignatureRules = { ...ISSNET_SIGNATURE, referenceUri: "id" };

/**
 * SubstituirNfse needs a city whose provider signs each element (Reference #Id, the ABRASF manual's
 * examples), and every city of the table is ISSNet, whose one whole-document signature cannot sign it.
 * For the calling file's tests, Ribeirão Preto's row gets the per-element profile and the simulator
 * runs over HTTP; `underIssnet` runs a block under the city's real profile.
 */
export function substitutionCity() {
  let simulator: SimulatorServer | undefined;
  beforeAll(async () => {
    process.env.AUTHORITY_TIMEOUT_MS = "6000";
    simulator = await startTestSimulator();
    resetEnvCache();
    RIBEIRAO_PRETO.signature = PER_ELEMENT_SIGNATURE;
  });
  afterAll(async () => {
    RIBEIRAO_PRETO.signature = ISSNET_SIGNATURE;
    await simulator?.close();
  });
  return {
    /** A company issuing NFS-e in Ribeirão Preto (3543402). */
    async company() {
      const company = await createNfseCompany();
      await db.company.update({ where: { id: company.companyId }, data: { municipalityCode: "3543402", city: "Ribeirão Preto", zipCode: "14010000" } });
      return company;
    },
    async underIssnet<T>(block: () => Promise<T>): Promise<T> {
      RIBEIRAO_PRETO.signature = ISSNET_SIGNATURE;
      try {
        return await block();
      } finally {
        RIBEIRAO_PRETO.signature = PER_ELEMENT_SIGNATURE;
      }
    },
  };
}
