// The registered event Sefin returns (XSD evento_v1.01: infEvento Id = "EVT" +
// the request's 56 digits + nSeqEvento(3), then verAplic, ambGer, nSeqEvento,
// dhProc, nDFSe and the signed pedRegEvento). Read with targeted patterns: it
// comes from Sefin (or its simulator), which validated it.

export type CancellationEventSummary = {
  /** EVT + 59 digits: the event's registration number at Sefin. */
  id: string | null;
  processedAt: string | null;
  /** The signed pedRegEvento that was registered (an earlier attempt's, when recovered). */
  requestXml: string | null;
  reasonCode: string | null;
  justification: string | null;
};

const ENTITIES: Record<string, string> = { "&amp;": "&", "&lt;": "<", "&gt;": ">", "&quot;": '"', "&apos;": "'" };

function text(xml: string, tag: string): string | null {
  const raw = new RegExp(`<${tag}>([^<]*)</${tag}>`).exec(xml)?.[1];
  return raw === undefined ? null : raw.replace(/&(?:amp|lt|gt|quot|apos);/g, (entity) => ENTITIES[entity] as string);
}

export function readCancellationEvent(eventXml: string): CancellationEventSummary {
  const request = /<pedRegEvento\b[\s\S]*<\/pedRegEvento>/.exec(eventXml)?.[0] ?? null;
  const own = request ? eventXml.slice(0, eventXml.indexOf(request)) : eventXml;
  const e101101 = /<e101101>([\s\S]*?)<\/e101101>/.exec(request ?? "")?.[1] ?? "";
  return {
    id: /<infEvento\b[^>]*\bId="(EVT\d{8}[0-9A-Z]{15}\d{36})"/.exec(eventXml)?.[1] ?? null,
    processedAt: text(own, "dhProc"),
    requestXml: request,
    reasonCode: text(e101101, "cMotivo"),
    justification: text(e101101, "xMotivo"),
  };
}
