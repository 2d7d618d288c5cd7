import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { completeCnpj, modulus11CheckDigit, randomCnpj } from "@/lib/br";
import { buildDps, buildSignedCancellation, buildSignedDps, isValidNfseAccessKey, readNfse, type DpsInput } from "@/lib/fiscal/nfse";
import { dpsRegular, dpsRegularWithRetention, dpsSimples, dpsSimplesWithRetention, dpsWithIbsCbs } from "@/lib/fiscal/nfse/test-support/golden-dps";
import { testSigningCredentials } from "@/lib/fiscal/nfe/test-support/test-credentials";
import { checkXmlSchema } from "@/lib/fiscal/xml/schema-validation";
import { signXml } from "@/lib/fiscal/xml/xml-signature";
import { SefinNacionalClient } from "../sefin-client";
import { startSimulatorServer, type SimulatorServer } from "../simulator/server";
import { SHARED_DIR } from "@/test/shared-dir";
import { execFileSync } from "node:child_process";
import os from "node:os";
import path from "node:path";
import { renderDanfse } from "@/lib/danfse/render-danfse";
import { createTestCompany, db } from "@/test/factories";

// The real Sefin Nacional client against the simulator over HTTP, with real
// signatures, schema validation and PostgreSQL state: every rule answers its
// Anexo I / Anexo II code.

let simulator: SimulatorServer;
let client: SefinNacionalClient;
const ENV = "HOMOLOGATION" as const;
let nextNumber = 1;

beforeAll(async () => {
  simulator = await startSimulatorServer({ port: 0 });
  // Generous: the first call compiles schemas on a loaded machine; the lost-answer test uses its own impatient client.
  client = new SefinNacionalClient({ timeoutMs: 15_000, baseUrl: `${simulator.url}/SefinNacional` });
});
afterAll(async () => {
  await simulator.close();
});

function fresh(base: () => DpsInput = dpsRegular, change: (input: DpsInput) => DpsInput = (i) => i): { input: DpsInput; cnpj: string } {
  const cnpj = randomCnpj();
  const input = base();
  return { cnpj, input: change({ ...input, number: nextNumber++, issuedAt: nowLocal(), competence: nowLocal().slice(0, 10), provider: { ...input.provider, cnpj } }) };
}

function nowLocal(offsetMs = 0): string {
  const d = new Date(Date.now() - 3 * 3600_000 + offsetMs);
  return `${d.toISOString().slice(0, 19)}-03:00`;
}

async function submit(input: DpsInput, cnpj: string) {
  return client.submitDps(ENV, buildSignedDps(input, testSigningCredentials(cnpj)).xml, testSigningCredentials(cnpj));
}

/** Our builder never writes these: the DPS is changed before signing, as another issuer's software could send it. */
async function resigned(input: DpsInput, cnpj: string, change: (xml: string) => string) {
  const xml = change(buildDps(input).xml);
  expect(xml).not.toBe(buildDps(input).xml);
  return client.submitDps(ENV, signXml(xml, testSigningCredentials(cnpj), { tag: "infDPS" }), testSigningCredentials(cnpj));
}

/** An MEI (opSimpNac 2): no IM in the CNC rule, no regApTribSN, ISS in the DAS. */
function dpsMei(): DpsInput {
  const simples = dpsSimples();
  return { ...simples, provider: { ...simples.provider, opSimpNac: "2", regApTribSN: null, municipalRegistration: null } };
}

/** The codes sorted by their row in Anexo I's RN DPS_NFS-e sheet (the recepção rows come first). */
function anexoIOrder(codes: string[]): string[] {
  const rows = new Map<string, number>();
  for (const line of fs.readFileSync(`${SHARED_DIR}/fiscal/nfse/rules/anexo-i-rn-dps-nfs-e.tsv`, "utf8").split("\n")) {
    const cells = line.split("\t");
    if (/^E\d{4}$/.test(cells[7] ?? "") && !rows.has(cells[7]!)) rows.set(cells[7]!, Number(cells[0]));
  }
  return [...new Set(codes)].sort((a, b) => rows.get(a)! - rows.get(b)!);
}

