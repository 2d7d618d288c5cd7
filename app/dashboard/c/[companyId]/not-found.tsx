import { PageNotFound } from "@/components/dashboard/page-not-found";

export default function CompanyNotFound() {
  return <PageNotFound backHref="/dashboard" />;
}
