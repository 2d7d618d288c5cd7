-- AlterTable
ALTER TABLE "SimulatorEvent" ADD COLUMN     "xml" TEXT;
