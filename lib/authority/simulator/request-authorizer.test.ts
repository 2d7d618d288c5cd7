import { describe, expect, it } from "vitest";
import { normalizeAuthorizer, requestAuthorizer } from "./request-authorizer";

const status = (cUF: string) => `<consStatServ versao="4.00"><tpAmb>2</tpAmb><cUF>${cUF}</cUF><xServ>STATUS</xServ></consStatServ>`;

describe("the authorizer a simulator request was meant for", () => {
  it("names a state's own authorizer by its path", () => {
    expect(requestAuthorizer("/ws/nfestatusservico4.asmx", status("35"))).toBe("SP");
    expect(requestAuthorizer("/NFeStatusServico4/NFeStatusServico4.asmx", status("35"))).toBe("SVCAN");
  });

  it("tells RS, SVRS and SVC-RS apart on their shared paths by the message", () => {
    const shared = "/ws/NfeStatusServico/NfeStatusServico4.asmx";
    expect(requestAuthorizer(shared, status("43"))).toBe("RS");
    // Acre is authorized by SVRS for both models.
    expect(requestAuthorizer(shared, status("12"))).toBe("SVRS");
    expect(requestAuthorizer("/ws/NfeAutorizacao/NFeAutorizacao4.asmx", "<NFe><infNFe><ide><cUF>29</cUF><tpEmis>7</tpEmis></ide></infNFe></NFe>")).toBe("SVCRS");
  });

  it("sends cOrgao 91 events to the Ambiente Nacional; unknown paths name nobody", () => {
    expect(requestAuthorizer("/NFeRecepcaoEvento4/NFeRecepcaoEvento4.asmx", "<envEvento><evento><infEvento><cOrgao>91</cOrgao></infEvento></evento></envEvento>")).toBe("AN");
    expect(requestAuthorizer("/nowhere.asmx", status("35"))).toBeUndefined();
  });

  it("reads SVC-AN and SVC-RS as the tables write them", () => {
    expect(normalizeAuthorizer("SVC-AN")).toBe("SVCAN");
    expect(normalizeAuthorizer("svc-rs")).toBe("SVCRS");
    expect(normalizeAuthorizer("SP")).toBe("SP");
  });
});