describe("Sefin Nacional simulator: success", () => {
  it("issues an NFS-e: 50-digit key with its DV, nNFSe, computed values, the DPS embedded, signed and schema-valid", async () => {
    const { input, cnpj } = fresh(dpsRegularWithRetention);
    const result = await submit(input, cnpj);
    if (result.kind !== "authorized") throw new Error(JSON.stringify(result));
    expect(isValidNfseAccessKey(result.accessKey)).toBe(true);
    expect(result.accessKey.slice(0, 7)).toBe("3550308");
    expect(result.accessKey.slice(9, 23)).toBe(cnpj);
    expect(checkXmlSchema(result.nfseXml, "nfse/v1.01/NFSe_v1.01.xsd")).toEqual({ valid: true });
    const summary = readNfse(result.nfseXml)!;
    expect(summary.nNFSe).toBe("1");
    // Sefin names the municipalities (IBGE); the golden DPS is issued and rendered in São Paulo.
    expect(result.nfseXml).toContain("<xLocEmi>São Paulo</xLocEmi><xLocPrestacao>São Paulo</xLocPrestacao>");
    // 1000.00 at the municipal rate 5% withheld (50.00) + INSS 110 + IR 15 + CSLL 10 + PIS 6.50 + COFINS 30 withheld.
    expect(summary.values).toEqual({ vBC: "1000.00", pAliqAplic: "5.00", vISSQN: "50.00", vTotalRet: "221.50", vLiq: "778.50" });
    // The 201's idDps is "NFS" + the key, as the real Sefin answers: the DPS Id is the one we built.
    expect(result.idDps).toBe(`NFS${result.accessKey}`);
    const dpsId = /<infDPS Id="(DPS\d{42})">/.exec(result.nfseXml)?.[1];
    expect(dpsId).toBeDefined();

    // The same DPS again: E0014; /dps/{id} finds the NFS-e.
    const again = await submit(input, cnpj);
    expect(again).toMatchObject({ kind: "refused", code: "E0014", httpStatus: 400 });
    expect(await client.dpsExists(ENV, dpsId!, testSigningCredentials(cnpj))).toBe(true);
    expect(await client.findByDps(ENV, dpsId!, testSigningCredentials(cnpj))).toMatchObject({ kind: "authorized", accessKey: result.accessKey, nfseXml: result.nfseXml });
    expect(await client.getNfse(ENV, result.accessKey, testSigningCredentials(cnpj))).toMatchObject({ kind: "authorized", accessKey: result.accessKey });
  });

  it("numbers NFS-e sequentially per issuer and applies the municipal rate when pAliq is not sent", async () => {
    const { input, cnpj } = fresh();
    const first = await submit(input, cnpj);
    const second = await submit({ ...input, number: input.number + 1000 }, cnpj);
    if (first.kind !== "authorized" || second.kind !== "authorized") throw new Error("not issued");
    expect([readNfse(first.nfseXml)!.nNFSe, readNfse(second.nfseXml)!.nNFSe]).toEqual(["1", "2"]);
    expect(readNfse(first.nfseXml)!.values).toMatchObject({ pAliqAplic: "5.00", vISSQN: "50.00", vTotalRet: null, vLiq: "1000.00" });
  });

  it("concurrent DPS of one issuer get distinct consecutive nNFSe; the same DPS sent twice at once is issued once (E0014)", async () => {
    const { input, cnpj } = fresh();
    const results = await Promise.all(Array.from({ length: 5 }, (_, i) => submit({ ...input, number: input.number + 2000 + i }, cnpj)));
    const numbers = results.map((r) => (r.kind === "authorized" ? Number(readNfse(r.nfseXml)!.nNFSe) : 0)).sort((a, b) => a - b);
    expect(numbers).toEqual([1, 2, 3, 4, 5]);
    const same = buildSignedDps({ ...input, number: input.number + 3000 }, testSigningCredentials(cnpj)).xml;
    const twice = await Promise.all([client.submitDps(ENV, same, testSigningCredentials(cnpj)), client.submitDps(ENV, same, testSigningCredentials(cnpj))]);
    expect(twice.map((r) => (r.kind === "refused" ? r.code : r.kind)).sort()).toEqual(["E0014", "authorized"]);
  });

  it("an ME/EPP paying ISS in the Simples without withholding has no ISS on the NFS-e", async () => {
    const { input, cnpj } = fresh(dpsSimples);
    const result = await submit(input, cnpj);
    if (result.kind !== "authorized") throw new Error(JSON.stringify(result));
    expect(readNfse(result.nfseXml)!.values).toEqual({ vBC: null, pAliqAplic: null, vISSQN: null, vTotalRet: null, vLiq: "1000.00" });
  });

  it("authorizes every golden DPS our builder makes: the rules above hold for what we send", async () => {
    for (const golden of [dpsRegular, dpsRegularWithRetention, dpsSimples, dpsSimplesWithRetention, dpsWithIbsCbs]) {
      const { input, cnpj } = fresh(golden);
      const result = await submit(input, cnpj);
      expect(result, golden.name).toMatchObject({ kind: "authorized" });
    }
  });

  it("HEAD and GET /dps of an unknown DPS answer 404", async () => {
    const { input, cnpj } = fresh();
    const id = buildDps(input).id;
    expect(await client.dpsExists(ENV, id, testSigningCredentials(cnpj))).toBe(false);
    expect(await client.findByDps(ENV, id, testSigningCredentials(cnpj))).toEqual({ kind: "not_found" });
  });
});

