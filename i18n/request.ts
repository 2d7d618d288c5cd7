import { cookies, headers } from "next/headers";
import { getRequestConfig } from "next-intl/server";
import { LOCALE_COOKIE, negotiateLocale } from "@/lib/i18n/locales";
import { loadMessages } from "@/lib/i18n/messages";

// No locale in the URL: the language comes from the user's saved choice
// (cookie) or the browser's Accept-Language, pt-BR otherwise.
export default getRequestConfig(async () => {
  const [cookieStore, headerList] = await Promise.all([cookies(), headers()]);
  const locale = negotiateLocale({ saved: cookieStore.get(LOCALE_COOKIE)?.value, acceptLanguage: headerList.get("accept-language") });
  return { locale, messages: loadMessages(locale), timeZone: "America/Sao_Paulo" };
});
