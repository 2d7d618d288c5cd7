import type { FiscalTemplate } from "@prisma/client";
import { unprocessable, validationError } from "@/lib/errors";
import { loadTable } from "@/lib/fiscal-tables/load-tables";
import type { CreateDocumentBody } from "./schemas";

// finNFe of a document (MOC 4.00 B25) and the CFOPs that go with it. A return
// (devolução, finNFe 4) carries return CFOPs only (SEFAZ 327) and a normal
// NF-e none (328). The return CFOPs are the official table's codes whose
// description names a devolução (1201/1202…, 5202/6202, 1410, 5553, 7930…):
// our reading of the rules' lists, which follow the same table.

export type DocumentPurpose = "NORMAL" | "CREDIT_NOTE" | "DEBIT_NOTE" | "COMPLEMENTARY" | "ADJUSTMENT" | "RETURN";

let returnCfops: Set<string> | null = null;

export function isReturnCfop(cfop: string): boolean {
  returnCfops ??= new Set(loadTable("cfop").filter((entry) => /devolu[çc][ãa]o/i.test(entry.description)).map((entry) => entry.code));
  return returnCfops.has(cfop);
}

/** A template made for returns: its CFOP is a return CFOP, and it wins over the products' sale CFOPs. */
export function isReturnTemplate(template: Pick<FiscalTemplate, "cfop"> | null): boolean {
  return !!template?.cfop && isReturnCfop(template.cfop);
}

/**
 * The document's purpose: a credit/debit note's own, else the one sent, else
 * RETURN with a return template, else NORMAL. A return needs the returned
 * note's key; from a template that was not visible in the body, so it is said here.
 */
export function documentPurpose(body: CreateDocumentBody, template: Pick<FiscalTemplate, "cfop" | "name"> | null): DocumentPurpose {
  if (body.rtcCreditType) return "CREDIT_NOTE";
  if (body.rtcDebitType) return "DEBIT_NOTE";
  if (body.purpose) return body.purpose;
  if (body.type !== "NFE" || !isReturnTemplate(template)) return "NORMAL";
  if ((body.referencedDocuments ?? []).length !== 1) {
    throw validationError(`body.referencedDocuments: the template "${template!.name}" issues a return (devolução, finNFe 4), which references exactly one NF-e or NFC-e: the returned note (SEFAZ 321)`);
  }
  return "RETURN";
}

/** Each line's CFOP against the purpose: SEFAZ 327 (a return with another CFOP) and 328 (a return CFOP on a normal NF-e). */
export function assertPurposeCfops(purpose: DocumentPurpose, lines: { cfop: string }[]): void {
  lines.forEach(({ cfop }, index) => {
    if (!cfop) return;
    if (purpose === "RETURN" && !isReturnCfop(cfop)) {
      throw unprocessable("invalid_cfop", `items.${index}.cfop: CFOP ${cfop} is not a return CFOP; a devolução (purpose RETURN, finNFe 4) carries one such as 5202/6202 or 1202/2202 (SEFAZ 327 - Rejeição: CFOP inválido para NF-e com finalidade de devolução de mercadoria)`);
    }
    if (purpose === "NORMAL" && isReturnCfop(cfop)) {
      throw unprocessable("invalid_cfop", `items.${index}.cfop: CFOP ${cfop} is a return CFOP; send purpose RETURN with the returned note in referencedDocuments (SEFAZ 328 - Rejeição: CFOP de devolução de mercadoria para NF-e que não tem finalidade de devolução de mercadoria)`);
    }
  });
}