describe("Sefin Nacional simulator: the provider from the CNC", () => {
  it("writes the registered company's address, trade name, phone and e-mail in <emit>, and the DANFSe prints them", async () => {
    const company = await createTestCompany();
    await db.company.update({
      where: { id: company.companyId },
      data: { tradeName: "Estúdio Paulista", street: "Rua Augusta", streetNumber: "1500", complement: "Sala 12", neighborhood: "Consolação", zipCode: "01304-001", phone: "(11) 3333-4444", email: "fiscal@estudio.example" },
    });
    const { input } = fresh();
    const result = await submit({ ...input, provider: { ...input.provider, cnpj: company.cnpj } }, company.cnpj);
    if (result.kind !== "authorized") throw new Error(JSON.stringify(result));
    expect(checkXmlSchema(result.nfseXml, "nfse/v1.01/NFSe_v1.01.xsd")).toEqual({ valid: true });
    expect(result.nfseXml).toContain(
      "<xFant>Estúdio Paulista</xFant><enderNac><xLgr>Rua Augusta</xLgr><nro>1500</nro><xCpl>Sala 12</xCpl><xBairro>Consolação</xBairro><cMun>3550308</cMun><UF>SP</UF><CEP>01304001</CEP></enderNac><fone>1133334444</fone><email>fiscal@estudio.example</email>",
    );
    expect(result.nfseXml).not.toContain("CNC");
    const file = path.join(os.tmpdir(), `danfse-cnc-${company.cnpj}.pdf`);
    fs.writeFileSync(file, await renderDanfse(result.nfseXml));
    try {
      const text = execFileSync("pdftotext", [file, "-"], { encoding: "utf8" });
      expect(text).toContain("Rua Augusta, 1500, Sala 12, Consolação");
      expect(text).toContain("01304001".replace(/^(\d{5})(\d{3})$/, "$1-$2"));
    } finally {
      fs.rmSync(file, { force: true });
    }
  });

  it("takes the company holding the CNPJ's reservation, not an older one of another tenant that never proved it (issue 49 item 5)", async () => {
    const squatter = await createTestCompany();
    await db.company.update({ where: { id: squatter.companyId }, data: { tradeName: "Ocupante" } });
    const tenant = await db.tenant.create({ data: { name: "Titular" } });
    const owner = await db.company.create({ data: { tenantId: tenant.id, legalName: "Titular Ltda", tradeName: "Titular", cnpj: squatter.cnpj, state: "SP", municipalityCode: "3550308", taxRegime: "NORMAL", environment: "HOMOLOGATION" } });
    await db.cnpjReservation.create({ data: { cnpj: squatter.cnpj, environment: "HOMOLOGATION", companyId: owner.id } });
    const { input } = fresh();
    // The simulator keeps the CNC record it read first (cnc-copy.ts), so one DPS of this CNPJ only.
    const after = await submit({ ...input, provider: { ...input.provider, cnpj: squatter.cnpj } }, squatter.cnpj);
    if (after.kind !== "authorized") throw new Error(JSON.stringify(after));
    expect(after.nfseXml).toContain("<xFant>Titular</xFant>");
    expect(after.nfseXml).not.toContain("Ocupante");
  });

  it("marks a provider the CNC does not know with a placeholder address, still schema-valid", async () => {
    const { input, cnpj } = fresh();
    const result = await submit(input, cnpj);
    if (result.kind !== "authorized") throw new Error(JSON.stringify(result));
    expect(checkXmlSchema(result.nfseXml, "nfse/v1.01/NFSe_v1.01.xsd")).toEqual({ valid: true });
    expect(result.nfseXml).toContain("<xLgr>Endereço não cadastrado no CNC</xLgr>");
  });
});

