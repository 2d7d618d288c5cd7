import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { SignInForm } from "@/components/auth/sign-in-form";
import { getSessionUser } from "@/lib/auth/session";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("auth");
  return { title: { absolute: t("pageTitle") } };
}

export default async function SignInPage({ searchParams }: { searchParams: Promise<{ callbackUrl?: string | string[] }> }) {
  const { callbackUrl } = await searchParams;
  if (await getSessionUser()) redirect("/dashboard");
  const t = await getTranslations();
  return (
    <main className="flex min-h-screen items-center justify-center px-4">
      <div className="w-full max-w-sm">
        <div className="mb-6 text-center">
          <p className="text-2xl font-semibold tracking-tight">{t("meta.productName")}</p>
          <p className="mt-1 text-sm text-slate-500">{t("auth.tagline")}</p>
        </div>
        <div className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
          <h1 className="mb-4 text-lg font-semibold">{t("auth.signIn")}</h1>
          <SignInForm callbackUrl={typeof callbackUrl === "string" ? callbackUrl : undefined} />
        </div>
      </div>
    </main>
  );
}
