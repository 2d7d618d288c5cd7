import { PageNotFound } from "@/components/dashboard/page-not-found";

export default function DashboardNotFound() {
  return (
    <main id="main" className="p-6">
      <PageNotFound backHref="/dashboard" />
    </main>
  );
}
