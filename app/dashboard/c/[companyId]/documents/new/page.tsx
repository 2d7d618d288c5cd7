import { NewDocumentForm } from "@/components/dashboard/documents/new-document-form";
import { requireSessionCompany } from "@/lib/auth/session-guard";

export default async function NewDocumentPage({ params }: { params: Promise<{ companyId: string }> }) {
  const { companyId } = await params;
  const { company } = await requireSessionCompany(companyId);
  return (
    <div className="max-w-5xl space-y-4">
      <div>
        <h1 className="text-xl font-semibold">New draft</h1>
        <p className="mt-1 text-sm text-slate-600">Taxes are resolved and computed when the draft is created: item, tax rule, product, template, then the company defaults.</p>
      </div>
      <NewDocumentForm companyId={company.id} />
    </div>
  );
}
