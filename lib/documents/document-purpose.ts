import type { FiscalTemplate } from "@prisma/client";
import { unprocessable, validationError } from "@/lib/errors";
import { isReturnCfop } from "@/lib/fiscal-tables/return-cfops";
import { NON_CONTRIBUTOR_RETURNS, RETURNS_WITHOUT_REFERENCE } from "@/lib/fiscal/nfe/rules/purpose-rules";
import type { CreateDocumentBody } from "./schemas";

// finNFe of a document (MOC 4.00 B25) and the CFOPs that go with it. A return
// (devolução, finNFe 4) carries return CFOPs only (SEFAZ 327) and a normal
// NF-e none (328); the return CFOPs: lib/fiscal-tables/return-cfops.ts.

export type DocumentPurpose = "NORMAL" | "CREDIT_NOTE" | "DEBIT_NOTE" | "COMPLEMENTARY" | "ADJUSTMENT" | "RETURN";

/** A template made for returns: its CFOP is a return CFOP, and it wins over the products' sale CFOPs. */
export function isReturnTemplate(template: Pick<FiscalTemplate, "cfop"> | null): boolean {
  return !!template?.cfop && isReturnCfop(template.cfop);
}

/** The document's purpose: a credit/debit note's own, else the one sent, else RETURN with a return template, else NORMAL. */
export function documentPurpose(body: CreateDocumentBody, template: Pick<FiscalTemplate, "cfop"> | null): DocumentPurpose {
  if (body.rtcCreditType) return "CREDIT_NOTE";
  if (body.rtcDebitType) return "DEBIT_NOTE";
  if (body.purpose) return body.purpose;
  return body.type === "NFE" && isReturnTemplate(template) ? "RETURN" : "NORMAL";
}


/**
 * A return against its lines and references: SEFAZ 321 (MOC B25-70: no
 * referenced document, unless every line is one of the CFOPs exempted), 327
 * (I08-140: a return line whose CFOP is not a return CFOP, 1949/2949 accepted
 * for a non-contributor) and 328 (I08-144: a return CFOP when finNFe is not 2 or
 * 4; credit and debit notes, which came later, are left out).
 */
export function assertPurposeCfops(purpose: DocumentPurpose, lines: { cfop: string }[], references: number, recipientContributor: boolean): void {
  if (purpose === "RETURN" && references === 0 && !lines.every(({ cfop }) => RETURNS_WITHOUT_REFERENCE.has(cfop))) {
    throw validationError("body.referencedDocuments: a return (devolução, finNFe 4) names the returned NF-e or NFC-e (SEFAZ 321 - Rejeição: NF-e de devolução de mercadoria não possui documento fiscal referenciado)");
  }
  // One tpNF per NF-e: entries (1/2/3xxx) and exits (5/6/7xxx) do not mix (SEFAZ 518/519).
  const entry = (cfop: string) => /^[123]/.test(cfop);
  const first = lines.find(({ cfop }) => cfop)?.cfop;
  lines.forEach(({ cfop }, index) => {
    if (!cfop) return;
    if (first && entry(cfop) !== entry(first)) {
      throw unprocessable("invalid_cfop", `items.${index}.cfop: CFOP ${cfop} is an ${entry(cfop) ? "entry" : "exit"} and items.0's ${first} an ${entry(first) ? "entry" : "exit"}: one NF-e is either (tpNF 0 or 1; SEFAZ ${entry(cfop) ? "518 - Rejeição: CFOP de entrada para NF-e de saída" : "519 - Rejeição: CFOP de saída para NF-e de entrada"})`);
    }
    if (purpose === "RETURN" && !isReturnCfop(cfop) && !(NON_CONTRIBUTOR_RETURNS.has(cfop) && !recipientContributor)) {
      throw unprocessable("invalid_cfop", `items.${index}.cfop: CFOP ${cfop} is not a return CFOP; a devolução (purpose RETURN, finNFe 4) carries one such as 5202/6202 or 1202/2202 (SEFAZ 327 - Rejeição: CFOP inválido para NF-e com finalidade de devolução de mercadoria)`);
    }
    if ((purpose === "NORMAL" || purpose === "ADJUSTMENT") && isReturnCfop(cfop)) {
      throw unprocessable("invalid_cfop", `items.${index}.cfop: CFOP ${cfop} is a return CFOP; send purpose RETURN with the returned note in referencedDocuments (SEFAZ 328 - Rejeição: CFOP de devolução de mercadoria para NF-e que não tem finalidade de devolução de mercadoria)`);
    }
  });
}
