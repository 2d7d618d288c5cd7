import forge from "node-forge";

/** A copy of a PFX whose MAC asks for `iterations` (big-endian, up to 2^31-1): the MAC then fails, but only after that many derivations. */
export function withMacIterations(pfx: Buffer, iterations: number): Buffer {
  const root = forge.asn1.fromDer(pfx.toString("binary"));
  const macData = (root.value as forge.asn1.Asn1[])[2];
  const count = (macData?.value as forge.asn1.Asn1[] | undefined)?.[2];
  if (!count) throw new Error("the PFX has no MAC iteration count");
  count.value = forge.asn1.integerToDer(iterations).getBytes();
  return Buffer.from(forge.asn1.toDer(root).getBytes(), "binary");
}
