import { useTranslations } from "next-intl";

export function EnvironmentBadge({ environment }: { environment: "PRODUCTION" | "HOMOLOGATION" }) {
  const t = useTranslations("enums");
  const style = environment === "PRODUCTION" ? "bg-emerald-100 text-emerald-800" : "bg-amber-100 text-amber-800";
  return (
    <span className={`rounded px-1.5 py-0.5 text-xs font-medium ${style}`} title={t(`environmentHint.${environment}`)}>
      {t(`environment.${environment}`)}
    </span>
  );
}
