import { describe, expect, it } from "vitest";
import { completeCnpj, completeCpf } from "@/lib/br";
import { resolveClientIdentity } from "./client-identity";

const cnpj = completeCnpj("112223330001");
const cpf = completeCpf("123456789");

describe("resolveClientIdentity", () => {
  it("infers CNPJ/COMPANY from 14 characters and CPF/INDIVIDUAL from 11 digits", () => {
    expect(resolveClientIdentity({ document: "11.222.333/0001-81" })).toEqual({ document: cnpj, documentType: "CNPJ", type: "COMPANY" });
    expect(resolveClientIdentity({ document: cpf })).toEqual({ document: cpf, documentType: "CPF", type: "INDIVIDUAL" });
    expect(resolveClientIdentity({ document: "" })).toEqual({ document: "", documentType: "OTHER", type: "INDIVIDUAL" });
  });

  it("keeps explicit types and free-text foreign documents", () => {
    expect(resolveClientIdentity({ document: "P-123", documentType: "FOREIGN" })).toEqual({ document: "P-123", documentType: "FOREIGN", type: "FOREIGN" });
    expect(resolveClientIdentity({ document: cpf, type: "COMPANY" }).type).toBe("COMPANY");
  });

  it("takes an alphanumeric CNPJ as typed (punctuation, lower case) and refuses the letters the NT excludes, saying why", () => {
    expect(resolveClientIdentity({ document: "12.abc.345/01de-35" })).toEqual({ document: "12ABC34501DE35", documentType: "CNPJ", type: "COMPANY" });
    expect(() => resolveClientIdentity({ document: completeCnpj("12OBC34501DE") }, "body.client")).toThrow(
      "body.client.document: invalid CNPJ: the letters I, O, U, Q and F are not used in CNPJs (NT Conjunta 2025.001, item 4)",
    );
  });

  it("refuses wrong check digits and documents it cannot classify with 400", () => {
    for (const document of [`${cnpj.slice(0, 13)}${(Number(cnpj[13]) + 1) % 10}`, "11111111111", "12345"]) {
      expect(() => resolveClientIdentity({ document }), document).toThrow(expect.objectContaining({ status: 400, code: "validation_error" }));
    }
  });
});
