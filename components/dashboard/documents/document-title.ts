import { useTranslations } from "next-intl";
import { documentTitle, type TitledDocument } from "@/lib/documents/document-title";

/** "NF-e nº 2 · série 1", "Rascunho de NF-e", "NF-e sem número" (never "NFE 1/2", which reads like "1 of 2"). */
export function useDocumentTitle(): (d: TitledDocument) => string {
  const t = useTranslations("documentDetail");
  const types = useTranslations("enums.documentType");
  return (d) => {
    const title = documentTitle(d);
    const type = types(d.type);
    return title.key === "title" ? t("title", { type, number: title.number, series: title.series }) : t(title.key, { type });
  };
}
