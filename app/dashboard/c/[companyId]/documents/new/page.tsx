import { NewDocumentForm } from "@/components/dashboard/documents/new-document-form";
import { canWrite } from "@/lib/auth/roles";
import { requireSessionCompany } from "@/lib/auth/session-guard";

export default async function NewDocumentPage({ params }: { params: Promise<{ companyId: string }> }) {
  const { companyId } = await params;
  const { user, company } = await requireSessionCompany(companyId);
  return (
    <div className="max-w-5xl space-y-4">
      <div>
        <h1 className="text-xl font-semibold">New draft</h1>
        <p className="mt-1 text-sm text-slate-600">Taxes are resolved and computed when the draft is created: item, tax rule, product, template, then the company defaults.</p>
      </div>
      {canWrite(user.role) ? (
        <NewDocumentForm companyId={company.id} />
      ) : (
        <p className="rounded-md bg-slate-100 px-3 py-2 text-sm text-slate-700">Your role can read documents but not create them.</p>
      )}
    </div>
  );
}
