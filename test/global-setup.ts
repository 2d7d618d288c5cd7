import { createThrowawayDatabase } from "@/lib/db/throwaway-database";

// A fresh database per test run, migrated with the real migrations, dropped at the end.
export default async function setup(): Promise<() => Promise<void>> {
  const database = await createThrowawayDatabase("fiscal_test");
  process.env.DATABASE_URL = database.url;
  process.env.TEST_DATABASE_NAME = database.name;
  return async () => {
    if (process.env.KEEP_TEST_DATABASE !== "1") await database.drop();
  };
}
