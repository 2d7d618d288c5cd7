import { contractRoute } from "@/lib/api/run-contract";
import { signedExportDownloadContract } from "@/lib/exports/contracts";
import { downloadExportBySignedLink } from "@/lib/exports/download-export";

export const dynamic = "force-dynamic";

// The accountant's e-mailed link: no key, no session; the signature is the credential.
export const GET = contractRoute(signedExportDownloadContract, async () => ({}), ({ params, query }) => downloadExportBySignedLink(params.id, query));
