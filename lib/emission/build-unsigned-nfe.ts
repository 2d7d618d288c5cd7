import { NonRetriableError } from "inngest";
import type { EmissionRefusal, EmissionRun, Superseded } from "./outcomes";

export type UnsignedNfe = { kind: "built"; xml: string };

/**
 * The stored document mapped to the XML engine's input and built as an
 * unsigned NFe. Wired to lib/fiscal/nfe's builder once it lands.
 */
export async function buildUnsignedNfeXml(run: EmissionRun): Promise<UnsignedNfe | EmissionRefusal | Superseded> {
  throw new NonRetriableError(`The NF-e XML builder (lib/fiscal/nfe) is not available yet; document ${run.documentId} cannot be built`);
}
