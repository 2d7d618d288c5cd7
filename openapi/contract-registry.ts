import type { Contract } from "@/lib/contracts/contract";
import { healthContract, readinessContract } from "@/lib/health/health";
import { openApiContract } from "./openapi-contract";
import { statusContracts } from "@/lib/status/contracts";
import { clientContracts } from "@/lib/clients/contracts";
import { productContracts } from "@/lib/products/contracts";
import { carrierContracts } from "@/lib/carriers/contracts";
import { taxRuleContracts } from "@/lib/tax-rules/contracts";
import { templateContracts } from "@/lib/templates/contracts";
import { emissionContracts } from "@/lib/emission/contracts";
import { documentContracts } from "@/lib/documents/contracts";
import { documentEventContracts } from "@/lib/document-events/contracts";
import { substituteDocumentContract } from "@/lib/document-events/substitution-contract";
import { issuerReformEventContracts } from "@/lib/document-events/reform-event-contracts";
import { downloadContracts } from "@/lib/downloads/contracts";
import { inutilizationContracts } from "@/lib/inutilizations/contracts";
import { webhookContracts } from "@/lib/webhooks/contracts";
import { companyContracts } from "@/lib/companies/api/contracts";
import { brandingApiContracts } from "@/lib/branding/contracts";
import { contingencyContracts } from "@/lib/contingency/contracts";
import { emailContracts } from "@/lib/email/contracts";
import { receivedDocumentContracts } from "@/lib/received/contracts";
import { receivedReformEventContracts } from "@/lib/received/reform-event-contracts";
import { exportContracts } from "@/lib/exports/contracts";
import { lookupContracts } from "@/lib/lookups/contracts";
import { syncDocumentContracts } from "@/lib/document-events/sync-contracts";
import { importContracts } from "@/lib/imports/contracts";
import { transportManifestContracts } from "@/lib/mdfe/contracts";

// Every implemented /v1 route's contract, in documentation order: GET /v1/openapi.json,
// docs/api-reference.md (npm run docs:api), the dashboard's API reference and the
// 405 answers of proxy.ts (allowed-methods.ts) are built from this list.
// It sits above lib/ (docs/architecture.md, Layers): a domain defines its contracts in
// lib/<domain>/contracts.ts with defineContract (@/lib/contracts/contract) and never
// imports this file. To register a domain's routes: one import above, one line below.
export const allContracts: Contract[] = [
  healthContract,
  readinessContract,
  ...statusContracts,
  openApiContract,
  ...clientContracts,
  ...productContracts,
  ...carrierContracts,
  ...taxRuleContracts,
  ...templateContracts,
  ...documentContracts,
  ...importContracts,
  ...emissionContracts,
  ...documentEventContracts,
  substituteDocumentContract,
  ...issuerReformEventContracts,
  ...downloadContracts,
  ...emailContracts,
  ...inutilizationContracts,
  ...contingencyContracts,
  ...webhookContracts,
  ...companyContracts,
  ...brandingApiContracts,
  ...receivedDocumentContracts,
  ...receivedReformEventContracts,
  ...exportContracts,
  ...lookupContracts,
  ...syncDocumentContracts,
  ...transportManifestContracts,
];
