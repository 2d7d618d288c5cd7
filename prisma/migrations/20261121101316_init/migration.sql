-- CreateSchema
CREATE SCHEMA IF NOT EXISTS "public";

-- CreateEnum
CREATE TYPE "DocumentType" AS ENUM ('NFE', 'NFCE', 'NFSE');

-- CreateEnum
CREATE TYPE "Environment" AS ENUM ('PRODUCTION', 'HOMOLOGATION');

-- CreateEnum
CREATE TYPE "DocumentStatus" AS ENUM ('DRAFT', 'PROCESSING', 'AUTHORIZED', 'REJECTED', 'CANCELLED');

-- CreateEnum
CREATE TYPE "DocumentPurpose" AS ENUM ('NORMAL', 'CREDIT_NOTE', 'DEBIT_NOTE');

-- CreateEnum
CREATE TYPE "DocumentEventKind" AS ENUM ('AUTHORIZATION', 'REJECTION', 'CANCELLATION', 'CORRECTION_LETTER', 'DELIVERY_RECEIPT', 'DELIVERY_RECEIPT_CANCELLATION');

-- CreateEnum
CREATE TYPE "AuthorityOutcome" AS ENUM ('AUTHORIZED', 'REJECTED');

-- CreateEnum
CREATE TYPE "InutilizationStatus" AS ENUM ('PENDING', 'AUTHORIZED', 'REJECTED');

-- CreateEnum
CREATE TYPE "RunStatus" AS ENUM ('QUEUED', 'RUNNING', 'SUCCEEDED', 'FAILED', 'CANCELLED');

-- CreateEnum
CREATE TYPE "ClientType" AS ENUM ('INDIVIDUAL', 'COMPANY', 'FOREIGN');

-- CreateEnum
CREATE TYPE "PersonDocumentType" AS ENUM ('CPF', 'CNPJ', 'FOREIGN', 'OTHER');

-- CreateEnum
CREATE TYPE "IcmsTaxpayer" AS ENUM ('CONTRIBUINTE', 'NAO_CONTRIBUINTE', 'ISENTO');

-- CreateEnum
CREATE TYPE "TaxRuleModel" AS ENUM ('NFE', 'NFSE');

-- CreateEnum
CREATE TYPE "TemplateSource" AS ENUM ('SYSTEM', 'TENANT', 'COMPANY');

-- CreateEnum
CREATE TYPE "TaxRegime" AS ENUM ('SIMPLES_NACIONAL', 'SIMPLES_EXCESS', 'NORMAL', 'MEI');

-- CreateEnum
CREATE TYPE "UserRole" AS ENUM ('ADMIN', 'ACCOUNTANT', 'SUPPORT');