describe("Sefin Nacional simulator: rejections in Anexo I order", () => {
  const cases: [string, string, () => Promise<unknown>][] = [
    ["not gzip", "E1235", () => rawPost({ dpsXmlGZipB64: "bm90IGd6aXA=" })],
    ["schema", "E1235", async () => { const { input, cnpj } = fresh(); return submit({ ...input, service: { ...input.service, municipalCode: "12" } }, cnpj).catch(() => null) ?? null; }],
    ["no signature", "E0717", async () => { const { input, cnpj } = fresh(); return client.submitDps(ENV, buildDps(input).xml, testSigningCredentials(cnpj)); }],
    ["changed after signing", "E0714", async () => { const { input, cnpj } = fresh(); const xml = buildSignedDps(input, testSigningCredentials(cnpj)).xml.replace("<vServ>1000.00</vServ>", "<vServ>999.00</vServ>"); return client.submitDps(ENV, xml, testSigningCredentials(cnpj)); }],
    ["signer is not the provider", "E0718", async () => { const { input } = fresh(); const other = randomCnpj(); return client.submitDps(ENV, signXml(buildDps(input).xml, testSigningCredentials(other), { tag: "infDPS" }), testSigningCredentials(other)); }],
    ["Id does not match the fields", "E0004", async () => { const { input, cnpj } = fresh(); const xml = buildDps(input).xml.replace(/<nDPS>\d+<\/nDPS>/, "<nDPS>999999</nDPS>"); return client.submitDps(ENV, signXml(xml, testSigningCredentials(cnpj), { tag: "infDPS" }), testSigningCredentials(cnpj)); }],
    ["production tpAmb", "E0006", async () => { const { input, cnpj } = fresh(); return submit({ ...input, environment: "PRODUCTION" }, cnpj); }],
    ["dhEmi in the future", "E0008", async () => { const { input, cnpj } = fresh(); return submit({ ...input, issuedAt: nowLocal(3600_000) }, cnpj); }],
    ["dCompet after dhEmi", "E0015", async () => { const { input, cnpj } = fresh(); return submit({ ...input, issuedAt: nowLocal(-3 * 86_400_000), competence: nowLocal().slice(0, 10) }, cnpj); }],
    ["IM missing (the simulator's CNC has a record for every non-MEI provider)", "E0116", async () => { const { input, cnpj } = fresh(); return submit({ ...input, provider: { ...input.provider, municipalRegistration: null } }, cnpj); }],
    ["xNome sent by the provider itself", "E0121", async () => { const { input, cnpj } = fresh(); return resigned(input, cnpj, (xml) => xml.replace("</IM>", "</IM><xNome>Prestadora Ltda</xNome>")); }],
    ["end sent by the provider itself", "E0128", async () => { const { input, cnpj } = fresh(); return resigned(input, cnpj, (xml) => xml.replace("</IM>", "</IM><end><endNac><cMun>3550308</cMun><CEP>01310100</CEP></endNac><xLgr>Avenida Paulista</xLgr><nro>1000</nro><xBairro>Bela Vista</xBairro></end>")); }],
    ["provider e-mail without @", "E0148", async () => { const { input, cnpj } = fresh(); return submit({ ...input, provider: { ...input.provider, email: "fiscal.example.com" } }, cnpj); }],
    ["regApTribSN from a não optante", "E0162", async () => { const { input, cnpj } = fresh(); return resigned(input, cnpj, (xml) => xml.replace("<opSimpNac>1</opSimpNac>", "<opSimpNac>1</opSimpNac><regApTribSN>1</regApTribSN>")); }],
    ["ME/EPP without regApTribSN", "E0166", async () => { const { input, cnpj } = fresh(dpsSimples); return submit({ ...input, provider: { ...input.provider, regApTribSN: null } }, cnpj); }],
    ["special regime on a non-taxable service", "E0172", async () => { const { input, cnpj } = fresh(); return submit({ ...input, provider: { ...input.provider, regEspTrib: "1" }, values: { ...input.values, tribISSQN: "4" } }, cnpj); }],
    ["special regime for an MEI", "E0174", async () => { const { input, cnpj } = fresh(dpsMei); return submit({ ...input, provider: { ...input.provider, regEspTrib: "1" } }, cnpj); }],
    ["special regime for an ME/EPP paying ISS in the Simples", "E0175", async () => { const { input, cnpj } = fresh(dpsSimples); return submit({ ...input, provider: { ...input.provider, regEspTrib: "1" } }, cnpj); }],
    ["taker CNPJ check digits", "E0188", async () => { const { input, cnpj } = fresh(); return submit({ ...input, taker: { ...input.taker!, cnpj: "11444777000162" } }, cnpj); }],
    ["taker is the provider (CNPJ root)", "E0202", async () => { const { input, cnpj } = fresh(); return submit({ ...input, taker: { ...input.taker!, cnpj: completeCnpj(`${cnpj.slice(0, 8)}0002`) } }, cnpj); }],
    ["withheld ISS without a taker", "E0204", async () => { const { input, cnpj } = fresh(dpsRegularWithRetention); return submit({ ...input, taker: null, values: { ...input.values, issRate: null } }, cnpj); }],
    ["taker CPF check digits", "E0206", async () => { const { input, cnpj } = fresh(); return submit({ ...input, taker: { ...input.taker!, cnpj: null, cpf: "12345678900" } }, cnpj); }],
    ["service location not an IBGE code", "E0302", async () => { const { input, cnpj } = fresh(); return submit({ ...input, service: { ...input.service, location: "9912345" } }, cnpj); }],
    ["national service code not in the list", "E0310", async () => { const { input, cnpj } = fresh(); return submit({ ...input, service: { ...input.service, nationalCode: "999999" } }, cnpj); }],
    ["NBS code not in NBS 2.0", "E0316", async () => { const { input, cnpj } = fresh(); return submit({ ...input, service: { ...input.service, nbsCode: "115022999" } }, cnpj); }],
    ["discount above the service value", "E0427", async () => { const { input, cnpj } = fresh(); return submit({ ...input, values: { ...input.values, unconditionalDiscount: "1000.01" } }, cnpj); }],
    ["withholdings above the service value", "E0428", async () => { const { input, cnpj } = fresh(); return submit({ ...input, values: { ...input.values, retentions: { ir: "600.00", csll: "450.00" } } }, cnpj); }],
    ["percentage deduction bringing the ISS under 2%", "E0444", async () => { const { input, cnpj } = fresh(); return resigned(input, cnpj, (xml) => xml.replace("</vServPrest>", "</vServPrest><vDedRed><pDR>70.00</pDR></vDedRed>")); }],
    ["deduction bringing the ISS under 2%", "E0447", async () => { const { input, cnpj } = fresh(); return resigned(input, cnpj, (xml) => xml.replace("</vServPrest>", "</vServPrest><vDedRed><vDR>700.00</vDR></vDedRed>")); }],
    ["ISS withheld on a non-taxable service", "E0580", async () => { const { input, cnpj } = fresh(); return submit({ ...input, values: { ...input.values, tribISSQN: "4", tpRetISSQN: "2" } }, cnpj); }],
    ["ISS withheld from an MEI", "E0583", async () => { const { input, cnpj } = fresh(dpsMei); return submit({ ...input, values: { ...input.values, tpRetISSQN: "2" } }, cnpj); }],
    ["ISS withheld from a provider under a special regime", "E0588", async () => { const { input, cnpj } = fresh(); return submit({ ...input, provider: { ...input.provider, regEspTrib: "1" }, values: { ...input.values, tpRetISSQN: "2" } }, cnpj); }],
    ["pAliq above 5%", "E0595", async () => { const { input, cnpj } = fresh(dpsRegularWithRetention); return submit({ ...input, values: { ...input.values, issRate: "6" } }, cnpj); }],
    ["pAliq from an MEI", "E0600", async () => { const { input, cnpj } = fresh(dpsMei); return submit({ ...input, values: { ...input.values, issRate: "2" } }, cnpj); }],
    ["pAliq on a non-taxable service", "E0602", async () => { const { input, cnpj } = fresh(); return submit({ ...input, values: { ...input.values, tribISSQN: "4", issRate: "2" } }, cnpj); }],
    ["pAliq under a special regime", "E0604", async () => { const { input, cnpj } = fresh(); return submit({ ...input, provider: { ...input.provider, regEspTrib: "1" }, values: { ...input.values, issRate: "2" } }, cnpj); }],
    ["pAliq from a não optante, ISS not withheld", "E0617", async () => { const { input, cnpj } = fresh(); return submit({ ...input, values: { ...input.values, issRate: "3" } }, cnpj); }],
    ["ME/EPP withholding without pAliq", "E0621", async () => { const { input, cnpj } = fresh(dpsSimples); return submit({ ...input, values: { ...input.values, tpRetISSQN: "2" } }, cnpj); }],
    ["ME/EPP withholding at a pAliq under the 1.8% floor", "E0621", async () => { const { input, cnpj } = fresh(dpsSimplesWithRetention); return submit({ ...input, values: { ...input.values, issRate: "1.79" } }, cnpj); }],
    ["ME/EPP not withholding with pAliq", "E0625", async () => { const { input, cnpj } = fresh(dpsSimples); return submit({ ...input, values: { ...input.values, issRate: "2" } }, cnpj); }],
    ["pAliq from an ME/EPP paying ISS outside the Simples", "E0635", async () => { const { input, cnpj } = fresh(dpsSimples); return submit({ ...input, provider: { ...input.provider, regApTribSN: "2" }, values: { ...input.values, issRate: "3" } }, cnpj); }],
    ["indTotTrib from an ME/EPP", "E0712", async () => { const { input, cnpj } = fresh(dpsSimples); return resigned(input, cnpj, (xml) => xml.replace(/<pTotTribSN>[^<]*<\/pTotTribSN>/, "<indTotTrib>0</indTotTrib>")); }],
  ];
  it("lists each code once, in Anexo I order (sheet RN DPS_NFS-e, then the NFS-e's own rows)", () => {
    const codes = [...new Set(cases.map(([, code]) => code).filter((code) => !["E1235", "E0717", "E0714", "E0718"].includes(code)))];
    expect(codes).toEqual(anexoIOrder(codes));
  });

  for (const [name, code, run] of cases) {
    it(`${code}: ${name}`, async () => {
      const result = await run();
      if (code === "E1235" && name === "schema") {
        // Our own builder refuses it first (422 schema_validation_failed); the simulator gets the raw XML below.
        const { input, cnpj } = fresh();
        const bad = signXml(buildDps(input).xml.replace("<cTribMun>001</cTribMun>", "<cTribMun>12</cTribMun>"), testSigningCredentials(cnpj), { tag: "infDPS" });
        expect(await client.submitDps(ENV, bad, testSigningCredentials(cnpj))).toMatchObject({ kind: "refused", code: "E1235", complement: expect.stringContaining("cTribMun") });
        return;
      }
      expect(result).toMatchObject({ kind: "refused", code });
    });
  }

  it("refuses the shared sample DPS (BOM and indentation; then its CNPJ check digits; then issuer = taker)", async () => {
    const sample = fs.readFileSync(`${SHARED_DIR}/fiscal/examples/nfse/dps-1.01-ibscbs.xml`, "utf8");
    expect(await client.submitDps(ENV, sample, testSigningCredentials())).toMatchObject({ kind: "refused", code: "E1235" });
    // Without BOM and formatting, signed by a certificate of the same CNPJ root (12345678): the bad check digits.
    const compact = sample.replace(/^\uFEFF/, "").replace(/>\s+</g, "><").replace(/<dhEmi>[^<]+</, `<dhEmi>${nowLocal()}<`).replace(/<dCompet>[^<]+</, `<dCompet>${nowLocal().slice(0, 10)}<`).replace("<tpAmb>2</tpAmb>", "<tpAmb>2</tpAmb>");
    const sameRoot = completeCnpj("123456780001");
    const signed = signXml(compact, testSigningCredentials(sameRoot), { tag: "infDPS" });
    expect(await client.submitDps(ENV, signed, testSigningCredentials(sameRoot))).toMatchObject({ kind: "refused", code: "E0080" });
    // With valid check digits (Id rebuilt) and the IM the simulator's CNC expects, the taker is still the provider.
    const fixed = compact.replace("<prest><CNPJ>12345678901234</CNPJ>", "<prest><CNPJ>12345678901234</CNPJ><IM>12345</IM>").replaceAll("12345678901234", sameRoot).replace(/Id="DPS\d+"/, `Id="DPS41055082${sameRoot}00003000000000000052"`);
    expect(await client.submitDps(ENV, signXml(fixed, testSigningCredentials(sameRoot), { tag: "infDPS" }), testSigningCredentials(sameRoot))).toMatchObject({ kind: "refused", code: "E0202" });
  });
});

