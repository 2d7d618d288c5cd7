import { handleSession } from "@/lib/api/handle-session";
import { WRITER_ROLES } from "@/lib/auth/roles";
import { deleteCompanyLogo, getCompanyLogo, saveCompanyLogo, setLogoPrinting } from "@/lib/branding/company-logo";
import { deleteLogoContract, getLogoContract, logoPrintingContract, uploadLogoContract } from "@/lib/branding/contracts";

export const GET = handleSession(getLogoContract, ({ companyId }) => getCompanyLogo(companyId));

export const PUT = handleSession(uploadLogoContract, ({ companyId, body }) => saveCompanyLogo(companyId, Buffer.from(body.imageBase64, "base64")), { roles: WRITER_ROLES });

export const PATCH = handleSession(logoPrintingContract, ({ companyId, body }) => setLogoPrinting(companyId, body.printOnDocuments), { roles: WRITER_ROLES });

export const DELETE = handleSession(deleteLogoContract, ({ companyId }) => deleteCompanyLogo(companyId), { roles: WRITER_ROLES });
