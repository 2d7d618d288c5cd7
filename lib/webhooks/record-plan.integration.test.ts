import { describe, expect, it } from "vitest";
import { getPool } from "@/lib/db/client";
import { RECORD_ATTEMPTS_SQL } from "./record-attempts";

// A delivery run records its attempts with one prepared statement, whose plan PostgreSQL keeps per
// connection. Planned while WebhookDelivery is young (a fresh install, a benchmark), a plan that
// looks the rows up by lease token scans the table, and keeps scanning it as the table grows. The
// statement must reach the rows through an index whatever the statistics say.

describe("recording attempts", () => {
  it("never scans WebhookDelivery, even with a generic plan made on a young table", async () => {
    const client = await getPool().connect();
    try {
      await client.query("SET plan_cache_mode = force_generic_plan");
      await client.query(`PREPARE record_attempts_plan (jsonb, text, text[], text) AS ${RECORD_ATTEMPTS_SQL}`);
      const plan = await client.query<{ "QUERY PLAN": string }>(`EXPLAIN EXECUTE record_attempts_plan ('[]', 'token', '{}', 'endpoint')`);
      const text = plan.rows.map((row) => row["QUERY PLAN"]).join("\n");
      expect(text).toMatch(/Index (Only )?Scan using "WebhookDelivery_/);
      expect(text).not.toMatch(/Seq Scan on "WebhookDelivery"/);
      // And it commits without waiting for the WAL flush: a record a database crash loses is sent again.
      await client.query("BEGIN");
      await client.query(`EXECUTE record_attempts_plan ('[]', 'token', '{}', 'endpoint')`);
      const mode = await client.query<{ mode: string }>(`SELECT current_setting('synchronous_commit') AS "mode"`);
      await client.query("COMMIT");
      expect(mode.rows[0]?.mode).toBe("off");
    } finally {
      // Only its own statement: the pooled connection keeps the app's named statements, which pg believes prepared.
      await client.query("DEALLOCATE record_attempts_plan").catch(() => undefined);
      await client.query("RESET plan_cache_mode").catch(() => undefined);
      client.release();
    }
  });
});