async function rawPost(body: unknown) {
  const response = await fetch(`${simulator.url}/SefinNacional/nfse`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
  const json = (await response.json()) as { erros: { Codigo: string; codigo: string }[] };
  // Both casings of every field, as the real service has been seen to answer.
  expect(json.erros[0]!.Codigo).toBe(json.erros[0]!.codigo);
  return { kind: "refused", code: json.erros[0]!.codigo };
}

describe("Sefin Nacional simulator: cancellation e101101", () => {
  it("registers a cancellation once; a second one is E0840; an unknown key E1831", async () => {
    const { input, cnpj } = fresh();
    const issued = await submit(input, cnpj);
    if (issued.kind !== "authorized") throw new Error("not issued");
    const request = (key: string) => buildSignedCancellation({ environment: ENV, accessKey: key, authorCnpj: cnpj, requestedAt: nowLocal(), reasonCode: "9", justification: "Serviço cobrado em duplicidade" }, testSigningCredentials(cnpj)).xml;
    const first = await client.registerEvent(ENV, issued.accessKey, request(issued.accessKey), testSigningCredentials(cnpj));
    expect(first.kind).toBe("authorized");
    if (first.kind === "authorized") {
      expect(checkXmlSchema(first.eventXml, "nfse/v1.01/evento_v1.01.xsd")).toEqual({ valid: true });
      expect(first.eventXml).toContain(`<infEvento Id="EVT${issued.accessKey}101101001">`);
    }
    expect(await client.registerEvent(ENV, issued.accessKey, request(issued.accessKey), testSigningCredentials(cnpj))).toMatchObject({ kind: "refused", code: "E0840" });
    const unknown = `${issued.accessKey.slice(0, 40)}000000000`;
    const key = unknown.slice(0, 49) + String(modulus11CheckDigit(unknown.slice(0, 49)));
    expect(await client.registerEvent(ENV, key, request(key), testSigningCredentials(cnpj))).toMatchObject({ kind: "refused", code: "E1831", httpStatus: 404 });
  });
});

describe("Sefin Nacional simulator: fault injection", () => {
  it("a lost answer (delay past the timeout) issued the NFS-e: /dps/{id} finds it and a resend is E0014", async () => {
    const { input, cnpj } = fresh();
    const built = buildSignedDps(input, testSigningCredentials(cnpj));
    simulator.sefinFaults.add({ route: "submit", dpsId: built.id, times: 1, action: { kind: "delay", ms: 600 } });
    const impatient = new SefinNacionalClient({ timeoutMs: 200, baseUrl: `${simulator.url}/SefinNacional` });
    expect(await impatient.submitDps(ENV, built.xml, testSigningCredentials(cnpj))).toMatchObject({ kind: "communication_failure" });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await client.findByDps(ENV, built.id, testSigningCredentials(cnpj))).toMatchObject({ kind: "authorized" });
    expect(await client.submitDps(ENV, built.xml, testSigningCredentials(cnpj))).toMatchObject({ kind: "refused", code: "E0014" });
  });

  it("HTTP 500 is a communication failure; a given E-code is a refusal", async () => {
    const { input, cnpj } = fresh();
    simulator.sefinFaults.add({ route: "submit", cnpj, times: 1, action: { kind: "http_500" } });
    expect(await submit(input, cnpj)).toMatchObject({ kind: "communication_failure", reason: expect.stringContaining("500") });
    simulator.sefinFaults.add({ route: "submit", cnpj, times: 1, action: { kind: "reject", code: "E0039", description: "Município não habilitado" } });
    expect(await submit(input, cnpj)).toMatchObject({ kind: "refused", code: "E0039", reason: "Município não habilitado" });
    expect((await submit(input, cnpj)).kind).toBe("authorized");
  });
});

