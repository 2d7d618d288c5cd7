import { randomUUID } from "node:crypto";
import { db } from "@/test/factories";

/**
 * Makes the next insert of a DocumentEvent row for this document fail, once,
 * inside PostgreSQL: the authority has registered the event, then our write
 * fails (a real failure of the recording transaction, not a stub). The
 * sequence's nextval survives the rollback, so only the first insert fails.
 */
export async function failNextEventRecord(documentId: string): Promise<void> {
  const name = `fail_${randomUUID().replace(/-/g, "")}`;
  await db.$executeRawUnsafe(`CREATE SEQUENCE ${name}`);
  await db.$executeRawUnsafe(`
    CREATE FUNCTION ${name}() RETURNS trigger AS $$
    BEGIN
      IF NEW."documentId" = '${documentId}' AND nextval('${name}') = 1 THEN
        RAISE EXCEPTION 'injected failure after the authority registered the event';
      END IF;
      RETURN NEW;
    END $$ LANGUAGE plpgsql`);
  await db.$executeRawUnsafe(`CREATE TRIGGER ${name} BEFORE INSERT ON "DocumentEvent" FOR EACH ROW EXECUTE FUNCTION ${name}()`);
}
