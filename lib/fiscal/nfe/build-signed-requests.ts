import { validateXml } from "@/lib/fiscal/xml/schema-validation";
import { signXml, type SigningCredentials } from "@/lib/fiscal/xml/xml-signature";
import { buildEventXml, type BuiltEvent, type NfeEventInput } from "./build-event";
import { isReformEvent } from "./build-reform-event";
import { validateReformEvent } from "./reform-event-schema";
import { buildInutilizationXml, type InutilizationInput } from "./build-inutilization";

/** Build, sign (infEvento) and validate an event against its own schema (detEvento included). */
export function buildSignedEvent(input: NfeEventInput, credentials: SigningCredentials): BuiltEvent {
  const built = buildEventXml(input);
  const xml = signXml(built.xml, credentials, { tag: "infEvento" });
  if (isReformEvent(input.tpEvento)) validateReformEvent(xml, input.tpEvento);
  else validateXml(xml, built.schema);
  return { ...built, xml };
}

/** Build, sign (infInut) and validate an inutilization request. */
export function buildSignedInutilization(input: InutilizationInput, credentials: SigningCredentials): { xml: string; id: string } {
  const built = buildInutilizationXml(input);
  const xml = signXml(built.xml, credentials, { tag: "infInut" });
  validateXml(xml, "nfe/inutNFe_v4.00.xsd");
  return { ...built, xml };
}
