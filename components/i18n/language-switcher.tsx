"use client";

import { useLocale, useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { LOCALE_COOKIE, LOCALES, type Locale } from "@/lib/i18n/locales";

const NAMES: Record<Locale, string> = { "pt-BR": "Português (Brasil)", en: "English" };

/** Saves the user's language in a cookie (a year) and re-renders the page in it. */
export function LanguageSwitcher() {
  const t = useTranslations("frame");
  const locale = useLocale();
  const router = useRouter();
  return (
    <label className="flex items-center gap-1 text-xs text-slate-600">
      <span>{t("language")}</span>
      <select
        value={locale}
        data-testid="language-switcher"
        onChange={(event) => {
          document.cookie = `${LOCALE_COOKIE}=${event.target.value}; path=/; max-age=31536000; samesite=lax`;
          router.refresh();
        }}
        className="rounded border border-slate-300 bg-white px-1 py-0.5 text-xs"
      >
        {LOCALES.map((l) => (
          <option key={l} value={l} lang={l}>
            {NAMES[l]}
          </option>
        ))}
      </select>
    </label>
  );
}
