import { authorityHttpRequest } from "./authority-http";
import { readSoapFault } from "./soap-response";
import type { ClientCertificate, CommunicationFailure } from "./types";

// One SOAP call to a city's NFS-e service (ABRASF 2.04 and São Paulo's LoteNFe share it):
// post the envelope, and read the answer's embedded XML. A transport failure, an HTTP
// status ≥ 300, a SOAP fault or an envelope without the answer element is a
// communication failure: the outcome is unknown, the callers consult before resending.

export type MunicipalSoapCall = {
  url: string;
  /** Named in the failure's reason (the provider row's name). */
  serviceName: string;
  contentType: string;
  soapAction: string;
  envelope: string;
  certificate: ClientCertificate;
  timeoutMs: number;
  serverCa?: string;
  /** The answer's XML out of the envelope, null when the element is missing. */
  readAnswer: (envelope: string) => string | null;
  /** The reason given when readAnswer finds nothing. */
  missingAnswer: string;
};

export async function callMunicipalSoap(call: MunicipalSoapCall): Promise<string | CommunicationFailure> {
  const response = await authorityHttpRequest({
    url: call.url,
    method: "POST",
    headers: { "Content-Type": call.contentType, SOAPAction: call.soapAction },
    body: Buffer.from(call.envelope, "utf8"),
    certificate: call.certificate,
    timeoutMs: call.timeoutMs,
    trustedCaPem: call.serverCa,
  });
  if (!response.ok) return { kind: "communication_failure", reason: response.reason };
  const fault = readSoapFault(response.text);
  if (response.status >= 300 || fault) return { kind: "communication_failure", reason: `HTTP ${response.status} from ${call.serviceName}${fault ? `, SOAP fault: ${fault}` : ""}` };
  return call.readAnswer(response.text) ?? { kind: "communication_failure", reason: call.missingAnswer };
}
