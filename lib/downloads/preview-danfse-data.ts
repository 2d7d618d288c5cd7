import type { Company } from "@prisma/client";
import { parseDpsPreview, type DanfseData } from "@/lib/danfse";
import type { EmissionDocument } from "@/lib/emission/load-emission-document";
import { toDpsInput } from "@/lib/emission/nfse/to-dps-input";
import { recipientAtEmission } from "@/lib/emission/recipient-at-emission";
import { DomainError, type ErrorCode } from "@/lib/errors";
import { buildDps } from "@/lib/fiscal/nfse";

/** The provider as Sefin Nacional's registry completes it (a DPS of tpEmit 1 carries no name or address): the company's record. */
function providerOf(company: Company) {
  const address = [company.street, company.streetNumber, company.complement, company.neighborhood].filter(Boolean).join(", ");
  return {
    document: company.cnpj,
    name: company.legalName,
    municipalRegistration: company.municipalRegistration,
    address: address || null,
    municipality: company.city,
    zipCode: company.zipCode,
    phone: company.phone,
    email: company.email,
    state: company.state,
  };
}

/**
 * What a DRAFT or REJECTED NFS-e would print, from the DPS emission would
 * send (the recipient re-taken from the client record, toDpsInput, buildDps,
 * unsigned: no certificate is needed to look). Nothing is written and no DPS
 * number is taken (a placeholder builds the DPS and is not printed; a document
 * numbered by an earlier attempt keeps its number); what emission would
 * refuse before sending is answered 422 with its code.
 */
export function previewDanfseData(loaded: EmissionDocument): DanfseData {
  const { document } = loaded;
  const recipient = recipientAtEmission(document, loaded.client);
  if (recipient.kind === "refused") throw new DomainError(422, recipient.code as ErrorCode, recipient.reason);
  const numbered = document.number > 0 && document.series !== null;
  const input = toDpsInput({
    ...document,
    ...(recipient.kind === "refreshed" ? { clientSnapshot: recipient.snapshot } : {}),
    series: document.series ?? document.company.dpsSeries,
    number: numbered ? document.number : 1,
  });
  if ("kind" in input) throw new DomainError(422, input.code as ErrorCode, input.reason);
  const data = parseDpsPreview(buildDps(input).xml, providerOf(document.company));
  return numbered ? { ...data, nDPS: String(document.number) } : data;
}
