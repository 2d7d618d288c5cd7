import { randomUUID } from "node:crypto";
import { db } from "@/test/factories";

/**
 * Makes the next insert into `table` whose `column` equals `value` fail, once, inside
 * PostgreSQL (a real failure of the writing transaction, not a stub). The sequence's
 * nextval survives the rollback, so only the first such insert fails. Returns the
 * removal of the trigger, for tests that clean up after themselves.
 */
export async function failNextInsert(table: string, column: string, value: string, message: string): Promise<() => Promise<void>> {
  const name = `fail_${randomUUID().replace(/-/g, "")}`;
  await db.$executeRawUnsafe(`CREATE SEQUENCE ${name}`);
  await db.$executeRawUnsafe(`
    CREATE FUNCTION ${name}() RETURNS trigger AS $$
    BEGIN
      IF NEW."${column}" = '${value}' AND nextval('${name}') = 1 THEN
        RAISE EXCEPTION '${message}';
      END IF;
      RETURN NEW;
    END $$ LANGUAGE plpgsql`);
  await db.$executeRawUnsafe(`CREATE TRIGGER ${name} BEFORE INSERT ON "${table}" FOR EACH ROW EXECUTE FUNCTION ${name}()`);
  return async () => {
    await db.$executeRawUnsafe(`DROP TRIGGER ${name} ON "${table}"`);
    await db.$executeRawUnsafe(`DROP FUNCTION ${name}()`);
    await db.$executeRawUnsafe(`DROP SEQUENCE ${name}`);
  };
}

/** The authority has registered the event, then our write of its DocumentEvent row fails. */
export async function failNextEventRecord(documentId: string): Promise<void> {
  await failNextInsert("DocumentEvent", "documentId", documentId, "injected failure after the authority registered the event");
}
