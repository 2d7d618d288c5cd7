import { describe, expect, it } from "vitest";
import { documentTitle } from "./document-title";

describe("document title", () => {
  it("follows the status, not the number", () => {
    expect(documentTitle({ type: "NFE", status: "DRAFT", number: 0, series: null })).toEqual({ key: "draftTitle" });
    // Made by a test or a backfill fixture: authorized, number 0. Not a draft.
    expect(documentTitle({ type: "NFE", status: "AUTHORIZED", number: 0, series: 1 })).toEqual({ key: "unnumberedTitle" });
    expect(documentTitle({ type: "NFE", status: "REJECTED", number: 0, series: null })).toEqual({ key: "unnumberedTitle" });
    expect(documentTitle({ type: "NFCE", status: "PROCESSING", number: 0, series: null })).toEqual({ key: "unnumberedTitle" });
  });

  it("shows the number and series of numbered documents, the official number of an NFS-e", () => {
    expect(documentTitle({ type: "NFE", status: "AUTHORIZED", number: 2, series: 1 })).toEqual({ key: "title", number: "2", series: "1" });
    expect(documentTitle({ type: "NFE", status: "CANCELLED", number: 15, series: null })).toEqual({ key: "title", number: "15", series: "—" });
    expect(documentTitle({ type: "NFSE", status: "AUTHORIZED", number: 7, series: 900, nfseNumber: "41" })).toEqual({ key: "title", number: "41", series: "900" });
  });
});
