import { notFound } from "next/navigation";

// Unknown pages under a company render the company's not-found page, inside its sidebar layout.
export default function MissingCompanyPage() {
  notFound();
}
