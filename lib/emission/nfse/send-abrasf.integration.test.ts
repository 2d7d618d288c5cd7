import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AbrasfSoapClient } from "@/lib/authority/abrasf-client";
import type { AbrasfAuthority } from "@/lib/authority/abrasf-types";
import { ABRASF_CITIES, type AbrasfSignatureRules } from "@/lib/authority/nfse-providers";
import { startSimulatorServer, type SimulatorServer } from "@/lib/authority/simulator/server";
import { randomCnpj } from "@/lib/br";
import { testSigningCredentials } from "@/lib/fiscal/nfe/test-support/test-credentials";
import { buildGerarNfse, buildSubstituirNfse } from "@/lib/fiscal/nfse-abrasf";
import { sampleRps } from "@/lib/fiscal/nfse-abrasf/test-support/sample-rps";
import { sendAbrasf } from "./send-abrasf";

// A lost answer never issues a second NFS-e in an ABRASF city: the RPS reached the
// city but its answer did not come back; the next attempt asks ConsultarNfsePorRps
// first and takes that NFS-e, and a plain resend (refused E10) is resolved the same way.

let simulator: SimulatorServer;
let real: AbrasfSoapClient;
const CITY = ABRASF_CITIES.find((city) => city.municipalityCode === "3543402")!;
let nextRps = 1;

beforeAll(async () => {
  simulator = await startSimulatorServer({ port: 0 });
  real = new AbrasfSoapClient({ timeoutMs: 15_000, baseUrl: simulator.url });
});
afterAll(async () => {
  await simulator.close();
});

/** The real client, except that GerarNfse's answers are lost on the way back (the city did process them). */
function losingAnswers(calls: string[]): AbrasfAuthority {
  return {
    gerarNfse: async (...args) => {
      calls.push("GerarNfse");
      await real.gerarNfse(...args);
      return { kind: "communication_failure", reason: "socket hang up (answer lost)" };
    },
    consultarNfsePorRps: async (...args) => {
      calls.push("ConsultarNfsePorRps");
      return real.consultarNfsePorRps(...args);
    },
    cancelarNfse: (...args) => real.cancelarNfse(...args),
    substituirNfse: (...args) => real.substituirNfse(...args),
    recepcionarLoteRps: (...args) => real.recepcionarLoteRps(...args),
    consultarLoteRps: (...args) => real.consultarLoteRps(...args),
    recepcionarLoteRpsSincrono: (...args) => real.recepcionarLoteRpsSincrono(...args),
  };
}

function signedRps() {
  const cnpj = randomCnpj();
  const credentials = testSigningCredentials(cnpj);
  const input = sampleRps({ rps: { number: nextRps++, series: "1", type: "1" }, provider: { cnpj, municipalRegistration: "123456" } });
  return { signedXml: buildGerarNfse(input, { aliquotaFormat: CITY.aliquotaFormat, referenceUri: CITY.signature.referenceUri }, credentials).xml, certificate: { ...credentials } };
}

describe("ABRASF send after a lost answer", () => {
  it("first attempt: unknown outcome; second attempt: ConsultarNfsePorRps finds the NFS-e, nothing is sent again", async () => {
    const { signedXml, certificate } = signedRps();
    const calls: string[] = [];
    const document = { signedXml, environment: "HOMOLOGATION" as const, municipalityCode: "3543402" };
    const first = await sendAbrasf({ ...document, emissionAttempts: 1 }, certificate, () => losingAnswers(calls));
    expect(first).toEqual({ kind: "communication_failure", reason: "socket hang up (answer lost)" });
    const second = await sendAbrasf({ ...document, emissionAttempts: 2 }, certificate, () => losingAnswers(calls));
    expect(second).toMatchObject({ kind: "issued", via: "rps_lookup", issued: { nfse: { number: "1" } } });
    expect(calls).toEqual(["GerarNfse", "ConsultarNfsePorRps"]);
  });

  it("a resend refused E10 takes the NFS-e the RPS already produced", async () => {
    const { signedXml, certificate } = signedRps();
    const document = { signedXml, environment: "HOMOLOGATION" as const, municipalityCode: "3543402" };
    const issued = await sendAbrasf({ ...document, emissionAttempts: 1 }, certificate, () => real);
    expect(issued).toMatchObject({ kind: "issued", via: "submit" });
    // The attempt counter says first send (a crash before it was written): GerarNfse again, E10, then the consultation.
    const again = await sendAbrasf({ ...document, emissionAttempts: 1 }, certificate, () => real);
    expect(again).toMatchObject({ kind: "issued", via: "rps_lookup" });
    if (issued.kind === "issued" && again.kind === "issued") expect(again.issued.nfse.number).toBe(issued.issued.nfse.number);
  });

  it("a message that is not this city's GerarNfse is refused before anything is sent", async () => {
    const { signedXml, certificate } = signedRps();
    const onNational = await sendAbrasf({ signedXml, environment: "HOMOLOGATION", municipalityCode: "3550308", emissionAttempts: 1 }, certificate, () => real);
    expect(onNational).toMatchObject({ kind: "refused", code: "nfse_provider_changed" });
  });
});

