import pg from "pg";
import { jsonRow } from "@/lib/db/sql-models";
import { inlineClientMatch } from "@/lib/clients/lookup";
import { emissionLoadSql } from "@/lib/emission/queue-emission";
const client = new pg.Client({ connectionString: "postgresql://postgres@127.0.0.1:5432/perf_scratch" });
await client.connect();
const recipientSql = `(SELECT ${jsonRow("Client", "c")} FROM "Client" c WHERE ${inlineClientMatch(2)} ORDER BY c."createdAt" LIMIT 1)`;
const text = `SELECT (SELECT ${jsonRow("Company", "k")} FROM "Company" k WHERE k."id" = $1::text) AS "company", ${recipientSql} AS "recipient", ${emissionLoadSql(5)} AS "load"`;
for (let i = 0; i < 12; i++) {
  const t = performance.now();
  await client.query({ name: "cr", text, values: ["comp1", "comp1", "12345678000199", "Fulano", "comp1", "emit-document", new Date(Date.now() - 60000).toISOString()] });
  if (i < 8 || i === 11) console.log(i, (performance.now() - t).toFixed(2));
}
console.log((await client.query(`SELECT name, generic_plans, custom_plans FROM pg_prepared_statements`)).rows);
await client.end();
