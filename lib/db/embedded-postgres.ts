import { mkdir } from "node:fs/promises";
import { PGlite } from "@electric-sql/pglite";
import { PGLiteSocketServer } from "@electric-sql/pglite-socket";

// With no DATABASE_URL, the start command runs PostgreSQL in-process (PGlite,
// WebAssembly) and serves it on a loopback port, so the app and its tools
// connect with the ordinary pg driver: one code path for both databases.
// PGlite is a single session, so the app's pool uses one connection.
export type EmbeddedPostgres = { url: string; stop: () => Promise<void> };

export async function startEmbeddedPostgres(dataDir: string, port = 54329): Promise<EmbeddedPostgres> {
  await mkdir(dataDir, { recursive: true });
  const database = await PGlite.create(dataDir);
  const server = new PGLiteSocketServer({ db: database, port, host: "127.0.0.1", maxConnections: 8 });
  await server.start();
  return {
    url: `postgresql://postgres:postgres@127.0.0.1:${port}/postgres?sslmode=disable`,
    stop: async () => {
      await server.stop();
      await database.close();
    },
  };
}
