import { isAbrasf, nfseProviderFor } from "@/lib/authority/nfse-providers";

// Where ABRASF 2.04 SubstituirNfse can be sent (issue 57; docs/api-notes/nfse-municipal.md,
// "Substitution"): a city with its own ABRASF 2.04 system whose signature profile signs each
// element (SubstituirNfse carries three signatures). The API refuses the rest with
// nfse_provider_unsupported; the dashboard offers the action by the same rule.

export type SubstitutionSupport =
  | { supported: true; providerName: string }
  | { supported: false; reason: "national" | "paulistana" | "whole_document_signature"; providerName: string; message: string };

/** Whether the NFS-e of this city, on this date, can be replaced through SubstituirNfse. */
export function substitutionSupport(municipalityCode: string, issueDateTime: Date): SubstitutionSupport {
  const provider = nfseProviderFor(municipalityCode, issueDateTime);
  if (!isAbrasf(provider)) {
    const paulistana = provider.standard === "PAULISTANA";
    return {
      supported: false,
      reason: paulistana ? "paulistana" : "national",
      providerName: provider.standard === "PAULISTANA" ? provider.name : "Sefin Nacional",
      message: `Substitution is offered for cities with their own ABRASF 2.04 system; this NFS-e's city uses ${paulistana ? "the Nota Fiscal Paulistana, which has no substitution" : "the Sefin Nacional"}`,
    };
  }
  if (provider.signature.referenceUri === "empty") {
    return {
      supported: false,
      reason: "whole_document_signature",
      providerName: `${provider.name} (${provider.system})`,
      message: `${provider.name} (${provider.system}) signs each message with one whole-document signature; SubstituirNfse needs three (the request, the RPS, the substitution): cancel the NFS-e and issue a new one`,
    };
  }
  return { supported: true, providerName: `${provider.name} (${provider.system})` };
}
