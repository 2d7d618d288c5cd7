-- Issue 55: an MDF-e issued in offline contingency (tpEmis 2), signed and printed, transmitted later
-- (docs/api-notes/mdfe.md, "Contingency").
ALTER TYPE "TransportManifestStatus" ADD VALUE 'CONTINGENCY';

-- Issue 55 item 3: what an MDF-e's veicTracao needs, kept with the vehicle (mdfeModalRodoviario_v3.00.xsd).
ALTER TABLE "Vehicle" ADD COLUMN "renavam" TEXT;
ALTER TABLE "Vehicle" ADD COLUMN "tareKg" INTEGER;
ALTER TABLE "Vehicle" ADD COLUMN "capacityKg" INTEGER;
ALTER TABLE "Vehicle" ADD COLUMN "capacityM3" INTEGER;
ALTER TABLE "Vehicle" ADD COLUMN "bodyType" TEXT;
ALTER TABLE "Vehicle" ADD COLUMN "wheelType" TEXT;
