// SQL statements per document, read from the PostgreSQL server's own log:
// BENCH_STATEMENT_LOG names that log file (e.g. /var/log/postgresql/postgresql-15-main.log,
// readable by the bench, with a log_line_prefix holding %d). The throwaway database
// logs every statement (log_min_duration_statement = 0 on it alone), and the lines of
// this database written during the measured window are counted by statement text.
import { closeSync, openSync, readSync, statSync } from "node:fs";
import pg from "pg";

export type StatementLog = { stop: () => { total: number; byStatement: Array<[string, number]> } };

/** Makes every new session of the database log its statements (sessions opened before keep their setting). */
export async function logEveryStatement(databaseUrl: string): Promise<void> {
  const name = decodeURIComponent(new URL(databaseUrl).pathname.slice(1));
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(`ALTER DATABASE "${name.replace(/"/g, '""')}" SET log_min_duration_statement = 0`);
  } finally {
    await client.end();
  }
}

export function startStatementLog(logFile: string, databaseUrl: string): StatementLog {
  const database = decodeURIComponent(new URL(databaseUrl).pathname.slice(1));
  const start = statSync(logFile).size;
  return {
    stop: () => {
      const end = statSync(logFile).size;
      const buffer = Buffer.alloc(end - start);
      const fd = openSync(logFile, "r");
      try {
        readSync(fd, buffer, 0, buffer.length, start);
      } finally {
        closeSync(fd);
      }
      // Simple protocol: "duration: … ms  statement: …"; extended: "… execute <name>: …" (parse and bind lines are steps of the same statement).
      const pattern = new RegExp(`@${database.replace(/[^\w]/g, "\\$&")} LOG:  duration: [\\d.]+ ms  (?:statement|execute [^:]*): (.*)`);
      const byStatement = new Map<string, number>();
      let total = 0;
      const lines = buffer.toString("utf8").split("\n");
      for (const [index, line] of lines.entries()) {
        const first = pattern.exec(line)?.[1];
        if (first === undefined) continue;
        total++;
        // A statement that starts with a newline continues on the following tab-indented lines.
        let text = first;
        for (let next = index + 1; !text.trim() && lines[next]?.startsWith("\t"); next++) text = lines[next]!;
        const key = text.replace(/\s+/g, " ").trim().slice(0, 90);
        byStatement.set(key, (byStatement.get(key) ?? 0) + 1);
      }
      return { total, byStatement: [...byStatement].sort((a, b) => b[1] - a[1]) };
    },
  };
}
