-- Issue 56: inutilization.registered (lib/events/record-outcome.ts) is opt-in: an endpoint without an
-- events filter keeps receiving the spec's document.inutilized only, so it does not get the same range
-- twice; an endpoint that lists INUTILIZATION_REGISTERED gets it (with its environments and
-- documentTypes filters applied: the event carries NFE or NFCE). Otherwise as 20261207152627.
CREATE OR REPLACE FUNCTION webhook_endpoint_subscribed(events text[], environments "Environment"[], document_types "DocumentType"[],
                                                       event_type text, environment "Environment", document_type "DocumentType") RETURNS boolean
LANGUAGE sql IMMUTABLE AS $$
  SELECT ((coalesce(cardinality(events), 0) = 0 AND event_type <> 'inutilization.registered') OR upper(replace(event_type, '.', '_')) = ANY (events))
     AND (event_type = 'document.inutilized' OR (
           (coalesce(cardinality(environments), 0) = 0 OR environment = ANY (environments))
       AND (coalesce(cardinality(document_types), 0) = 0 OR document_type = ANY (document_types) OR event_type LIKE 'company.%')))
$$;

-- Issue 58 item 4: the DANFE NFC-e summary layout (resumido, without the items) as the company's default.
ALTER TABLE "Company" ADD COLUMN "danfeNfceSummary" BOOLEAN NOT NULL DEFAULT false;
