import type { Contract } from "./contract";
import { healthContract, readinessContract } from "@/lib/health/health";
import { openApiContract } from "./openapi-contract";
import { clientContracts } from "@/lib/clients/contracts";
import { productContracts } from "@/lib/products/contracts";
import { carrierContracts } from "@/lib/carriers/contracts";
import { taxRuleContracts } from "@/lib/tax-rules/contracts";
import { templateContracts } from "@/lib/templates/contracts";
import { emissionContracts } from "@/lib/emission/contracts";
import { documentContracts } from "@/lib/documents/contracts";
import { documentEventContracts } from "@/lib/document-events/contracts";
import { downloadContracts } from "@/lib/downloads/contracts";
import { inutilizationContracts } from "@/lib/inutilizations/contracts";
import { webhookContracts } from "@/lib/webhooks/contracts";
import { companyContracts } from "@/lib/companies/api/contracts";
import { exportContracts } from "@/lib/exports/contracts";

// Every implemented route's contract, in documentation order. Add a domain's
// contracts here when you add its routes; GET /v1/openapi.json is built from
// this list (a test checks every app/ route file is listed).
export const allContracts: Contract[] = [healthContract, readinessContract, openApiContract, ...clientContracts, ...productContracts, ...carrierContracts, ...taxRuleContracts, ...templateContracts, ...documentContracts, ...emissionContracts, ...documentEventContracts, ...downloadContracts, ...inutilizationContracts, ...webhookContracts, ...companyContracts, ...exportContracts];
