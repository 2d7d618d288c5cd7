"use client";

import { PageError } from "@/components/dashboard/page-error";

export default function DashboardError(props: { error: Error & { digest?: string }; reset: () => void }) {
  return (
    <main id="main" className="p-6">
      <PageError {...props} />
    </main>
  );
}
