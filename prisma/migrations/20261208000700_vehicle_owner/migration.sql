-- The owner (proprietário) of a registered vehicle that is not the issuer's: the MDF-e's
-- veicTracao/prop (mdfeModalRodoviario_v3.00.xsd), so a manifest naming the vehicle by id carries it
-- and a TAC agregado's vehicle can take the payment event 110116 (MOC MDF-e 3.00 6.5.1 K06). Set and
-- cleared as one group by lib/carriers/vehicle-owner.ts (no CHECK: the drift test's introspection cannot read one).
ALTER TABLE "Vehicle" ADD COLUMN "ownerDocumentType" TEXT;
ALTER TABLE "Vehicle" ADD COLUMN "ownerDocument" TEXT;
ALTER TABLE "Vehicle" ADD COLUMN "ownerRntrc" TEXT;
ALTER TABLE "Vehicle" ADD COLUMN "ownerName" TEXT;
ALTER TABLE "Vehicle" ADD COLUMN "ownerStateRegistration" TEXT;
ALTER TABLE "Vehicle" ADD COLUMN "ownerState" TEXT;
ALTER TABLE "Vehicle" ADD COLUMN "ownerType" TEXT;
