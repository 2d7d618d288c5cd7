import Link from "next/link";
import { DocumentsListPanel } from "@/components/dashboard/documents/documents-list-panel";
import { requireSessionCompany } from "@/lib/auth/session-guard";
import { canWrite } from "@/lib/auth/roles";

export default async function DocumentsPage({ params }: { params: Promise<{ companyId: string }> }) {
  const { companyId } = await params;
  const { user, company } = await requireSessionCompany(companyId);
  const canCreate = canWrite(user.role);
  return (
    <div className="max-w-6xl space-y-4">
      <div className="flex items-center justify-between">
        <h1 className="text-xl font-semibold">Documents</h1>
        {canCreate && (
          <Link href={`/dashboard/c/${company.id}/documents/new`} className="rounded-md bg-indigo-600 px-3 py-2 text-sm font-semibold text-white hover:bg-indigo-500">
            New draft
          </Link>
        )}
      </div>
      <DocumentsListPanel companyId={company.id} />
    </div>
  );
}
