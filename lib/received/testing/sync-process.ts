// Test-only: a separate process running one distribution run of a company
// (SYNC_COMPANY_ID) against the simulator, so a test can kill it with SIGKILL
// in the middle of storing a page.
import { syncReceivedDocuments } from "@/lib/received/sync";

const companyId = process.env.SYNC_COMPANY_ID;
if (!companyId) throw new Error("SYNC_COMPANY_ID is required");
console.log("sync started");
void syncReceivedDocuments(companyId).then((outcome) => {
  console.log(`sync ${outcome.status}`);
  process.exit(0);
});
