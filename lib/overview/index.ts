export { getCompanyOverview, OVERVIEW_DAYS, STUCK_PROCESSING_MINUTES } from "./get-company-overview";
export { CompanyOverview, companyAuthorityStatusContract, companyOverviewContract, DOCUMENT_STATUSES, type OverviewDocumentStatus, type StatusCounts } from "./contracts";