describe("ABRASF substitution after a lost answer (per-element signature profile)", () => {
  // No table city signs per element yet: Ribeirão Preto's row (the simulator's too, in process) gets that profile here.
  const row = CITY as { signature: AbrasfSignatureRules };
  const issnet = row.signature;
  beforeAll(() => {
    row.signature = { ...issnet, referenceUri: "id" };
  });
  afterAll(() => {
    row.signature = issnet;
  });

  async function substitution() {
    const cnpj = randomCnpj();
    const credentials = testSigningCredentials(cnpj);
    const options = { aliquotaFormat: CITY.aliquotaFormat, referenceUri: "id" as const };
    const input = sampleRps({ rps: { number: nextRps++, series: "1", type: "1" }, provider: { cnpj, municipalRegistration: "123456" } });
    const original = await real.gerarNfse(CITY, "HOMOLOGATION", buildGerarNfse(input, options, credentials).xml, { ...credentials });
    if (original.kind !== "authorized") throw new Error(`GerarNfse: ${JSON.stringify(original)}`);
    const replaced = { number: original.nfse.number, providerCnpj: cnpj, municipalRegistration: "123456", municipalityCode: CITY.municipalityCode };
    const next = { ...input, rps: { ...input.rps, number: nextRps++ } };
    return { original, signedXml: buildSubstituirNfse(replaced, "1", next, options, credentials).xml, certificate: { ...credentials } };
  }

  function losingSubstitution(calls: string[]): AbrasfAuthority {
    return {
      ...real,
      gerarNfse: (...args) => real.gerarNfse(...args),
      cancelarNfse: (...args) => real.cancelarNfse(...args),
      recepcionarLoteRps: (...args) => real.recepcionarLoteRps(...args),
      consultarLoteRps: (...args) => real.consultarLoteRps(...args),
      recepcionarLoteRpsSincrono: (...args) => real.recepcionarLoteRpsSincrono(...args),
      substituirNfse: async (...args) => {
        calls.push("SubstituirNfse");
        await real.substituirNfse(...args);
        return { kind: "communication_failure", reason: "socket hang up (answer lost)" };
      },
      consultarNfsePorRps: async (...args) => {
        calls.push("ConsultarNfsePorRps");
        return real.consultarNfsePorRps(...args);
      },
    };
  }

  it("sent: the replacement and the replaced NFS-e as the city answered them", async () => {
    const { original, signedXml, certificate } = await substitution();
    const sent = await sendAbrasf({ signedXml, environment: "HOMOLOGATION", municipalityCode: "3543402", emissionAttempts: 1 }, certificate, () => real);
    expect(sent).toMatchObject({ kind: "issued", via: "submit", replaced: { nfse: { number: original.nfse.number, cancelled: true } } });
    if (sent.kind === "issued") expect(sent.issued.compNfseXml).toContain(`<NfseSubstituida>${original.nfse.number}</NfseSubstituida>`);
  });

  it("lost answer: the next attempt finds the replacement by its RPS; a plain resend (E79, the NFS-e is replaced) is resolved the same way", async () => {
    const { original, signedXml, certificate } = await substitution();
    const calls: string[] = [];
    const document = { signedXml, environment: "HOMOLOGATION" as const, municipalityCode: "3543402" };
    expect(await sendAbrasf({ ...document, emissionAttempts: 1 }, certificate, () => losingSubstitution(calls))).toEqual({ kind: "communication_failure", reason: "socket hang up (answer lost)" });
    const second = await sendAbrasf({ ...document, emissionAttempts: 2 }, certificate, () => losingSubstitution(calls));
    expect(second).toMatchObject({ kind: "issued", via: "rps_lookup" });
    expect(second.kind === "issued" ? second.replaced : "not issued").toBeUndefined();
    expect(calls).toEqual(["SubstituirNfse", "ConsultarNfsePorRps"]);
    const resent = await sendAbrasf({ ...document, emissionAttempts: 1 }, certificate, () => real);
    expect(resent).toMatchObject({ kind: "issued", via: "rps_lookup" });
    if (second.kind === "issued" && resent.kind === "issued") {
      expect(resent.issued.nfse.number).toBe(second.issued.nfse.number);
      expect(resent.issued.compNfseXml).toContain(`<NfseSubstituida>${original.nfse.number}</NfseSubstituida>`);
    }
  });
});
