import { useTranslations } from "next-intl";

const STYLES: Record<string, string> = {
  DRAFT: "bg-slate-100 text-slate-700",
  PROCESSING: "bg-sky-100 text-sky-800",
  AUTHORIZED: "bg-emerald-100 text-emerald-800",
  REJECTED: "bg-red-100 text-red-800",
  CANCELLED: "bg-zinc-200 text-zinc-700",
  DENIED: "bg-orange-100 text-orange-900",
  INUTILIZED: "bg-zinc-100 text-zinc-600",
  CONTINGENCY: "bg-yellow-100 text-yellow-900",
};

type Status = "DRAFT" | "PROCESSING" | "AUTHORIZED" | "REJECTED" | "CANCELLED" | "DENIED" | "INUTILIZED" | "CONTINGENCY";

export function DocumentStatusBadge({ status }: { status: Status }) {
  const t = useTranslations("enums.documentStatus");
  return (
    <span data-testid="document-status" data-status={status} className={`whitespace-nowrap rounded px-1.5 py-0.5 text-xs font-medium ${STYLES[status] ?? "bg-slate-100 text-slate-700"}`}>
      {t(status)}
    </span>
  );
}
