"use client";

import { signIn } from "next-auth/react";
import { useTranslations } from "next-intl";
import { useState, type FormEvent } from "react";

/** Only same-site paths: a callback URL must never send the user elsewhere. */
function safeCallback(url: string | undefined): string {
  return url && url.startsWith("/") && !url.startsWith("//") ? url : "/dashboard";
}

export function SignInForm({ callbackUrl }: { callbackUrl?: string }) {
  const t = useTranslations("auth");
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setPending(true);
    setError(null);
    const target = safeCallback(callbackUrl);
    const result = await signIn("credentials", {
      redirect: false,
      email: String(form.get("email") ?? ""),
      password: String(form.get("password") ?? ""),
      callbackUrl: target,
    });
    if (result?.ok && !result.error) {
      window.location.assign(target);
      return;
    }
    setPending(false);
    // "TooManySignInAttempts": lib/auth/sign-in-throttle.ts (5 failures per account or 20 per address in 15 minutes).
    setError(
      result?.error === "CredentialsSignin" || !result
        ? t("wrongCredentials")
        : result.error === "TooManySignInAttempts"
          ? t("tooManyAttempts")
          : t("couldNotSignIn"),
    );
  }

  return (
    <form onSubmit={onSubmit} className="space-y-4" noValidate>
      <div>
        <label htmlFor="email" className="block text-sm font-medium text-slate-700">
          {t("email")}
        </label>
        <input id="email" name="email" type="email" autoComplete="username" required className="mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 text-sm shadow-sm focus:border-indigo-500 focus:outline-none focus:ring-2 focus:ring-indigo-200" />
      </div>
      <div>
        <label htmlFor="password" className="block text-sm font-medium text-slate-700">
          {t("password")}
        </label>
        <input id="password" name="password" type="password" autoComplete="current-password" required className="mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 text-sm shadow-sm focus:border-indigo-500 focus:outline-none focus:ring-2 focus:ring-indigo-200" />
      </div>
      {error && (
        <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-700">
          {error}
        </p>
      )}
      <button type="submit" disabled={pending} className="w-full rounded-md bg-indigo-600 px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-indigo-500 disabled:opacity-60">
        {pending ? t("signingIn") : t("signIn")}
      </button>
    </form>
  );
}
