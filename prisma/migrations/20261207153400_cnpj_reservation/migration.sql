-- A CNPJ and environment are reserved by proof of ownership, not by whoever creates the company
-- first (issue 49 item 5; hand-written). Companies of one CNPJ and environment may coexist while
-- unproven; the reservation is this row, taken atomically when a certificate of the CNPJ root is
-- installed (lib/companies/cnpj-reservation.ts). Within one tenant a duplicate stays refused in
-- code (409 company_exists). Nothing is deleted.
CREATE TABLE "CnpjReservation" (
    "cnpj" TEXT NOT NULL,
    "environment" "Environment" NOT NULL,
    "companyId" TEXT NOT NULL,
    "reservedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "CnpjReservation_pkey" PRIMARY KEY ("cnpj", "environment")
);
CREATE UNIQUE INDEX "CnpjReservation_companyId_key" ON "CnpjReservation"("companyId");
ALTER TABLE "CnpjReservation" ADD CONSTRAINT "CnpjReservation_companyId_fkey" FOREIGN KEY ("companyId") REFERENCES "Company"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Companies that already proved ownership keep it: per CNPJ and environment, the oldest company
-- whose active certificate has the CNPJ's root (where issue 34's index left duplicates, the others
-- then cannot emit until an operator transfers the reservation: `cnpj conflicts`).
INSERT INTO "CnpjReservation" ("cnpj", "environment", "companyId")
SELECT DISTINCT ON (c."cnpj", c."environment") c."cnpj", c."environment", c."id"
FROM "Company" c
WHERE EXISTS (SELECT 1 FROM "Certificate" k WHERE k."companyId" = c."id" AND k."isActive" AND left(k."holderCnpj", 8) = left(c."cnpj", 8))
ORDER BY c."cnpj", c."environment", c."createdAt", c."id";

-- The installation-wide unique pair (issue 34) is what let a squatter block the owner.
DROP INDEX IF EXISTS "Company_cnpj_environment_key";
CREATE INDEX "Company_cnpj_environment_idx" ON "Company"("cnpj", "environment");
