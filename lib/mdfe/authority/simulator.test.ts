import { beforeEach, describe, expect, it } from "vitest";
import { checkXmlSchema } from "@/lib/fiscal/xml/schema-validation";
import { testSigningCredentials } from "@/lib/fiscal/nfe/test-support/test-credentials";
import { loadingLaterInput, mdfeInput, MDFE_ISSUER_CNPJ, ownNfeKey, TAC_AGGREGATED_OWNER } from "../testing/mdfe-inputs";
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
  it("includes NF-e on the way (110115) only on a manifest loaded later (708); 456/612 outside its state, 709 invalid key, 711 a key already included", async () => {
    const plain = buildSignedMdfe(mdfeInput(), credentials);
    const plainAuthorized = await authority.authorize(target, plain.xml, certificate);
    if (plainAuthorized.kind !== "authorized") throw new Error(JSON.stringify(plainAuthorized));
    const include = (accessKey: string, protocol: string, sequence: number, nfeKey: string, places = { loading: "3550308", unloading: "3509502" }) =>
      event({ type: "110115", accessKey, sequence, protocol, loading: { code: places.loading, name: "Sao Paulo" }, documents: [{ municipality: { code: places.unloading, name: "Campinas" }, nfeKey }] });
    expect(await authority.sendEvent(target, include(plain.accessKey, plainAuthorized.protocol, 1, ownNfeKey(104)), certificate)).toMatchObject({
      kind: "refused", cStat: "708", reason: "Rejeição: MDF-e deve possui indicação de carregamento posterior para inclusão de DF-e",
    });

    const later = buildSignedMdfe(loadingLaterInput({ number: 41, rodo: { ...mdfeInput().rodo, vehicle: { ...mdfeInput().rodo.vehicle, plate: "LAT1E23" } } }), credentials);
    const authorized = await authority.authorize(target, later.xml, certificate);
    if (authorized.kind !== "authorized") throw new Error(JSON.stringify(authorized));
    const close = { type: "110112" as const, accessKey: later.accessKey, protocol: authorized.protocol, closedOn: "2026-12-08", closingUfCode: "35", closingMunicipalityCode: "3509502" };
    expect(await authority.sendEvent(target, event(close), certificate)).toMatchObject({
      kind: "refused", cStat: "715", reason: "Rejeição: Não é permitido encerrar MDF-e com indicação de carregamento posterior sem inclusão de DF-e associada",
    });
    const key = ownNfeKey(104);
    expect(await authority.sendEvent(target, include(later.accessKey, authorized.protocol, 1, key, { loading: "3106200", unloading: "3509502" }), certificate)).toMatchObject({ kind: "refused", cStat: "456" });
    expect(await authority.sendEvent(target, include(later.accessKey, authorized.protocol, 1, key, { loading: "3550308", unloading: "3106200" }), certificate)).toMatchObject({ kind: "refused", cStat: "612" });
    expect(await authority.sendEvent(target, include(later.accessKey, authorized.protocol, 1, key), certificate)).toMatchObject({ kind: "authorized", cStat: "135" });
    expect(await authority.sendEvent(target, include(later.accessKey, authorized.protocol, 2, key), certificate)).toMatchObject({ kind: "refused", cStat: "711", reason: "Rejeição: NF-e já está vinculada ao MDF-e por outro evento" });
    const wrong = ownNfeKey(105).slice(0, 43) + String((Number(ownNfeKey(105)[43]) + 1) % 10);
    expect(await authority.sendEvent(target, include(later.accessKey, authorized.protocol, 2, wrong), certificate)).toMatchObject({ kind: "refused", cStat: "709", reason: "Rejeição: Chave de acesso de NF-e inválida no evento de inclusão [Motivo: DV inválido]" });
    // Loaded in another municipality of the state: no cancellation any more (6.1.1 K08); the closing is now accepted.
    expect(await authority.sendEvent(target, include(later.accessKey, authorized.protocol, 2, ownNfeKey(106), { loading: "3509502", unloading: "3509502" }), certificate)).toMatchObject({ kind: "authorized" });
    const cancel = event({ type: "110111", accessKey: later.accessKey, protocol: authorized.protocol, reason: "Viagem cancelada pelo cliente" });
    expect(await authority.sendEvent(target, cancel, certificate)).toMatchObject({
      kind: "refused", cStat: "710", reason: "Rejeição: Cancelamento não é permitido para MDF-e com indicação de carregamento posterior que já realizou inserção de DF-e",
    });
    expect(await authority.sendEvent(target, event(close), certificate)).toMatchObject({ kind: "authorized", cStat: "135" });
  });

  it("authorizes a manifest loaded later only as G022–G026 allow (703, 704, 706, 707, 712) and refuses a municipality without documents otherwise (616)", async () => {
    const vehicle = (plate: string) => ({ rodo: { ...mdfeInput().rodo, vehicle: { ...mdfeInput().rodo.vehicle, plate } } });
    const refusal = async (input: Parameters<typeof buildSignedMdfe>[0]) => authority.authorize(target, buildSignedMdfe(input, credentials).xml, certificate);
    expect(await refusal(loadingLaterInput({ number: 51, unloading: [{ municipality: { code: "3509502", name: "Campinas" }, nfeKeys: [] }] }))).toMatchObject({
      kind: "refused", cStat: "703", reason: "Rejeição: Carregamento e Descarregamento inválidos para MDF-e com indicação de carregamento posterior",
    });
    expect(await refusal(loadingLaterInput({ number: 52, startUf: "MG", loading: [{ code: "3106200", name: "Belo Horizonte" }], unloading: [{ municipality: { code: "3106200", name: "Belo Horizonte" }, nfeKeys: [] }] }))).toMatchObject({
      kind: "refused", cStat: "704",
    });
    expect(await refusal(loadingLaterInput({ number: 53, unloading: [{ municipality: { code: "3550308", name: "São Paulo" }, nfeKeys: [ownNfeKey(107)] }], cargoValue: "100.00" }))).toMatchObject({
      kind: "refused", cStat: "706", reason: "Rejeição: Não informar documentos transportados para MDF-e com indicação de carregamento posterior (usar evento inclusão de DF-e)",
    });
    expect(await refusal(loadingLaterInput({ number: 54, issuerType: "1" }))).toMatchObject({ kind: "refused", cStat: "707" });
    expect(await refusal(mdfeInput({ number: 55, unloading: [{ municipality: { code: "3106200", name: "Belo Horizonte" }, nfeKeys: [] }] }))).toMatchObject({
      kind: "refused", cStat: "616", reason: "Rejeição: Nenhum grupo de documentos foi informado (CT-e, CT, NF-e, MDF-e) [Municipio sem documento: Belo Horizonte]",
    });

    // G026: one loaded later and left without a 110115 for more than 168 h blocks the issuer's next one.
    const first = buildSignedMdfe(loadingLaterInput({ number: 56, ...vehicle("FIR1S23") }), credentials);
    simulator.now = () => new Date("2026-12-07T13:00:00Z");
    expect(await authority.authorize(target, first.xml, certificate)).toMatchObject({ kind: "authorized" });
    simulator.now = () => new Date("2026-12-14T13:01:00Z");
    const blocked = await refusal(loadingLaterInput({ number: 57, ...vehicle("SEC2N34") }));
    expect(blocked).toMatchObject({ kind: "refused", cStat: "712" });
    if (blocked.kind === "refused") expect(blocked.reason).toBe(`Rejeição: Existe MDF-e com indicação de carregamento posterior sem inclusão de DF-e para o emitente há mais de 168 horas [chMDFe:${first.accessKey}]`);
    expect(await refusal(mdfeInput({ number: 58, ...vehicle("THI3R45") }))).toMatchObject({ kind: "authorized" });
    // The way out: a manifest loaded later with no 110115 is cancelled past 24 h (6.1.1 K04's exception), and the next one is authorized.
    const cancel = await authority.sendEvent(target, event({ type: "110111", accessKey: first.accessKey, protocol: (await authority.consult(target, first.accessKey, certificate) as { protocol: string }).protocol, reason: "Coleta nao realizada no periodo" }), certificate);
    expect(cancel).toMatchObject({ kind: "authorized", cStat: "135" });
    expect(await refusal(loadingLaterInput({ number: 59, ...vehicle("SEC2N34") }))).toMatchObject({ kind: "authorized" });
  });

  it("registers the payment of the transport operation (110116) once (636) for a TAC agregado's vehicle (723); 631 repeated, 222 another protocol; a closed manifest still takes it", async () => {
    const built = buildSignedMdfe(mdfeInput({ rodo: { ...mdfeInput().rodo, vehicle: { ...mdfeInput().rodo.vehicle, owner: TAC_AGGREGATED_OWNER } } }), credentials);
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
    expect(await authority.sendEvent(target, event({ ...payment, protocol: "135260000000001" }), certificate)).toMatchObject({ kind: "refused", cStat: "222" });
    const registered = await authority.sendEvent(target, xml, certificate);
    expect(registered).toMatchObject({ kind: "authorized", cStat: "135" });
    if (registered.kind === "authorized") expect(checkXmlSchema(registered.responseXml, `${S}retEventoMDFe_v3.00.xsd`)).toEqual({ valid: true });
    expect(await authority.sendEvent(target, xml, certificate)).toMatchObject({ kind: "refused", cStat: "631" });
    expect(await authority.sendEvent(target, event({ ...payment, sequence: 2 }), certificate)).toMatchObject({ kind: "refused", cStat: "636", reason: "Rejeição: O número sequencial do evento é maior que o permitido" });
    const consulted = await authority.consult(target, built.accessKey, certificate);
    if (consulted.kind !== "found") throw new Error(JSON.stringify(consulted));
    expect(consulted.events.map((e) => [e.tpEvento, e.sequence])).toEqual([["110116", 1]]);
    expect(checkXmlSchema(consulted.events[0]!.procEventoXml, `${S}procEventoMDFe_v3.00.xsd`)).toEqual({ valid: true });

    // Our own vehicle (no prop) and a TAC independente's: 723.
    for (const [number, owner] of [[61, null], [62, { ...TAC_AGGREGATED_OWNER, ownerType: "1" as const }]] as const) {
      const other = buildSignedMdfe(mdfeInput({ number, rodo: { ...mdfeInput().rodo, vehicle: { ...mdfeInput().rodo.vehicle, plate: `OWN${number}A1`, owner } } }), credentials);
      const ok = await authority.authorize(target, other.xml, certificate);
      if (ok.kind !== "authorized") throw new Error(JSON.stringify(ok));
      expect(await authority.sendEvent(target, event({ ...payment, accessKey: other.accessKey, protocol: ok.protocol }), certificate)).toMatchObject({
        kind: "refused", cStat: "723", reason: "Rejeição: O tipo do proprietário do MDF-e deve ser do tipo TAC Agregado",
      });
    }

    // A closed manifest: 6.5.1 has no rule against it (we refuse it before the call); nSeqEvento 1 is free again only for a manifest with none.
    const close = { type: "110112" as const, accessKey: built.accessKey, protocol: authorized.protocol, closedOn: "2026-12-08", closingUfCode: "31", closingMunicipalityCode: "3106200" };
    expect(await authority.sendEvent(target, event(close), certificate)).toMatchObject({ kind: "authorized" });
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
