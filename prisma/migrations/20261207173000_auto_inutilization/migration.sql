-- Issue 56 item 5: confirmed gaps inutilized automatically, per series (off by default),
-- and which inutilizations the job requested (docs/api-notes/inutilizations.md).
ALTER TABLE "NumberingSeries" ADD COLUMN "autoInutilize" BOOLEAN NOT NULL DEFAULT false;
ALTER TABLE "Inutilization" ADD COLUMN "origin" TEXT NOT NULL DEFAULT 'MANUAL';
