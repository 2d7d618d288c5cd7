import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomCnpj } from "@/lib/br";
import { buildEventXml, buildSignedEvent, type NfeEventInput } from "@/lib/fiscal/nfe";
import type { ReformEventDetail } from "@/lib/fiscal/nfe/build-reform-event";
import { signXml } from "@/lib/fiscal/xml/xml-signature";
import { SoapTaxAuthority } from "../soap-tax-authority";
import { credentialsFor, signedNfe } from "../test-support/fiscal-fixtures";
import type { AuthorityTarget } from "../types";
import { startSimulatorServer, type SimulatorServer } from "./server";

// The SVRS's rules for the reform events (NT 2025.002-RTC v1.31, item 8) as
// the simulator applies them, through the real SOAP client: who may register
// each event, the item rules, duplicates and the 110001 rules. The golden NF-e
// (lib/fiscal/nfe/test-support) goes to 06929383000163 with two items carrying
// IBS/CBS (item 1: vIBS 0.10, vCBS 0.90, qCom 2).
let simulator: SimulatorServer;
let client: SoapTaxAuthority;
const target: AuthorityTarget = { uf: "SP", environment: "HOMOLOGATION", model: 55 };
const RECIPIENT = "06929383000163";

beforeAll(async () => {
  simulator = await startSimulatorServer({ port: 0 });
  client = new SoapTaxAuthority({ timeoutMs: 15_000, baseUrl: simulator.url });
});
afterAll(async () => {
  await simulator.close();
});

let nextNumber = 1;
async function authorizedNfe() {
  const cnpj = randomCnpj();
  const nfe = signedNfe({ cnpj, series: 7, number: nextNumber++ });
  const result = await client.authorize(target, nfe.xml, credentialsFor(cnpj));
  if (result.kind !== "authorized") throw new Error(`setup: ${JSON.stringify(result)}`);
  return nfe;
}

function input(accessKey: string, author: string, detail: ReformEventDetail, sequence = 1): NfeEventInput {
  return { accessKey, environment: "HOMOLOGATION", authorCnpj: author, occurredAt: new Date(), sequence, authorStateCode: "35", applicationVersion: "test-1.0", ...detail } as NfeEventInput;
}
const send = (accessKey: string, author: string, detail: ReformEventDetail, sequence = 1) =>
  client.sendEvent(target, buildSignedEvent(input(accessKey, author, detail, sequence), credentialsFor(author)).xml, credentialsFor(author));
const item = (nItem: number, vIBS = "0.05", vCBS = "0.40", quantity = "1") => ({ nItem, vIBS, vCBS, quantity, unit: "UN" });

describe("reform events at the simulated SVRS", () => {
  it("registers the issuer's 112110 and the recipient's 211130 and refuses them from the other party (574, 575)", async () => {
    const nfe = await authorizedNfe();
    expect(await send(nfe.accessKey, RECIPIENT, { tpEvento: "112110" })).toMatchObject({ kind: "refused", cStat: "574" });
    expect(await send(nfe.accessKey, nfe.cnpj, { tpEvento: "112110" })).toMatchObject({ kind: "authorized", cStat: "135" });
    expect(await send(nfe.accessKey, nfe.cnpj, { tpEvento: "112110" })).toMatchObject({ kind: "refused", cStat: "573" });
    expect(await send(nfe.accessKey, nfe.cnpj, { tpEvento: "211130", items: [item(1)] })).toMatchObject({ kind: "refused", cStat: "575" });
    expect(await send(nfe.accessKey, RECIPIENT, { tpEvento: "211130", items: [item(1)] })).toMatchObject({ kind: "authorized", cStat: "135" });
    // A non-import NF-e takes 211120 from its recipient only (2P12-30, 466).
    const personal = { tpEvento: "211120" as const, importation: true, items: [{ ...item(1), referencedKey: nfe.accessKey, referencedItem: 1 }] };
    expect(await send(nfe.accessKey, nfe.cnpj, personal)).toMatchObject({ kind: "refused", cStat: "466" });
  });

  it("applies the item rules: unknown item 1096, IBS 1097, CBS 1098, quantity 1100", async () => {
    const nfe = await authorizedNfe();
    expect(await send(nfe.accessKey, RECIPIENT, { tpEvento: "211130", items: [item(9)] })).toMatchObject({ cStat: "1096" });
    expect(await send(nfe.accessKey, RECIPIENT, { tpEvento: "211130", items: [item(1, "0.11")] })).toMatchObject({ cStat: "1097" });
    expect(await send(nfe.accessKey, RECIPIENT, { tpEvento: "211130", items: [item(1, "0.10", "0.91")] })).toMatchObject({ cStat: "1098" });
    expect(await send(nfe.accessKey, RECIPIENT, { tpEvento: "211130", items: [item(1, "0.10", "0.90", "3")] })).toMatchObject({ cStat: "1100" });
    // The values the item has are accepted; a second event of the type takes the next sequence (cumulative).
    expect(await send(nfe.accessKey, RECIPIENT, { tpEvento: "211130", items: [item(1, "0.10", "0.90", "2")] })).toMatchObject({ kind: "authorized" });
    expect(await send(nfe.accessKey, RECIPIENT, { tpEvento: "211130", items: [item(2, "0.01", "0.01")] }, 2)).toMatchObject({ kind: "authorized" });
  });

  it("110001: unknown event 459, another author 1113, another organ 1178, wrong protocol 460, then the cancellation", async () => {
    const nfe = await authorizedNfe();
    const registered = await send(nfe.accessKey, RECIPIENT, { tpEvento: "211124", items: [item(1)] });
    if (registered.kind !== "authorized") throw new Error(JSON.stringify(registered));
    const cancel = (author: string, protocol: string, sequence = 1, state = "35") =>
      client.sendEvent(target, buildSignedEvent({ ...input(nfe.accessKey, author, { tpEvento: "110001", cancelledEventType: "211124", eventProtocol: protocol }, sequence), authorStateCode: state } as NfeEventInput, credentialsFor(author)).xml, credentialsFor(author));
    expect(await cancel(RECIPIENT, registered.protocol, 2)).toMatchObject({ cStat: "459" });
    expect(await cancel(nfe.cnpj, registered.protocol)).toMatchObject({ cStat: "1113" });
    expect(await cancel(RECIPIENT, registered.protocol, 1, "41")).toMatchObject({ cStat: "1178" });
    expect(await cancel(RECIPIENT, "135999999999999")).toMatchObject({ cStat: "460" });
    expect(await cancel(RECIPIENT, registered.protocol)).toMatchObject({ kind: "authorized", cStat: "135" });
  });

  it("refuses a detEvento outside its schema (215) and an event not sent to the SVRS (489)", async () => {
    const nfe = await authorizedNfe();
    const unsigned = buildEventXml(input(nfe.accessKey, RECIPIENT, { tpEvento: "211130", items: [item(1)] })).xml;
    const wrongAuthorType = signXml(unsigned.replace("<tpAutor>2</tpAutor>", "<tpAutor>1</tpAutor>"), credentialsFor(RECIPIENT), { tag: "infEvento" });
    expect(await client.sendEvent(target, wrongAuthorType, credentialsFor(RECIPIENT))).toMatchObject({ kind: "refused", cStat: "215" });
    const toTheState = signXml(unsigned.replace("<cOrgao>92</cOrgao>", "<cOrgao>35</cOrgao>"), credentialsFor(RECIPIENT), { tag: "infEvento" });
    expect(await client.sendEvent(target, toTheState, credentialsFor(RECIPIENT))).toMatchObject({ kind: "refused", cStat: "489" });
  });
});
