import { describe, expect, it } from "vitest";
import { isAlphanumericCnpj, randomAlphanumericCnpj } from "@/lib/br";
import { createCarrier } from "@/lib/carriers/carrier-service";
import { renderDacce } from "@/lib/danfe/render-dacce";
import { renderDanfe } from "@/lib/danfe/render-danfe";
import { cancelDocument } from "@/lib/document-events/cancel-document";
import { issueCorrectionLetter } from "@/lib/document-events/issue-correction-letter";
import { authorizedDocument } from "@/lib/document-events/testing/authorized-document";
import { createInutilization } from "@/lib/inutilizations/create-inutilization";
import { parseAccessKey } from "@/lib/fiscal/nfe/access-key";
import { xmlsecVerify } from "@/lib/fiscal/nfe/test-support/xmlsec";
import { checkXmlSchema, schemaForDocument, type XmlSchema } from "@/lib/fiscal/xml/schema-validation";
import { syncReceivedDocuments } from "@/lib/received/sync";
import { decodePdfBarcodes } from "@/test/barcodes";
import { db } from "@/test/factories";
import { createEmittingCompany, draftBody } from "./testing/emission-fixtures";
import { simulatorFixture } from "./testing/simulator-company-fixture";

// Issue 48, item 1 and 2: a company registered since 06/07/2026 with an
// alphanumeric CNPJ (IN RFB 2.229/2024, NT Conjunta 2025.001) issues an NF-e
// and an NFC-e to an alphanumeric recipient through the simulator, prints
// them (the key's hybrid CODE-128 C/A barcode and the NFC-e QR-Code, decoded
// back from the rendered pages by ZBar), registers a correction letter and a
// cancellation, and the recipient, another company of this installation,
// receives the NF-e through the Ambiente Nacional's distribution.

const fixture = simulatorFixture({ authorityTimeoutMs: 5000 });

/** Valid against the vendored schema of its root, or the one given (an <evento> has one per event type). */
function expectValid(xml: string, given?: XmlSchema) {
  const schema = given ?? schemaForDocument(xml);
  expect(schema, xml.slice(0, 200)).not.toBeNull();
  const check = checkXmlSchema(xml, schema!);
  expect(check.valid ? [] : check.errors).toEqual([]);
}

