-- webhook_envelope() is STABLE, as to_char() in it is (hand-written; docs/api-notes/webhooks.md,
-- How an outcome becomes deliveries). Declared IMMUTABLE over a STABLE body, PostgreSQL would not
-- inline it: every outcome's trigger planned and ran its SELECT on its own (1,208 plans for 1,208
-- outcomes in bench:emit). STABLE, it is inlined into the trigger's INSERT, whose plan is kept.
CREATE OR REPLACE FUNCTION webhook_envelope(event_id text, event_type text, created_at timestamp, data jsonb) RETURNS text
LANGUAGE sql STABLE AS $$
  SELECT jsonb_build_object('id', 'evt_' || event_id, 'type', event_type,
    'createdAt', to_char(created_at, 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), 'data', data)::text
$$;
