import type { NfeInput } from "../types";

// The golden NFC-e issued from another state's capital, to reach a row of
// data/nfce-qr-states.json (e.g. PR, still on QR v2) with the same content.
const CAPITALS: Record<string, { municipalityCode: string; municipalityName: string; zipCode: string }> = {
  PR: { municipalityCode: "4106902", municipalityName: "Curitiba", zipCode: "80010000" },
  RR: { municipalityCode: "1400100", municipalityName: "Boa Vista", zipCode: "69301000" },
  RJ: { municipalityCode: "3304557", municipalityName: "Rio de Janeiro", zipCode: "20010000" },
};

export function issuedIn(input: NfeInput, uf: keyof typeof CAPITALS & string): NfeInput {
  const capital = CAPITALS[uf];
  if (!capital) throw new Error(`No capital for ${uf} in nfce-in-state.ts`);
  return { ...input, issuer: { ...input.issuer, address: { ...input.issuer.address, uf, ...capital } } };
}
