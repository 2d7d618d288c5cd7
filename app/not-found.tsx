import { PageNotFound } from "@/components/dashboard/page-not-found";

export default function RootNotFound() {
  return (
    <main id="main" className="flex min-h-screen items-center justify-center p-6">
      <PageNotFound backHref="/dashboard" />
    </main>
  );
}
