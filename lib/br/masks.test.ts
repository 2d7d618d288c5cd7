import { describe, expect, it } from "vitest";
import { maskCep, maskCnpj, maskCpfCnpj, maskPhone, maskPlate, maskStateRegistration, stripMask } from "./masks";

describe("input masks", () => {
  it("format CPF, CNPJ, CEP and phones while typing", () => {
    expect(maskCpfCnpj("52998224725")).toBe("529.982.247-25");
    expect(maskCpfCnpj("5299822")).toBe("529.982.2");
    expect(maskCpfCnpj("06929383000163")).toBe("06.929.383/0001-63");
    expect(maskCpfCnpj("12ABC34501DE35")).toBe("12.ABC.345/01DE-35");
    expect(maskCep("01310100")).toBe("01310-100");
    expect(maskPhone("11912345678")).toBe("(11) 91234-5678");
    expect(maskPhone("1132345678")).toBe("(11) 3234-5678");
    expect(stripMask("06.929.383/0001-63")).toBe("06929383000163");
    // A CNPJ-only field never shows a CPF pattern while the first digits are typed.
    expect(maskCnpj("0692938")).toBe("06.929.38");
    expect(maskCnpj("06929383000163")).toBe("06.929.383/0001-63");
    expect(maskCnpj("12.abc.345/01de-35")).toBe("12.ABC.345/01DE-35");
  });

  it("upper-cases plates and keeps IE digits or ISENTO", () => {
    expect(maskPlate("abc-1d23")).toBe("ABC1D23");
    expect(maskStateRegistration("110.042.490.114")).toBe("110042490114");
    expect(maskStateRegistration("isento")).toBe("ISENTO");
  });
});
