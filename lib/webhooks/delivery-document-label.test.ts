import { describe, expect, it } from "vitest";
import { deliveryDocumentLabel } from "./delivery-document-label";

describe("deliveryDocumentLabel", () => {
  it("names the document by type, series and number, with the caller's order id", () => {
    const payload = JSON.stringify({ id: "evt_1", type: "document.authorized", data: { documentId: "c1", type: "NFE", series: 1, number: 123, externalId: "order-1001" } });
    expect(deliveryDocumentLabel(payload)).toBe("NF-e 1-123 (order-1001)");
    expect(deliveryDocumentLabel(JSON.stringify({ data: { type: "NFCE", series: 2, number: 7, externalId: null } }))).toBe("NFC-e 2-7");
  });

  it("gives null for payloads that name no document, or are not JSON", () => {
    expect(deliveryDocumentLabel(JSON.stringify({ type: "webhook.ping", data: { message: "ping" } }))).toBeNull();
    expect(deliveryDocumentLabel("not json")).toBeNull();
  });
});
