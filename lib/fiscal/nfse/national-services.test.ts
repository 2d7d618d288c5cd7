import { describe, expect, it } from "vitest";
import { nationalServiceDescription } from "./national-services";

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