describe("Sefin Nacional simulator: mutual TLS, GET /nfse and GET /dps only for a party", () => {
  let tlsSimulator: SimulatorServer;
  let tlsClient: SefinNacionalClient;
  beforeAll(async () => {
    tlsSimulator = await startSimulatorServer({ port: 0, sefinTls: true });
    tlsClient = new SefinNacionalClient({ timeoutMs: 15_000, baseUrl: `${tlsSimulator.tls!.url}/SefinNacional`, serverCa: tlsSimulator.tls!.caPem });
  });
  afterAll(async () => {
    await tlsSimulator?.close();
  });

  it("answers the provider and the taker, refuses another company with 403; HEAD /dps answers any certificate", async () => {
    const { input, cnpj } = fresh();
    const provider = testSigningCredentials(cnpj);
    const dps = buildSignedDps(input, provider);
    const issued = await tlsClient.submitDps(ENV, dps.xml, provider);
    if (issued.kind !== "authorized") throw new Error(JSON.stringify(issued));
    expect(await tlsClient.getNfse(ENV, issued.accessKey, provider)).toMatchObject({ kind: "authorized", accessKey: issued.accessKey });
    // The taker's certificate (another establishment of the taker's CNPJ root counts as the taker).
    const taker = testSigningCredentials(completeCnpj(`${input.taker!.cnpj!.slice(0, 8)}0002`));
    expect(await tlsClient.getNfse(ENV, issued.accessKey, taker)).toMatchObject({ kind: "authorized" });
    const stranger = testSigningCredentials(randomCnpj());
    expect(await tlsClient.getNfse(ENV, issued.accessKey, stranger)).toMatchObject({ kind: "refused", code: "SIM403", httpStatus: 403 });
    expect(await tlsClient.findByDps(ENV, dps.id, stranger)).toMatchObject({ kind: "refused", code: "SIM403", httpStatus: 403 });
    expect(await tlsClient.dpsExists(ENV, dps.id, stranger)).toBe(true);
    // Over plain HTTP there is no client certificate, hence no party check.
    expect(await client.getNfse(ENV, issued.accessKey, stranger)).toMatchObject({ kind: "authorized" });
  });
});

