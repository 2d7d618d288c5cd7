-- finNFe 2, 3 and 4 (issue 36, item 5) and the NF-e/NFC-e keys they reference.
ALTER TYPE "DocumentPurpose" ADD VALUE 'COMPLEMENTARY';
ALTER TYPE "DocumentPurpose" ADD VALUE 'ADJUSTMENT';
ALTER TYPE "DocumentPurpose" ADD VALUE 'RETURN';

ALTER TABLE "FiscalDocument" ADD COLUMN "referencedKeys" TEXT[] DEFAULT ARRAY[]::TEXT[];
