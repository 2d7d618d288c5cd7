import Link from "@/components/dashboard/link";
import { getTranslations } from "next-intl/server";

/** The 404 body shown inside the dashboard frame. */
export async function PageNotFound({ backHref }: { backHref: string }) {
  const t = await getTranslations("frame");
  return (
    <div className="max-w-xl space-y-3 rounded-lg border border-slate-200 bg-white p-6" data-testid="not-found">
      <p className="text-sm font-semibold text-indigo-600">404</p>
      <h1 className="text-xl font-semibold">{t("notFoundTitle")}</h1>
      <p className="text-sm text-slate-600">{t("notFoundBody")}</p>
      <Link href={backHref} className="inline-block rounded-md bg-indigo-600 px-3 py-1.5 text-sm font-medium text-white hover:bg-indigo-500">
        {t("notFoundBack")}
      </Link>
    </div>
  );
}