-- CreateTable
CREATE TABLE "Company" (
    "id" TEXT NOT NULL,
    "tenantId" TEXT NOT NULL,
    "cnpj" TEXT NOT NULL,
    "legalName" TEXT NOT NULL,
    "tradeName" TEXT,
    "stateRegistration" TEXT,
    "municipalRegistration" TEXT,
    "street" TEXT,
    "streetNumber" TEXT,
    "complement" TEXT,
    "neighborhood" TEXT,
    "city" TEXT,
    "municipalityCode" TEXT NOT NULL,
    "state" TEXT NOT NULL,
    "zipCode" TEXT,
    "phone" TEXT,
    "email" TEXT,
    "taxRegime" "TaxRegime" NOT NULL,
    "environment" "Environment" NOT NULL DEFAULT 'HOMOLOGATION',
    "cscId" TEXT,
    "cscToken" TEXT,
    "nfeSeries" INTEGER NOT NULL DEFAULT 1,
    "nfceSeries" INTEGER NOT NULL DEFAULT 1,
    "defaultOperationNature" TEXT,
    "defaultNcm" TEXT,
    "defaultCfop" TEXT,
    "defaultIcmsOrigin" TEXT,
    "defaultIcmsCst" TEXT,
    "defaultIcmsRate" DECIMAL(7,4),
    "defaultPisCst" TEXT,
    "defaultPisRate" DECIMAL(7,4),
    "defaultCofinsCst" TEXT,
    "defaultCofinsRate" DECIMAL(7,4),
    "defaultIpiCst" TEXT,
    "defaultIpiRate" DECIMAL(7,4),
    "defaultIpiCEnq" TEXT,
    "defaultIbsCbsCst" TEXT,
    "defaultCClassTrib" TEXT,
    "cbsRate" DECIMAL(7,4),
    "ibsStateRate" DECIMAL(7,4),
    "ibsMunicipalRate" DECIMAL(7,4),
    "respTecCnpj" TEXT,
    "respTecContact" TEXT,
    "respTecEmail" TEXT,
    "respTecPhone" TEXT,
    "respTecCsrtId" TEXT,
    "respTecCsrt" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Company_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Certificate" (
    "id" TEXT NOT NULL,
    "companyId" TEXT NOT NULL,
    "subject" TEXT NOT NULL,
    "issuer" TEXT NOT NULL,
    "serialNumber" TEXT NOT NULL,
    "holderCnpj" TEXT NOT NULL,
    "notBefore" TIMESTAMP(3) NOT NULL,
    "notAfter" TIMESTAMP(3) NOT NULL,
    "encryptedPfx" BYTEA NOT NULL,
    "encryptedPassword" BYTEA NOT NULL,
    "isActive" BOOLEAN NOT NULL DEFAULT true,
    "replacedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Certificate_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "NumberingSeries" (
    "id" TEXT NOT NULL,
    "companyId" TEXT NOT NULL,
    "model" INTEGER NOT NULL,
    "series" INTEGER NOT NULL,
    "environment" "Environment" NOT NULL,
    "nextNumber" INTEGER NOT NULL DEFAULT 1,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "NumberingSeries_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "FiscalDocument" (
    "id" TEXT NOT NULL,
    "companyId" TEXT NOT NULL,
    "type" "DocumentType" NOT NULL,
    "status" "DocumentStatus" NOT NULL DEFAULT 'DRAFT',
    "environment" "Environment" NOT NULL,
    "purpose" "DocumentPurpose" NOT NULL DEFAULT 'NORMAL',
    "series" INTEGER,
    "number" INTEGER NOT NULL DEFAULT 0,
    "accessKey" TEXT,
    "cNF" TEXT,
    "clientId" TEXT,
    "clientSnapshot" JSONB NOT NULL,
    "operationNature" TEXT NOT NULL,
    "taxRuleId" TEXT,
    "templateId" TEXT,
    "additionalInfo" TEXT,
    "externalId" TEXT,
    "rtcCreditType" TEXT,
    "rtcDebitType" TEXT,
    "referencedAccessKey" TEXT,
    "issueDateTime" TIMESTAMP(3) NOT NULL,
    "paymentIndicator" INTEGER NOT NULL DEFAULT 0,
    "productsTotal" DECIMAL(15,2) NOT NULL,
    "discountTotal" DECIMAL(15,2) NOT NULL DEFAULT 0,
    "freightTotal" DECIMAL(15,2) NOT NULL DEFAULT 0,
    "totalValue" DECIMAL(15,2) NOT NULL,
    "taxTotals" JSONB NOT NULL,
    "runId" TEXT,
    "emissionAttempts" INTEGER NOT NULL DEFAULT 0,
    "signedXml" TEXT,
    "authorizedXml" TEXT,
    "protocolNumber" TEXT,
    "authorizationDate" TIMESTAMP(3),
    "rejectionCode" TEXT,
    "rejectionReason" TEXT,
    "cancellationReason" TEXT,
    "cancellationDate" TIMESTAMP(3),
    "cancellationProtocol" TEXT,
    "deliveryReceiptActive" BOOLEAN NOT NULL DEFAULT false,
    "nfseNumber" TEXT,
    "verificationCode" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "FiscalDocument_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "FiscalDocumentItem" (
    "id" TEXT NOT NULL,
    "documentId" TEXT NOT NULL,
    "position" INTEGER NOT NULL,
    "productId" TEXT,
    "code" TEXT NOT NULL,
    "description" TEXT NOT NULL,
    "gtin" TEXT,
    "unit" TEXT NOT NULL,
    "quantity" DECIMAL(15,4) NOT NULL,
    "unitValue" DECIMAL(21,10) NOT NULL,
    "grossValue" DECIMAL(15,2) NOT NULL,
    "discount" DECIMAL(15,2) NOT NULL DEFAULT 0,
    "ncm" TEXT NOT NULL,
    "cest" TEXT,
    "cfop" TEXT NOT NULL,
    "serviceCode" TEXT,
    "nationalServiceCode" TEXT,
    "taxRuleId" TEXT,
    "taxes" JSONB NOT NULL,
    "taxSources" JSONB NOT NULL,

    CONSTRAINT "FiscalDocumentItem_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "DocumentPayment" (
    "id" TEXT NOT NULL,
    "documentId" TEXT NOT NULL,
    "position" INTEGER NOT NULL,
    "method" TEXT NOT NULL,
    "value" DECIMAL(15,2) NOT NULL,
    "description" TEXT,
    "cardFlag" TEXT,
    "cardCNPJ" TEXT,
    "cardAuthorization" TEXT,
    "pixKey" TEXT,
    "pixTxId" TEXT,

    CONSTRAINT "DocumentPayment_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "DocumentDuplicate" (
    "id" TEXT NOT NULL,
    "documentId" TEXT NOT NULL,
    "number" TEXT NOT NULL,
    "dueDate" DATE NOT NULL,
    "value" DECIMAL(15,2) NOT NULL,

    CONSTRAINT "DocumentDuplicate_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "DocumentTransport" (
    "id" TEXT NOT NULL,
    "documentId" TEXT NOT NULL,
    "freightType" TEXT NOT NULL DEFAULT 'NO_FREIGHT',
    "freightValue" DECIMAL(15,2),
    "carrierId" TEXT,
    "carrierName" TEXT,
    "carrierDocument" TEXT,
    "carrierDocumentType" TEXT,
    "carrierStateRegistration" TEXT,
    "carrierAddress" TEXT,
    "carrierCity" TEXT,
    "carrierState" TEXT,
    "vehiclePlate" TEXT,
    "vehicleState" TEXT,
    "vehicleRntc" TEXT,
    "volumeQuantity" INTEGER,
    "volumeSpecies" TEXT,
    "volumeGrossWeight" DECIMAL(15,3),
    "volumeNetWeight" DECIMAL(15,3),

    CONSTRAINT "DocumentTransport_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "DocumentEvent" (
    "id" TEXT NOT NULL,
    "documentId" TEXT NOT NULL,
    "companyId" TEXT NOT NULL,
    "kind" "DocumentEventKind" NOT NULL,
    "eventCode" TEXT,
    "sequence" INTEGER NOT NULL DEFAULT 1,
    "outcome" "AuthorityOutcome" NOT NULL,
    "cStat" TEXT,
    "reason" TEXT,
    "protocol" TEXT,
    "requestXml" TEXT,
    "responseXml" TEXT,
    "details" JSONB,
    "runId" TEXT,
    "occurredAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "DocumentEvent_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Inutilization" (
    "id" TEXT NOT NULL,
    "companyId" TEXT NOT NULL,
    "environment" "Environment" NOT NULL,
    "model" TEXT NOT NULL,
    "series" INTEGER NOT NULL,
    "startNumber" INTEGER NOT NULL,
    "endNumber" INTEGER NOT NULL,
    "year" TEXT NOT NULL,
    "status" "InutilizationStatus" NOT NULL DEFAULT 'PENDING',
    "justification" TEXT NOT NULL,
    "protocol" TEXT,
    "cStat" TEXT,
    "rejectionReason" TEXT,
    "inutilizationDate" TIMESTAMP(3),
    "requestXml" TEXT,
    "responseXml" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Inutilization_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "DomainEvent" (
    "id" TEXT NOT NULL,
    "companyId" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "documentId" TEXT,
    "inutilizationId" TEXT,
    "environment" "Environment",
    "documentType" "DocumentType",
    "data" JSONB NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "DomainEvent_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "BackgroundRun" (
    "id" TEXT NOT NULL,
    "functionId" TEXT NOT NULL,
    "eventName" TEXT NOT NULL,
    "eventData" JSONB NOT NULL,
    "status" "RunStatus" NOT NULL DEFAULT 'QUEUED',
    "concurrencyKey" TEXT,
    "runAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "attempt" INTEGER NOT NULL DEFAULT 0,
    "maxAttempts" INTEGER NOT NULL DEFAULT 4,
    "leaseUntil" TIMESTAMP(3),
    "workerId" TEXT,
    "steps" JSONB NOT NULL DEFAULT '{}',
    "output" JSONB,
    "error" TEXT,
    "companyId" TEXT,
    "documentId" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "startedAt" TIMESTAMP(3),
    "finishedAt" TIMESTAMP(3),
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "BackgroundRun_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Client" (
    "id" TEXT NOT NULL,
    "companyId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "fantasyName" TEXT,
    "document" TEXT NOT NULL DEFAULT '',
    "documentType" "PersonDocumentType" NOT NULL,
    "type" "ClientType" NOT NULL,
    "stateRegistration" TEXT,
    "icmsTaxpayer" "IcmsTaxpayer",
    "email" TEXT,
    "phone" TEXT,
    "zipCode" TEXT,
    "street" TEXT,
    "number" TEXT,
    "complement" TEXT,
    "neighborhood" TEXT,
    "city" TEXT,
    "state" TEXT,
    "municipalityCode" TEXT,
    "countryCode" TEXT,
    "isActive" BOOLEAN NOT NULL DEFAULT true,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Client_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Product" (
    "id" TEXT NOT NULL,
    "companyId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "code" TEXT NOT NULL,
    "salePrice" DECIMAL(15,4) NOT NULL,
    "commercialUnit" TEXT NOT NULL DEFAULT 'UN',
    "taxUnit" TEXT NOT NULL DEFAULT 'UN',
    "taxUnitExport" TEXT NOT NULL DEFAULT 'KG',
    "gtin" TEXT,
    "ncm" TEXT,
    "cest" TEXT,
    "internalCfop" TEXT,
    "interstateContributorCfop" TEXT,
    "interstateNonContributorCfop" TEXT,
    "exportCfop" TEXT,
    "icmsOrigin" TEXT,
    "icmsCst" TEXT,
    "icmsModBc" TEXT,
    "icmsRate" DECIMAL(7,4),
    "icmsRedBc" DECIMAL(7,4),
    "icmsStModBc" TEXT,
    "icmsStMva" DECIMAL(7,4),
    "icmsStRate" DECIMAL(7,4),
    "icmsStRedBc" DECIMAL(7,4),
    "icmsSnCreditRate" DECIMAL(7,4),
    "pisCst" TEXT,
    "pisRate" DECIMAL(7,4),
    "cofinsCst" TEXT,
    "cofinsRate" DECIMAL(7,4),
    "ipiCst" TEXT,
    "ipiRate" DECIMAL(7,4),
    "ipiCEnq" TEXT,
    "taxRuleId" TEXT,
    "isActive" BOOLEAN NOT NULL DEFAULT true,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Product_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Carrier" (
    "id" TEXT NOT NULL,
    "companyId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "document" TEXT NOT NULL,
    "documentType" "PersonDocumentType" NOT NULL,
    "stateRegistration" TEXT,
    "anttCode" TEXT,
    "street" TEXT,
    "number" TEXT,
    "neighborhood" TEXT,
    "city" TEXT,
    "state" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Carrier_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Vehicle" (
    "id" TEXT NOT NULL,
    "carrierId" TEXT NOT NULL,
    "plate" TEXT NOT NULL,
    "state" TEXT NOT NULL,
    "rntc" TEXT,
    "description" TEXT,
    "isDefault" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Vehicle_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "TaxRule" (
    "id" TEXT NOT NULL,
    "companyId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "model" "TaxRuleModel" NOT NULL,
    "isActive" BOOLEAN NOT NULL DEFAULT true,
    "deletedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "TaxRule_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "NfeTaxRule" (
    "id" TEXT NOT NULL,
    "taxRuleId" TEXT NOT NULL,
    "position" INTEGER NOT NULL DEFAULT 0,
    "name" TEXT,
    "states" TEXT[],
    "clientTypes" TEXT[],
    "cfops" TEXT[],
    "icmsCst" TEXT NOT NULL,
    "icmsModBc" TEXT,
    "icmsCBenFiscal" TEXT,
    "icmsPIcms" DECIMAL(7,4),
    "icmsRedBc" DECIMAL(7,4),
    "icmsStModBc" TEXT,
    "icmsStMva" DECIMAL(7,4),
    "icmsStRate" DECIMAL(7,4),
    "icmsStRedBc" DECIMAL(7,4),
    "icmsSnCreditRate" DECIMAL(7,4),
    "pisCst" TEXT,
    "pisPPis" DECIMAL(7,4),
    "cofinsCst" TEXT,
    "cofinsPCofins" DECIMAL(7,4),
    "ipiCst" TEXT,
    "ipiPIpi" DECIMAL(7,4),
    "ipiCEnq" TEXT,
    "isActive" BOOLEAN NOT NULL DEFAULT true,

    CONSTRAINT "NfeTaxRule_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "NfseTaxRule" (
    "id" TEXT NOT NULL,
    "taxRuleId" TEXT NOT NULL,
    "position" INTEGER NOT NULL DEFAULT 0,
    "name" TEXT,
    "serviceLocation" TEXT[],
    "operationNature" TEXT,
    "issRate" DECIMAL(7,4) NOT NULL DEFAULT 0,
    "pisRate" DECIMAL(7,4) NOT NULL DEFAULT 0,
    "cofinsRate" DECIMAL(7,4) NOT NULL DEFAULT 0,
    "deductionsRate" DECIMAL(7,4) NOT NULL DEFAULT 0,
    "irRate" DECIMAL(7,4),
    "inssRate" DECIMAL(7,4),
    "csllRate" DECIMAL(7,4),
    "issRetention" BOOLEAN NOT NULL DEFAULT false,
    "pisRetention" BOOLEAN NOT NULL DEFAULT false,
    "cofinsRetention" BOOLEAN NOT NULL DEFAULT false,
    "irRetention" BOOLEAN NOT NULL DEFAULT false,
    "inssRetention" BOOLEAN NOT NULL DEFAULT false,
    "csllRetention" BOOLEAN NOT NULL DEFAULT false,
    "additionalInfo" TEXT,
    "piscofinsCst" TEXT,
    "serviceLocationMunicipality" TEXT NOT NULL,
    "incidenceMunicipality" TEXT NOT NULL,
    "isActive" BOOLEAN NOT NULL DEFAULT true,

    CONSTRAINT "NfseTaxRule_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "FiscalTemplate" (
    "id" TEXT NOT NULL,
    "source" "TemplateSource" NOT NULL,
    "tenantId" TEXT,
    "companyId" TEXT,
    "systemKey" TEXT,
    "name" TEXT NOT NULL,
    "type" "TaxRuleModel" NOT NULL,
    "operationNature" TEXT,
    "cfop" TEXT,
    "icmsOrigin" TEXT,
    "icmsCst" TEXT,
    "icmsRate" DECIMAL(7,4),
    "pisCst" TEXT,
    "pisRate" DECIMAL(7,4),
    "cofinsCst" TEXT,
    "cofinsRate" DECIMAL(7,4),
    "ipiCst" TEXT,
    "ipiRate" DECIMAL(7,4),
    "serviceCode" TEXT,
    "nationalServiceCode" TEXT,
    "additionalInfo" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "FiscalTemplate_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "SimulatorDocument" (
    "id" TEXT NOT NULL,
    "environment" INTEGER NOT NULL,
    "accessKey" TEXT NOT NULL,
    "cnpj" TEXT NOT NULL,
    "model" INTEGER NOT NULL,
    "series" INTEGER NOT NULL,
    "number" INTEGER NOT NULL,
    "status" TEXT NOT NULL,
    "protocol" TEXT NOT NULL,
    "digestValue" TEXT NOT NULL,
    "receivedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "xml" TEXT NOT NULL,
    "deliveryReceipt" BOOLEAN NOT NULL DEFAULT false,

    CONSTRAINT "SimulatorDocument_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "SimulatorEvent" (
    "id" TEXT NOT NULL,
    "documentId" TEXT NOT NULL,
    "eventType" TEXT NOT NULL,
    "sequence" INTEGER NOT NULL,
    "protocol" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "SimulatorEvent_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "SimulatorInutilization" (
    "id" TEXT NOT NULL,
    "environment" INTEGER NOT NULL,
    "cnpj" TEXT NOT NULL,
    "model" INTEGER NOT NULL,
    "series" INTEGER NOT NULL,
    "year" TEXT NOT NULL,
    "startNumber" INTEGER NOT NULL,
    "endNumber" INTEGER NOT NULL,
    "protocol" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "SimulatorInutilization_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Tenant" (
    "id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Tenant_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "User" (
    "id" TEXT NOT NULL,
    "tenantId" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "name" TEXT,
    "passwordHash" TEXT NOT NULL,
    "role" "UserRole" NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "User_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ApiKey" (
    "id" TEXT NOT NULL,
    "companyId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "prefix" TEXT NOT NULL,
    "secretHash" TEXT NOT NULL,
    "scopes" TEXT[],
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lastUsedAt" TIMESTAMP(3),
    "revokedAt" TIMESTAMP(3),

    CONSTRAINT "ApiKey_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "Company_tenantId_idx" ON "Company"("tenantId");

-- CreateIndex
CREATE INDEX "Certificate_companyId_isActive_idx" ON "Certificate"("companyId", "isActive");

-- CreateIndex
CREATE UNIQUE INDEX "NumberingSeries_companyId_model_series_environment_key" ON "NumberingSeries"("companyId", "model", "series", "environment");

-- CreateIndex
CREATE UNIQUE INDEX "FiscalDocument_accessKey_key" ON "FiscalDocument"("accessKey");

-- CreateIndex
CREATE INDEX "FiscalDocument_companyId_environment_createdAt_idx" ON "FiscalDocument"("companyId", "environment", "createdAt");

-- CreateIndex
CREATE INDEX "FiscalDocument_companyId_status_idx" ON "FiscalDocument"("companyId", "status");

-- CreateIndex
CREATE INDEX "FiscalDocument_companyId_externalId_idx" ON "FiscalDocument"("companyId", "externalId");

-- CreateIndex
CREATE INDEX "FiscalDocument_companyId_type_series_number_idx" ON "FiscalDocument"("companyId", "type", "series", "number");

-- CreateIndex
CREATE UNIQUE INDEX "FiscalDocumentItem_documentId_position_key" ON "FiscalDocumentItem"("documentId", "position");

-- CreateIndex
CREATE UNIQUE INDEX "DocumentPayment_documentId_position_key" ON "DocumentPayment"("documentId", "position");

-- CreateIndex
CREATE UNIQUE INDEX "DocumentDuplicate_documentId_number_key" ON "DocumentDuplicate"("documentId", "number");

-- CreateIndex
CREATE UNIQUE INDEX "DocumentTransport_documentId_key" ON "DocumentTransport"("documentId");

-- CreateIndex
CREATE INDEX "DocumentEvent_documentId_createdAt_idx" ON "DocumentEvent"("documentId", "createdAt");

-- CreateIndex
CREATE INDEX "Inutilization_companyId_createdAt_idx" ON "Inutilization"("companyId", "createdAt");

-- CreateIndex
CREATE INDEX "DomainEvent_companyId_createdAt_idx" ON "DomainEvent"("companyId", "createdAt");

-- CreateIndex
CREATE INDEX "DomainEvent_documentId_idx" ON "DomainEvent"("documentId");

-- CreateIndex
CREATE INDEX "BackgroundRun_status_runAt_idx" ON "BackgroundRun"("status", "runAt");

-- CreateIndex
CREATE INDEX "BackgroundRun_concurrencyKey_status_idx" ON "BackgroundRun"("concurrencyKey", "status");

-- CreateIndex
CREATE INDEX "BackgroundRun_documentId_idx" ON "BackgroundRun"("documentId");

-- CreateIndex
CREATE INDEX "BackgroundRun_companyId_status_idx" ON "BackgroundRun"("companyId", "status");

-- CreateIndex
CREATE INDEX "Client_companyId_document_idx" ON "Client"("companyId", "document");

-- CreateIndex
CREATE INDEX "Client_companyId_name_idx" ON "Client"("companyId", "name");

-- CreateIndex
CREATE UNIQUE INDEX "Product_companyId_code_key" ON "Product"("companyId", "code");

-- CreateIndex
CREATE UNIQUE INDEX "Carrier_companyId_document_key" ON "Carrier"("companyId", "document");

-- CreateIndex
CREATE UNIQUE INDEX "Vehicle_carrierId_plate_key" ON "Vehicle"("carrierId", "plate");

-- CreateIndex
CREATE INDEX "TaxRule_companyId_model_idx" ON "TaxRule"("companyId", "model");

-- CreateIndex
CREATE INDEX "NfeTaxRule_taxRuleId_idx" ON "NfeTaxRule"("taxRuleId");

-- CreateIndex
CREATE INDEX "NfseTaxRule_taxRuleId_idx" ON "NfseTaxRule"("taxRuleId");

-- CreateIndex
CREATE UNIQUE INDEX "FiscalTemplate_systemKey_key" ON "FiscalTemplate"("systemKey");

-- CreateIndex
CREATE INDEX "FiscalTemplate_companyId_idx" ON "FiscalTemplate"("companyId");

-- CreateIndex
CREATE INDEX "FiscalTemplate_tenantId_idx" ON "FiscalTemplate"("tenantId");

-- CreateIndex
CREATE UNIQUE INDEX "SimulatorDocument_environment_accessKey_key" ON "SimulatorDocument"("environment", "accessKey");

-- CreateIndex
CREATE UNIQUE INDEX "SimulatorDocument_environment_cnpj_model_series_number_key" ON "SimulatorDocument"("environment", "cnpj", "model", "series", "number");

-- CreateIndex
CREATE UNIQUE INDEX "SimulatorEvent_documentId_eventType_sequence_key" ON "SimulatorEvent"("documentId", "eventType", "sequence");

-- CreateIndex
CREATE INDEX "SimulatorInutilization_environment_cnpj_model_series_idx" ON "SimulatorInutilization"("environment", "cnpj", "model", "series");

-- CreateIndex
CREATE UNIQUE INDEX "User_email_key" ON "User"("email");

-- CreateIndex
CREATE INDEX "User_tenantId_idx" ON "User"("tenantId");

-- CreateIndex
CREATE UNIQUE INDEX "ApiKey_secretHash_key" ON "ApiKey"("secretHash");

-- CreateIndex
CREATE INDEX "ApiKey_companyId_idx" ON "ApiKey"("companyId");

-- AddForeignKey
ALTER TABLE "Company" ADD CONSTRAINT "Company_tenantId_fkey" FOREIGN KEY ("tenantId") REFERENCES "Tenant"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Certificate" ADD CONSTRAINT "Certificate_companyId_fkey" FOREIGN KEY ("companyId") REFERENCES "Company"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "NumberingSeries" ADD CONSTRAINT "NumberingSeries_companyId_fkey" FOREIGN KEY ("companyId") REFERENCES "Company"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "FiscalDocument" ADD CONSTRAINT "FiscalDocument_companyId_fkey" FOREIGN KEY ("companyId") REFERENCES "Company"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "FiscalDocument" ADD CONSTRAINT "FiscalDocument_clientId_fkey" FOREIGN KEY ("clientId") REFERENCES "Client"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "FiscalDocumentItem" ADD CONSTRAINT "FiscalDocumentItem_documentId_fkey" FOREIGN KEY ("documentId") REFERENCES "FiscalDocument"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "DocumentPayment" ADD CONSTRAINT "DocumentPayment_documentId_fkey" FOREIGN KEY ("documentId") REFERENCES "FiscalDocument"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "DocumentDuplicate" ADD CONSTRAINT "DocumentDuplicate_documentId_fkey" FOREIGN KEY ("documentId") REFERENCES "FiscalDocument"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "DocumentTransport" ADD CONSTRAINT "DocumentTransport_documentId_fkey" FOREIGN KEY ("documentId") REFERENCES "FiscalDocument"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "DocumentEvent" ADD CONSTRAINT "DocumentEvent_documentId_fkey" FOREIGN KEY ("documentId") REFERENCES "FiscalDocument"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Inutilization" ADD CONSTRAINT "Inutilization_companyId_fkey" FOREIGN KEY ("companyId") REFERENCES "Company"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "DomainEvent" ADD CONSTRAINT "DomainEvent_companyId_fkey" FOREIGN KEY ("companyId") REFERENCES "Company"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Client" ADD CONSTRAINT "Client_companyId_fkey" FOREIGN KEY ("companyId") REFERENCES "Company"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Product" ADD CONSTRAINT "Product_companyId_fkey" FOREIGN KEY ("companyId") REFERENCES "Company"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Product" ADD CONSTRAINT "Product_taxRuleId_fkey" FOREIGN KEY ("taxRuleId") REFERENCES "TaxRule"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Carrier" ADD CONSTRAINT "Carrier_companyId_fkey" FOREIGN KEY ("companyId") REFERENCES "Company"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Vehicle" ADD CONSTRAINT "Vehicle_carrierId_fkey" FOREIGN KEY ("carrierId") REFERENCES "Carrier"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "TaxRule" ADD CONSTRAINT "TaxRule_companyId_fkey" FOREIGN KEY ("companyId") REFERENCES "Company"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "NfeTaxRule" ADD CONSTRAINT "NfeTaxRule_taxRuleId_fkey" FOREIGN KEY ("taxRuleId") REFERENCES "TaxRule"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "NfseTaxRule" ADD CONSTRAINT "NfseTaxRule_taxRuleId_fkey" FOREIGN KEY ("taxRuleId") REFERENCES "TaxRule"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "FiscalTemplate" ADD CONSTRAINT "FiscalTemplate_tenantId_fkey" FOREIGN KEY ("tenantId") REFERENCES "Tenant"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "FiscalTemplate" ADD CONSTRAINT "FiscalTemplate_companyId_fkey" FOREIGN KEY ("companyId") REFERENCES "Company"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SimulatorEvent" ADD CONSTRAINT "SimulatorEvent_documentId_fkey" FOREIGN KEY ("documentId") REFERENCES "SimulatorDocument"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "User" ADD CONSTRAINT "User_tenantId_fkey" FOREIGN KEY ("tenantId") REFERENCES "Tenant"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ApiKey" ADD CONSTRAINT "ApiKey_companyId_fkey" FOREIGN KEY ("companyId") REFERENCES "Company"("id") ON DELETE CASCADE ON UPDATE CASCADE;

