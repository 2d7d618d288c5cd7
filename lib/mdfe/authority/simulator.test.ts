import { beforeEach, describe, expect, it } from "vitest";
import { checkXmlSchema } from "@/lib/fiscal/xml/schema-validation";
import { testSigningCredentials } from "@/lib/fiscal/nfe/test-support/test-credentials";
import { mdfeInput, MDFE_ISSUER_CNPJ, ownNfeKey } from "../testing/mdfe-inputs";
import { buildSignedMdfe } from "../xml/build-signed-mdfe";
import { buildSignedMdfeEvent, type MdfeEventInput } from "../xml/build-event";
import { MdfeSimulator } from "./simulator";
import { SoapMdfeAuthority } from "./soap-mdfe-authority";
import type { MdfeTarget } from "./types";

const S = "mdfe/PL_MDFe_300a/";
const target: MdfeTarget = { environment: "HOMOLOGATION", uf: "SP" };
const credentials = testSigningCredentials();
const certificate = { privateKeyPem: credentials.privateKeyPem, certificatePem: credentials.certificatePem };
const common = { environment: "HOMOLOGATION" as const, issuerCnpj: MDFE_ISSUER_CNPJ, issuerUf: "SP", occurredAt: "2026-12-07T15:00:00Z" };

type Detail = MdfeEventInput extends infer E ? (E extends MdfeEventInput ? Omit<E, keyof typeof common> : never) : never;

function event(input: Detail) {
  return buildSignedMdfeEvent({ ...common, ...input } as MdfeEventInput, credentials).xml;
}

