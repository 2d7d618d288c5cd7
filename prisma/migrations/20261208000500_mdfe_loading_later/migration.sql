-- MDF-e "carregamento posterior" (ide/indCarregaPosterior=1, MOC MDF-e 3.00a): a manifest issued
-- without documents that receives them by inclusão de DF-e (110115), the only manifest the SVRS
-- lets take that event (708). The simulator keeps what its rules 708/710/712/715 and 723 read.
ALTER TABLE "TransportManifest" ADD COLUMN "loadingLater" BOOLEAN NOT NULL DEFAULT false;
ALTER TABLE "MdfeSimulatorManifest" ADD COLUMN "loadingLater" BOOLEAN NOT NULL DEFAULT false;
ALTER TABLE "MdfeSimulatorManifest" ADD COLUMN "loadingMunicipalityCode" TEXT NOT NULL DEFAULT '';
ALTER TABLE "MdfeSimulatorManifest" ADD COLUMN "tractionOwnerType" TEXT;
