import { redirect } from "next/navigation";

// The webhooks section opens on its endpoints (a page of its own so the sidebar highlights one link at a time).
export default async function WebhooksIndex({ params }: { params: Promise<{ companyId: string }> }) {
  const { companyId } = await params;
  redirect(`/dashboard/c/${encodeURIComponent(companyId)}/webhooks/endpoints`);
}
