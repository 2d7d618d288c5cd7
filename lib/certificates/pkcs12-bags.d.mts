export declare class Pkcs12OpenError extends Error {
  stage: "structure" | "open";
  constructor(stage: "structure" | "open", message: string);
}
export declare function openPkcs12Bags(pfx: Uint8Array, password: string): { privateKeyPems: string[]; certificatePems: string[] };