describe("MDF-e authority over SOAP against the SVRS simulator", () => {
  let simulator: MdfeSimulator;
  let authority: SoapMdfeAuthority;
  beforeEach(() => {
    simulator = new MdfeSimulator();
    authority = new SoapMdfeAuthority({ timeoutMs: 5_000, transport: simulator.transport() });
  });

  it("authorizes (100), consults, adds a driver (110114), closes (110112) and then refuses a cancellation (609)", async () => {
    const built = buildSignedMdfe(mdfeInput(), credentials);
    const status = await authority.status(target, certificate);
    expect(status).toMatchObject({ kind: "authorized", cStat: "107" });

    const authorized = await authority.authorize(target, built.xml, certificate);
    expect(authorized).toMatchObject({ kind: "authorized", cStat: "100" });
    if (authorized.kind !== "authorized") return;
    expect(authorized.protocol).toMatch(/^135\d{12}$/);
    expect(checkXmlSchema(authorized.responseXml, `${S}retMDFe_v3.00.xsd`)).toEqual({ valid: true });

    const open = await authority.openManifests(target, MDFE_ISSUER_CNPJ, certificate);
    expect(open).toMatchObject({ kind: "answered", cStat: "111", open: [{ accessKey: built.accessKey, protocol: authorized.protocol }] });
    const naoEnc = await simulator.handle("https://mdfe-homologacao.svrs.rs.gov.br/ws/MDFeConsNaoEnc/MDFeConsNaoEnc.asmx", `<soap12:Envelope xmlns:soap12="http://www.w3.org/2003/05/soap-envelope"><soap12:Body><mdfeDadosMsg><consMDFeNaoEnc xmlns="http://www.portalfiscal.inf.br/mdfe" versao="3.00"><tpAmb>2</tpAmb><xServ>CONSULTAR NÃO ENCERRADOS</xServ><CNPJ>${MDFE_ISSUER_CNPJ}</CNPJ></consMDFeNaoEnc></mdfeDadosMsg></soap12:Body></soap12:Envelope>`);
    const ret = /<retConsMDFeNaoEnc\b[\s\S]*<\/retConsMDFeNaoEnc>/.exec(naoEnc)![0];
    expect(checkXmlSchema(ret, `${S}retConsMDFeNaoEnc_v3.00.xsd`)).toEqual({ valid: true });
    const badRequest = await simulator.handle("https://mdfe-homologacao.svrs.rs.gov.br/ws/MDFeConsNaoEnc/MDFeConsNaoEnc.asmx", `<soap12:Envelope xmlns:soap12="http://www.w3.org/2003/05/soap-envelope"><soap12:Body><mdfeDadosMsg><consMDFeNaoEnc xmlns="http://www.portalfiscal.inf.br/mdfe" versao="3.00"><tpAmb>2</tpAmb><xServ>CONSULTAR</xServ><CNPJ>${MDFE_ISSUER_CNPJ}</CNPJ></consMDFeNaoEnc></mdfeDadosMsg></soap12:Body></soap12:Envelope>`);
    expect(badRequest).toContain("<cStat>215</cStat>");

    const driver = await authority.sendEvent(target, event({ type: "110114", accessKey: built.accessKey, driver: { name: "Maria Souza", cpf: "11144477735" } }), certificate);
    expect(driver).toMatchObject({ kind: "authorized", cStat: "135" });
    if (driver.kind === "authorized") expect(checkXmlSchema(driver.responseXml, `${S}retEventoMDFe_v3.00.xsd`)).toEqual({ valid: true });
    // MOC 6.3.1 has no rule against a driver already listed: the SVRS registers it (we refuse it before the call).
    const again = await authority.sendEvent(target, event({ type: "110114", accessKey: built.accessKey, sequence: 2, driver: { name: "Maria Souza", cpf: "11144477735" } }), certificate);
    expect(again).toMatchObject({ kind: "authorized", cStat: "135", reason: "Evento registrado e vinculado ao MDF-e" });
    const badCpf = await authority.sendEvent(target, event({ type: "110114", accessKey: built.accessKey, sequence: 3, driver: { name: "Fulano", cpf: "11111111111" } }), certificate);
    expect(badCpf).toMatchObject({ kind: "refused", cStat: "645", reason: "Rejeição: CPF do condutor inválido" });
    const repeated = await authority.sendEvent(target, event({ type: "110114", accessKey: built.accessKey, sequence: 2, driver: { name: "Maria Souza", cpf: "11144477735" } }), certificate);
    expect(repeated).toMatchObject({ kind: "refused", cStat: "631" });
    if (repeated.kind === "refused") expect(repeated.reason).toMatch(/^Rejeição: Duplicidade de evento \[nProt:\d{15}\]\[dhRegEvento:\d{4}-\d\d-\d\dT[\d:]{8}[-+]\d\d:\d\d\]$/);

    const close = { type: "110112" as const, accessKey: built.accessKey, protocol: authorized.protocol, closedOn: "2026-12-08", closingUfCode: "31", closingMunicipalityCode: "3106200" };
    expect(await authority.sendEvent(target, event(close), certificate)).toMatchObject({ kind: "authorized", cStat: "135" });
    // Closing twice: the same nSeqEvento 1 is a duplicate event (J08 comes before the event's own rules); 2 is above what 110112 allows.
    expect(await authority.sendEvent(target, event(close), certificate)).toMatchObject({ kind: "refused", cStat: "631" });
    expect(await authority.sendEvent(target, event({ ...close, sequence: 2 }), certificate)).toMatchObject({ kind: "refused", cStat: "636" });
    const cancel = await authority.sendEvent(target, event({ type: "110111", accessKey: built.accessKey, protocol: authorized.protocol, reason: "Viagem cancelada pelo cliente" }), certificate);
    expect(cancel).toMatchObject({ kind: "refused", cStat: "609" });
    if (cancel.kind === "refused") expect(cancel.reason).toMatch(/^Rejeição: MDF-e já está encerrado na base de dados da SEFAZ \[nProt:\d{15}\]\[dhEnc:[^\]]+\]$/);

    const consulted = await authority.consult(target, built.accessKey, certificate);
    expect(consulted).toMatchObject({ kind: "found", cStat: "132", situation: "CLOSED", protocol: authorized.protocol });
    if (consulted.kind === "found") {
      expect(consulted.events.map((e) => e.tpEvento)).toEqual(["110114", "110114", "110112"]);
      // retConsSitMDFe_v3.00.xsd declares one xs:any inside procEventoMDFe, but the event's proc is
      // eventoMDFe + retEventoMDFe (TProcEvento): each one is checked against procEventoMDFe_v3.00.xsd.
      expect(checkXmlSchema(consulted.events[0]!.procEventoXml, `${S}procEventoMDFe_v3.00.xsd`)).toEqual({ valid: true });
      expect(checkXmlSchema(consulted.events[2]!.procEventoXml, `${S}procEventoMDFe_v3.00.xsd`)).toEqual({ valid: true });
    }
    expect(await authority.openManifests(target, MDFE_ISSUER_CNPJ, certificate)).toMatchObject({ kind: "answered", cStat: "112", open: [] });
  });

  it("refuses a duplicate key (204), a second open MDF-e for the same plate and destination (611), and a bad signature (297)", async () => {
    const first = buildSignedMdfe(mdfeInput(), credentials);
    expect(await authority.authorize(target, first.xml, certificate)).toMatchObject({ kind: "authorized" });
    const duplicate = await authority.authorize(target, first.xml, certificate);
    expect(duplicate).toMatchObject({ kind: "refused", cStat: "204" });
    if (duplicate.kind === "refused") expect(duplicate.reason).toMatch(/^Rejeição: Duplicidade de MDF-e \[nProt:\d{15}\]\[dhAut:[^\]]+\]$/);
    const second = buildSignedMdfe(mdfeInput({ number: 18, cMDF: "73519264" }), credentials);
    const refused = await authority.authorize(target, second.xml, certificate);
    expect(refused).toMatchObject({ kind: "refused", cStat: "611" });
    // As the SVRS writes it (answers quoted in public issue threads): the oldest open key and its protocol.
    if (refused.kind === "refused") expect(refused.reason).toMatch(new RegExp(`^Rejeição: Existe MDF-e não encerrado para esta placa, tipo de emitente e UF descarregamento \\[chMDFe Não Encerrada:${first.accessKey}\\]\\[NroProtocolo:\\d{15}\\]$`));
    // Rule 611 is per CNPJ base: another issuer's manifest for the same plate and destination is authorized.
    const otherCnpj = "33000167000101";
    const otherCredentials = testSigningCredentials(otherCnpj);
    const other = buildSignedMdfe(mdfeInput({ number: 23, cMDF: "73519269", issuer: { ...mdfeInput().issuer, cnpj: otherCnpj }, unloading: [{ municipality: { code: "3106200", name: "Belo Horizonte" }, nfeKeys: [ownNfeKey(106, otherCnpj)] }] }), otherCredentials);
    const otherCertificate = { privateKeyPem: otherCredentials.privateKeyPem, certificatePem: otherCredentials.certificatePem };
    expect(await authority.authorize(target, other.xml, otherCertificate)).toMatchObject({ kind: "authorized", cStat: "100" });
    const tampered = buildSignedMdfe(mdfeInput({ number: 19, cMDF: "73519265", rodo: { ...mdfeInput().rodo, vehicle: { ...mdfeInput().rodo.vehicle, plate: "DEF4G56" } } }), credentials).xml.replace("<tara>7500</tara>", "<tara>7600</tara>");
    expect(await authority.authorize(target, tampered, certificate)).toMatchObject({ kind: "refused", cStat: "297" });
  });

  it("cancels within 24 h (101 on consultation), then refuses closing it (218); refuses a cancellation after 24 h (220)", async () => {
    const built = buildSignedMdfe(mdfeInput(), credentials);
    const authorized = await authority.authorize(target, built.xml, certificate);
    if (authorized.kind !== "authorized") throw new Error(JSON.stringify(authorized));
    const cancel = { type: "110111" as const, accessKey: built.accessKey, protocol: authorized.protocol, reason: "Viagem cancelada pelo cliente" };
    expect(await authority.sendEvent(target, event({ ...cancel, protocol: "135260000000001" }), certificate)).toMatchObject({ kind: "refused", cStat: "222" });
    expect(await authority.sendEvent(target, event(cancel), certificate)).toMatchObject({ kind: "authorized", cStat: "135" });
    expect(await authority.consult(target, built.accessKey, certificate)).toMatchObject({ kind: "found", cStat: "101", situation: "CANCELLED" });
    const close = event({ type: "110112", accessKey: built.accessKey, protocol: authorized.protocol, closedOn: "2026-12-08", closingUfCode: "31", closingMunicipalityCode: "3106200" });
    expect(await authority.sendEvent(target, close, certificate)).toMatchObject({ kind: "refused", cStat: "218" });

    // A cancelled manifest no longer blocks the plate: a new one is authorized, and cancelling it a day later is too late.
    const next = buildSignedMdfe(mdfeInput({ number: 20, cMDF: "73519266" }), credentials);
    const nextAuthorized = await authority.authorize(target, next.xml, certificate);
    if (nextAuthorized.kind !== "authorized") throw new Error(JSON.stringify(nextAuthorized));
    const later = new Date(Date.now() + 25 * 60 * 60 * 1000);
    simulator.now = () => later;
    const late = event({ type: "110111", accessKey: next.accessKey, protocol: nextAuthorized.protocol, reason: "Viagem cancelada pelo cliente" });
    expect(await authority.sendEvent(target, late, certificate)).toMatchObject({ kind: "refused", cStat: "220" });
  });

  it("refuses an invalid driver CPF (645) or a driver twice (577) in the manifest and an unknown key on consultation (217)", async () => {
    const built = buildSignedMdfe(mdfeInput({ rodo: { ...mdfeInput().rodo, drivers: [{ name: "Fulano", cpf: "12345678900" }] } }), credentials);
    expect(await authority.authorize(target, built.xml, certificate)).toMatchObject({ kind: "refused", cStat: "645" });
    const twice = buildSignedMdfe(mdfeInput({ number: 22, cMDF: "73519268", rodo: { ...mdfeInput().rodo, drivers: [{ name: "Maria", cpf: "11144477735" }, { name: "Maria", cpf: "11144477735" }] } }), credentials);
    expect(await authority.authorize(target, twice.xml, certificate)).toMatchObject({ kind: "refused", cStat: "577", reason: "Rejeição: Duplicidade de condutor" });
    expect(await authority.consult(target, built.accessKey, certificate)).toMatchObject({ kind: "not_found", cStat: "217" });
    // A carried NF-e key with a wrong check digit: 604 with the key and the reason (MOC MDF-e 3.00a).
    const key = ownNfeKey(103);
    const wrong = key.slice(0, 43) + String((Number(key[43]) + 1) % 10);
    const badKey = buildSignedMdfe(mdfeInput({ number: 21, cMDF: "73519267", unloading: [{ municipality: { code: "3106200", name: "Belo Horizonte" }, nfeKeys: [wrong] }] }), credentials);
    const refused = await authority.authorize(target, badKey.xml, certificate);
    expect(refused).toMatchObject({ kind: "refused", cStat: "604" });
    if (refused.kind === "refused") expect(refused.reason).toBe(`Rejeição: Chave de acesso da NF-e informada inválida [chNFe:${wrong}][Motivo: DV inválido]`);
  });
  it("includes NF-e on the way (110115): an invalid key is 709 and a key already included by another event is 711 (MOC 6.4.1)", async () => {
    const built = buildSignedMdfe(mdfeInput(), credentials);
    const authorized = await authority.authorize(target, built.xml, certificate);
    if (authorized.kind !== "authorized") throw new Error(JSON.stringify(authorized));
    const include = (sequence: number, nfeKey: string) =>
      event({ type: "110115", accessKey: built.accessKey, sequence, protocol: authorized.protocol, loading: { code: "3550308", name: "Sao Paulo" }, documents: [{ municipality: { code: "3106200", name: "Belo Horizonte" }, nfeKey }] });
    const key = ownNfeKey(104);
    expect(await authority.sendEvent(target, include(1, key), certificate)).toMatchObject({ kind: "authorized", cStat: "135" });
    expect(await authority.sendEvent(target, include(2, key), certificate)).toMatchObject({ kind: "refused", cStat: "711", reason: "Rejeição: NF-e já está vinculada ao MDF-e por outro evento" });
    const wrong = ownNfeKey(105).slice(0, 43) + String((Number(ownNfeKey(105)[43]) + 1) % 10);
    expect(await authority.sendEvent(target, include(2, wrong), certificate)).toMatchObject({ kind: "refused", cStat: "709", reason: "Rejeição: Chave de acesso de NF-e inválida no evento de inclusão [Motivo: DV inválido]" });
  });

  it("registers the payment of the transport operation (110116) and refuses a repeated sequence (631) and another protocol (222); a closed manifest still takes it", async () => {
    const built = buildSignedMdfe(mdfeInput(), credentials);
    const authorized = await authority.authorize(target, built.xml, certificate);
    if (authorized.kind !== "authorized") throw new Error(JSON.stringify(authorized));
    const payment = {
      type: "110116" as const,
      accessKey: built.accessKey,
      protocol: authorized.protocol,
      trips: { total: 1, number: 1 },
      payments: [
        {
          name: "Transportes Rapidos Ltda",
          document: { type: "CNPJ" as const, value: "33000167000101" },
          components: [{ type: "04" as const, value: "1800.00" }, { type: "01" as const, value: "200.00" }],
          contractValue: "2000.00",
          paymentIndicator: "1" as const,
          advanceValue: "500.00",
          installments: [{ number: 1, dueDate: "2026-12-20", value: "1500.00" }],
          bank: { kind: "PIX" as const, key: "financeiro@rapidos.com.br" },
        },
      ],
    };
    const xml = event(payment);
    expect(xml).toContain("<infViagens><qtdViagens>00001</qtdViagens><nroViagem>00001</nroViagem></infViagens>");
    expect(xml).toContain("<indPag>1</indPag><vAdiant>500.00</vAdiant><infPrazo><nParcela>001</nParcela>");
    const registered = await authority.sendEvent(target, xml, certificate);
    expect(registered).toMatchObject({ kind: "authorized", cStat: "135" });
    if (registered.kind === "authorized") expect(checkXmlSchema(registered.responseXml, `${S}retEventoMDFe_v3.00.xsd`)).toEqual({ valid: true });
    expect(await authority.sendEvent(target, xml, certificate)).toMatchObject({ kind: "refused", cStat: "631" });
    expect(await authority.sendEvent(target, event({ ...payment, sequence: 2, protocol: "135260000000001" }), certificate)).toMatchObject({ kind: "refused", cStat: "222" });
    expect(await authority.sendEvent(target, event({ ...payment, sequence: 2 }), certificate)).toMatchObject({ kind: "authorized", cStat: "135" });
    const consulted = await authority.consult(target, built.accessKey, certificate);
    if (consulted.kind !== "found") throw new Error(JSON.stringify(consulted));
    expect(consulted.events.map((e) => [e.tpEvento, e.sequence])).toEqual([["110116", 1], ["110116", 2]]);
    expect(checkXmlSchema(consulted.events[0]!.procEventoXml, `${S}procEventoMDFe_v3.00.xsd`)).toEqual({ valid: true });
    const close = { type: "110112" as const, accessKey: built.accessKey, protocol: authorized.protocol, closedOn: "2026-12-08", closingUfCode: "31", closingMunicipalityCode: "3106200" };
    expect(await authority.sendEvent(target, event(close), certificate)).toMatchObject({ kind: "authorized" });
    // The MOC's rules for 110116 (K01–K11) have none for a closed manifest (we refuse it before the call).
    expect(await authority.sendEvent(target, event({ ...payment, sequence: 3 }), certificate)).toMatchObject({ kind: "authorized", cStat: "135" });
  });
  it("refuses an MDF-e issued offline (tpEmis 2) transmitted more than 168 h after its dhEmi (228) and authorizes one within them", async () => {
    const issuedAt = Date.parse("2026-12-07T13:00:00Z");
    const late = buildSignedMdfe(mdfeInput({ tpEmis: "2", number: 31 }), credentials);
    simulator.now = () => new Date(issuedAt + 168 * 3_600_000 + 60_000);
    const refused = await authority.authorize(target, late.xml, certificate);
    expect(refused).toMatchObject({ kind: "refused", cStat: "228", reason: "Rejeição: Data de Emissão muito atrasada" });
    // The same offline manifest within its 168 h, and a normal one (tpEmis 1) of the same age, are authorized.
    simulator.now = () => new Date(issuedAt + 167 * 3_600_000);
    expect(await authority.authorize(target, late.xml, certificate)).toMatchObject({ kind: "authorized", cStat: "100" });
    simulator.now = () => new Date(issuedAt + 169 * 3_600_000);
    const normal = buildSignedMdfe(mdfeInput({ number: 32, rodo: { ...mdfeInput().rodo, vehicle: { ...mdfeInput().rodo.vehicle, plate: "XYZ9A87" } } }), credentials);
    expect(await authority.authorize(target, normal.xml, certificate)).toMatchObject({ kind: "authorized", cStat: "100" });
  });
});
