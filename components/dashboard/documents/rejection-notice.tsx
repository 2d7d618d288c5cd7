import { useTranslations } from "next-intl";

type RejectionKey = Parameters<ReturnType<typeof useTranslations<"documentDetail.rejection.cStat">>>[0];
type CodeKey = Parameters<ReturnType<typeof useTranslations<"errors.codes">>>[0];

/**
 * The stored reason is "cStat - xMotivo" (the authority refused) or "our_code
 * - message" (refused before sending). Shown as a plain sentence first, then
 * the code and the original text, which support needs verbatim.
 */
export function RejectionNotice({ reason }: { reason: string }) {
  const t = useTranslations("documentDetail.rejection");
  const plain = useTranslations("documentDetail.rejection.cStat");
  const codes = useTranslations("errors.codes");
  const cut = reason.indexOf(" - ");
  const code = cut > 0 ? reason.slice(0, cut) : "";
  const text = cut > 0 ? reason.slice(cut + 3) : reason;
  const byAuthority = /^\d{3}$/.test(code);
  let sentence: string;
  if (byAuthority) sentence = plain.has(code as RejectionKey) ? plain(code as RejectionKey) : t("byAuthorityGeneric");
  else if (code && codes.has(code as CodeKey)) sentence = codes(code as CodeKey);
  else if (code === "communication_failure") sentence = t("communicationFailure");
  else sentence = t("beforeSending");
  return (
    <div role="alert" className="space-y-1 rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800" data-testid="rejection-notice">
      <p className="font-medium">{sentence}</p>
      <p className="text-red-700">
        {/* The authority's xMotivo is Portuguese; our own refusals' text is the API's English, so only their code shows (issue 36 item 11). */}
        {byAuthority ? `${t("authorityCode", { code })} ${text}` : code ? t("ourCode", { code }) : null}
      </p>
      <p className="text-xs text-red-700">{t("whatNext")}</p>
    </div>
  );
}
