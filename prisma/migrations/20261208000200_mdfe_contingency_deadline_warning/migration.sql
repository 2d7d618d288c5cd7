-- An MDF-e issued in contingência off-line (tpEmis 2) is warned about once, at 75 % of its 168 h
-- transmission deadline (transport_manifest.contingency_deadline; docs/api-notes/mdfe.md), as the
-- NF-e/NFC-e's FiscalDocument.contingencyDeadlineWarnedAt.
ALTER TABLE "TransportManifest" ADD COLUMN "contingencyDeadlineWarnedAt" TIMESTAMP(3);
