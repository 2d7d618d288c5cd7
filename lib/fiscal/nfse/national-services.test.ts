import { describe, expect, it } from "vitest";
import { isValidNbsCode, nationalServiceDescription } from "./national-services";

// Anexo B v1.01 as vendored: descriptions with commas are quoted fields and
// must come back whole (they become the NFS-e's xTribNac).

describe("nationalServiceDescription", () => {
  it("gives a code's description, quoted commas included, and null for a code not in the list", () => {
    expect(nationalServiceDescription("010101")).toBe("Análise e desenvolvimento de sistemas.");
    expect(nationalServiceDescription("010301")).toBe("Processamento de dados, textos, imagens, vídeos, páginas eletrônicas, aplicativos e sistemas de informação, entre outros formatos, e congêneres.");
    expect(nationalServiceDescription("999999")).toBeNull();
    expect(nationalServiceDescription("ctribnac")).toBeNull();
  });
});

describe("isValidNbsCode", () => {
  it("accepts the 918 nine-digit codes marked valid in NBS 2.0 and nothing else", () => {
    expect(isValidNbsCode("115022000")).toBe(true);
    expect(isValidNbsCode("101011100")).toBe(true);
    // In the official sheet without a description, still a valid cNBS.
    expect(isValidNbsCode("999999999")).toBe(true);
    expect(isValidNbsCode("115022999")).toBe(false);
    // Groups (5 to 8 digits) are in the file but are not codes a DPS may carry.
    expect(isValidNbsCode("11502")).toBe(false);
    expect(isValidNbsCode("1150220")).toBe(false);
  });
});
