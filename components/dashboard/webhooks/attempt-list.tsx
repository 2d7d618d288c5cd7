"use client";

import { useTranslations } from "next-intl";
import type { DeliveryWithHeaders } from "@/lib/webhooks/dashboard-contracts";
import { formatDateTime } from "../format";

const BODY_PREVIEW = 1_000;

type Attempt = DeliveryWithHeaders["attemptLog"][number];

function AttemptItem({ attempt }: { attempt: Attempt }) {
  const t = useTranslations("webhooks.attempts");
  const triggers = useTranslations("enums.deliveryTrigger");
  const ok = attempt.responseStatus !== null && attempt.responseStatus >= 200 && attempt.responseStatus < 300;
  const body = attempt.responseBody ?? "";
  return (
    <li data-testid="attempt" className="rounded-md border border-slate-200 bg-white p-3 text-sm">
      <div className="flex flex-wrap items-center gap-x-4 gap-y-1">
        <span className="font-medium">{t("attempt", { n: attempt.attempt })}</span>
        <span className="text-slate-600">{formatDateTime(attempt.createdAt)}</span>
        <span className="rounded bg-slate-100 px-1.5 py-0.5 text-xs">{triggers(attempt.trigger)}</span>
        <span className={`font-mono text-xs ${ok ? "text-emerald-700" : "text-red-700"}`}>
          {t("status", { status: attempt.responseStatus ?? t("noAnswer") })}
        </span>
        <span className="text-xs text-slate-600">
          {t("duration", { ms: attempt.durationMs })}
        </span>
      </div>
      {attempt.errorMessage && (
        <p className="mt-1 text-xs text-red-700">
          {t("error", { message: attempt.errorMessage })}
        </p>
      )}
      {body && (
        <div className="mt-2">
          <p className="text-xs text-slate-500">{t("response")}</p>
          <pre className="mt-1 max-h-40 overflow-auto whitespace-pre-wrap break-all rounded bg-slate-50 p-2 font-mono text-xs">{body.length > BODY_PREVIEW ? `${body.slice(0, BODY_PREVIEW)}…` : body}</pre>
        </div>
      )}
      {attempt.requestHeaders && (
        <details className="mt-2">
          <summary className="cursor-pointer text-xs text-slate-600">{t("headers")}</summary>
          <pre className="mt-1 overflow-auto rounded bg-slate-50 p-2 font-mono text-xs">
            {Object.entries(attempt.requestHeaders)
              .map(([name, value]) => `${name}: ${value}`)
              .join("\n")}
          </pre>
        </details>
      )}
    </li>
  );
}

/** Every attempt, newest first. */
export function AttemptList({ attempts }: { attempts: Attempt[] }) {
  const t = useTranslations("webhooks.attempts");
  return (
    <section>
      <h2 className="mb-2 text-base font-semibold">{t("heading")}</h2>
      {attempts.length === 0 ? (
        <p className="text-sm text-slate-500">{t("none")}</p>
      ) : (
        <ol className="space-y-2">
          {[...attempts].reverse().map((attempt) => (
            <AttemptItem key={`${attempt.attempt}-${attempt.createdAt}`} attempt={attempt} />
          ))}
        </ol>
      )}
    </section>
  );
}
