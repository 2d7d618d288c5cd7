import { contractRoute } from "@/lib/api/run-contract";
import { statusContract } from "@/lib/status/contracts";
import { statusSummary } from "@/lib/status/status-summary";

export const dynamic = "force-dynamic";

// Public: no API key (docs/api-notes/status.md).
export const GET = contractRoute(statusContract, async () => ({}), () => statusSummary());
