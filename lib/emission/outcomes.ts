// Results of the pipeline's steps, as plain JSON (they are memoized by the
// background driver and replayed after a restart).

export type EmissionRun = { companyId: string; documentId: string; runId: string };

/** The authority (or a check before sending) refused the document: it becomes REJECTED. */
export type EmissionRefusal = { kind: "refused"; code: string; reason: string; responseXml?: string | null };

export type AuthorizationGranted = {
  kind: "authorized";
  cStat: string;
  reason: string;
  protocol: string;
  authorizedAt: string;
  protNFeXml: string;
  /** How the protocol was obtained: the send's own answer, or a consultation after a lost answer / duplicate 204. */
  via: "authorize" | "consult";
};

/** Uso denegado (cStat 110, 301, 302, 303): the document becomes DENIED with the protocol; its number is spent. */
export type AuthorizationDenied = {
  kind: "denied";
  cStat: string;
  reason: string;
  protocol: string;
  deniedAt: string;
  protNFeXml: string;
  via: "authorize" | "consult";
};

export type CommunicationFailed = { kind: "communication_failure"; reason: string; cStat?: string | null };

export type SendOutcome = AuthorizationGranted | AuthorizationDenied | EmissionRefusal | CommunicationFailed;

/** The document is no longer this run's to emit (re-emitted by another run, or no longer PROCESSING). */
export type Superseded = { kind: "superseded"; status: string };
