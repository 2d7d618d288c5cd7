-- The accountant's export reads the events registered in its period (issue 39 item 3).
CREATE INDEX "DocumentEvent_companyId_occurredAt_idx" ON "DocumentEvent"("companyId", "occurredAt");
