-- A busy endpoint's delivery runs start at most every 3 seconds instead of every second
-- (hand-written; docs/api-notes/webhooks.md, Run cadence). A run costs its claims and four
-- statements whatever it carries, about 5 ms of CPU on a loaded 2-core machine; at one a second,
-- bench:emit with 3 endpoints per company spent a fifth of its webhook cost on runs. A quiet
-- endpoint's outcome is still due a gathering window (250 ms) after it: the cadence only delays
-- outcomes that find the endpoint's last run started less than 3 s ago.
CREATE OR REPLACE FUNCTION webhook_run_cadence() RETURNS interval
LANGUAGE sql IMMUTABLE AS $$ SELECT interval '3 seconds' $$;