describe("alphanumeric CNPJ issuer and recipient, end to end", () => {
  it("NF-e: AUTHORIZED, DANFE barcode = key, CC-e and cancellation registered, distributed to the recipient company, numbers voided", { timeout: 120_000 }, async () => {
    expect(fixture.simulator).toBeDefined();
    const issuer = await createEmittingCompany({ alphanumeric: true });
    const recipient = await createEmittingCompany({ alphanumeric: true });
    expect([isAlphanumericCnpj(issuer.cnpj), isAlphanumericCnpj(recipient.cnpj)]).toEqual([true, true]);

    // The carrier's CNPJ is alphanumeric too, typed with punctuation and in lower case.
    const carrierCnpj = randomAlphanumericCnpj();
    const masked = `${carrierCnpj.slice(0, 2)}.${carrierCnpj.slice(2, 5)}.${carrierCnpj.slice(5, 8)}/${carrierCnpj.slice(8, 12)}-${carrierCnpj.slice(12)}`.toLowerCase();
    const carrier = await createCarrier(issuer.companyId, { name: "Transportadora Alfa Ltda", document: masked, state: "SP", city: "Campinas" });
    expect(carrier).toMatchObject({ document: carrierCnpj, documentType: "CNPJ" });

    const nfe = await authorizedDocument(issuer.companyId, { overrides: { client: { ...draftBody().client, document: recipient.cnpj }, transport: { freightType: "SENDER", carrierId: carrier.id } } });
    const key = nfe.accessKey!;
    expect(nfe.authorizedXml).toContain(`<transporta><CNPJ>${carrierCnpj}</CNPJ>`);
    expect(key.slice(6, 20)).toBe(issuer.cnpj);
    expect(parseAccessKey(key)).not.toBeNull();
    expect(nfe.authorizedXml).toContain(`<dest><CNPJ>${recipient.cnpj}</CNPJ>`);
    expectValid(nfe.authorizedXml!);
    const signature = xmlsecVerify(nfe.signedXml!, "infNFe");
    expect(signature.ok, signature.output).toBe(true);

    // The outcome's domain event (the source of webhooks) names the key as it is.
    const authorizedEvent = await db.domainEvent.findFirstOrThrow({ where: { documentId: nfe.id, type: "document.authorized" } });
    expect(authorizedEvent.data).toMatchObject({ accessKey: key });

    // The DANFE's barcode, read back from the page, is the key (letters and all).
    const danfe = await renderDanfe(nfe.authorizedXml!);
    expect(decodePdfBarcodes(danfe)).toContainEqual({ type: "CODE-128", data: key });

    // Correction letter: registered, its DACCE prints the same barcode.
    const letter = await issueCorrectionLetter({ companyId: issuer.companyId, documentId: nfe.id, body: { correction: "Corrige o endereco de entrega para a Rua das Flores, 12." } });
    expect(letter).toMatchObject({ success: true, sequence: 1 });
    const cce = await db.documentEvent.findFirstOrThrow({ where: { documentId: nfe.id, kind: "CORRECTION_LETTER", outcome: "AUTHORIZED" } });
    expect(cce.requestXml).toContain(`<chNFe>${key}</chNFe>`);
    expect(cce.requestXml).toContain(`<CNPJ>${issuer.cnpj}</CNPJ>`);
    expectValid(cce.requestXml!, "nfe/CCe_v1.00.xsd");
    const cceSignature = xmlsecVerify(cce.requestXml!, "infEvento");
    expect(cceSignature.ok, cceSignature.output).toBe(true);
    const dacce = await renderDacce({ eventXml: cce.requestXml!, authorizedXml: nfe.authorizedXml!, protocol: cce.protocol, sequence: cce.sequence });
    expect(decodePdfBarcodes(dacce)).toContainEqual({ type: "CODE-128", data: key });

    // The recipient company reads the NF-e from the distribution (its CNPJ is the dest).
    const sync = await syncReceivedDocuments(recipient.companyId);
    expect(sync, JSON.stringify(sync)).toMatchObject({ status: "synced" });
    const received = await db.receivedDocument.findFirstOrThrow({ where: { companyId: recipient.companyId, accessKey: key } });
    expect(received.issuerDocument).toBe(issuer.cnpj);

    // Cancellation.
    const cancelled = await cancelDocument({ companyId: issuer.companyId, documentId: nfe.id, body: { justification: "Pedido cancelado pelo cliente antes do envio." } });
    expect(cancelled).toMatchObject({ success: true });
    expect((await db.fiscalDocument.findUniqueOrThrow({ where: { id: nfe.id } })).status).toBe("CANCELLED");
    const cancellation = await db.documentEvent.findFirstOrThrow({ where: { documentId: nfe.id, kind: "CANCELLATION", outcome: "AUTHORIZED" } });
    expectValid(cancellation.requestXml!, "nfe/eventoCancNFe_v1.00.xsd");
    const cancelSignature = xmlsecVerify(cancellation.requestXml!, "infEvento");
    expect(cancelSignature.ok, cancelSignature.output).toBe(true);

    // Voiding numbers: the inutNFe Id carries the alphanumeric CNPJ (ID + cUF + AA + CNPJ + mod + série + numbers).
    const voided = await createInutilization({ companyId: issuer.companyId, body: { series: 1, startNumber: 5, endNumber: 6, justification: "Numeracao pulada por falha do sistema local.", model: "55", advanceSeries: true } });
    expect(voided).toMatchObject({ success: true, record: { status: "AUTHORIZED" } });
    const inutilization = await db.inutilization.findUniqueOrThrow({ where: { id: voided.record.id } });
    expect(inutilization.requestXml).toContain(`<CNPJ>${issuer.cnpj}</CNPJ>`);
    expectValid(inutilization.requestXml!);
    const inutSignature = xmlsecVerify(inutilization.requestXml!, "infInut");
    expect(inutSignature.ok, inutSignature.output).toBe(true);
  });

  it("NFC-e: AUTHORIZED to an alphanumeric CNPJ consumer, the printed QR-Code carries the key", { timeout: 120_000 }, async () => {
    const issuer = await createEmittingCompany({ alphanumeric: true });
    const consumer = await createEmittingCompany({ alphanumeric: true });
    const nfce = await authorizedDocument(issuer.companyId, { type: "NFCE", overrides: { client: { name: "Consumidora Alfa Ltda", document: consumer.cnpj }, payments: [{ method: "MONEY", value: 100 }] } });
    const key = nfce.accessKey!;
    expect(key.slice(6, 20)).toBe(issuer.cnpj);
    expect(key.slice(20, 22)).toBe("65");
    expect(nfce.authorizedXml).toContain(`<dest><CNPJ>${consumer.cnpj}</CNPJ>`);
    expectValid(nfce.authorizedXml!);
    const signature = xmlsecVerify(nfce.signedXml!, "infNFe");
    expect(signature.ok, signature.output).toBe(true);

    const qrCode = /<qrCode>(?:<!\[CDATA\[)?([^<\]]+)/.exec(nfce.authorizedXml!)![1]!;
    const pdf = await renderDanfe(nfce.authorizedXml!);
    const symbols = decodePdfBarcodes(pdf);
    expect(symbols).toContainEqual({ type: "QR-Code", data: qrCode });
    expect(new URL(qrCode).searchParams.get("p")!.split("|")[0]).toBe(key);
  });
});
