"use client";

import { PageError } from "@/components/dashboard/page-error";

export default function CompanyError(props: { error: Error & { digest?: string }; reset: () => void }) {
  return <PageError {...props} />;
}