describe("Sefin Nacional simulator: fault control over HTTP", () => {
  it("adds a rule with POST /_simulator/sefin-faults, refuses a malformed one, clears with DELETE", async () => {
    const { input, cnpj } = fresh();
    const post = (body: unknown) => fetch(`${simulator.url}/_simulator/sefin-faults`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
    expect((await post({ route: "submit", cnpj, action: { kind: "reject", code: "E0039" } })).status).toBe(201);
    expect((await post({ action: { kind: "reject", code: "bad code" } })).status).toBe(400);
    expect(await submit(input, cnpj)).toMatchObject({ kind: "refused", code: "E0039" });
    expect((await fetch(`${simulator.url}/_simulator/sefin-faults`, { method: "DELETE" })).status).toBe(204);
    expect((await submit(input, cnpj)).kind).toBe("authorized");
  });

  it("answers the event lookup as Sefin really does (the list eventos, arquivoXml two layers deep), and as the Swagger says under event_lookup_swagger", async () => {
    const { input, cnpj } = fresh();
    const issued = await submit(input, cnpj);
    if (issued.kind !== "authorized") throw new Error(JSON.stringify(issued));
    const cancellation = buildSignedCancellation({ environment: ENV, accessKey: issued.accessKey, authorCnpj: cnpj, requestedAt: nowLocal(), reasonCode: "1", justification: "Erro na emissao do documento" }, testSigningCredentials(cnpj));
    expect(await client.registerEvent(ENV, issued.accessKey, cancellation.xml, testSigningCredentials(cnpj))).toMatchObject({ kind: "authorized" });
    const lookup = () => fetch(`${simulator.url}/SefinNacional/nfse/${issued.accessKey}/eventos/101101/1`).then((r) => r.json() as Promise<Record<string, unknown>>);
    const listed = await lookup();
    expect(listed).toMatchObject({ eventos: [{ chaveAcesso: issued.accessKey, tipoEvento: "101101", numeroPedidoRegistroEvento: "1", dataHoraRecebimento: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}$/), arquivoXml: expect.stringMatching(/^SDRzSUFBQUFB/) }] });
    expect(listed).not.toHaveProperty("eventoXmlGZipB64");
    const post = (body: unknown) => fetch(`${simulator.url}/_simulator/sefin-faults`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
    expect((await post({ route: "event_lookup", accessKey: issued.accessKey, times: 1, action: { kind: "event_lookup_swagger" } })).status).toBe(201);
    const swagger = await lookup();
    expect(swagger).toHaveProperty("eventoXmlGZipB64");
    expect(swagger).not.toHaveProperty("eventos");
    // Both read the same registered event.
    expect(await client.getEvent(ENV, issued.accessKey, "101101", 1, testSigningCredentials(cnpj))).toMatchObject({ kind: "authorized", eventXml: expect.stringContaining(`EVT${issued.accessKey}101101001`) });
  });
});
