import type { DeferStepWrite } from "@/lib/jobs/step-write";
import { delayMs } from "./limits";
// Results of the pipeline's steps, as plain JSON (they are memoized by the
// background driver and replayed after a restart).

export type EmissionRun = { companyId: string; documentId: string; runId: string };

/** The authority (or a check before sending) refused the document: it becomes REJECTED. */
export type EmissionRefusal = {
  kind: "refused";
  code: string;
  reason: string;
  responseXml?: string | null;
  /** A communication failure settled after the authority said it holds no such key: the number is then free for inutilization. */
  absentAtAuthority?: boolean;
};

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

/** Uso denegado (cStat 110, 301, 302, 303): the document becomes DENIED with the protocol (null when the answer had none); its number is spent. */
export type AuthorizationDenied = {
  kind: "denied";
  cStat: string;
  reason: string;
  protocol: string | null;
  deniedAt: string;
  protNFeXml: string | null;
  via: "authorize" | "consult";
};

/**
 * No answer about the document. `notReceived`: the authority said it holds no
 * such key (consultation 217) and refused the batch itself (108, 109), so the
 * send certainly did not authorize it; otherwise the outcome is unknown.
 */
export type CommunicationFailed = { kind: "communication_failure"; reason: string; cStat?: string | null; notReceived?: boolean };

export type SendOutcome = AuthorizationGranted | AuthorizationDenied | EmissionRefusal | CommunicationFailed;

/** The document is no longer this run's to emit (re-emitted by another run, or no longer PROCESSING). */
export type Superseded = { kind: "superseded"; status: string };

/** A 656 (consumo indevido) paused the company's calls to this authorizer: the document stays PROCESSING and the run waits until `until`. */
export type Paused = { kind: "paused"; until: string; reason: string };

/**
 * The sends are exhausted and the authority may hold the document authorized
 * (no answer, or an answer that says nothing about it): it stays PROCESSING
 * with the reason, and the run keeps consulting the access key.
 */
export type Unresolved = { kind: "unresolved"; reason: string };

/**
 * How a step of an emission is called: `finalAttempt`, the run's last send; `deferWrite`, given by
 * the local driver, takes the step's settlement to make it with the step's result (lib/jobs/step-write.ts).
 */
export type StepOptions = { finalAttempt: boolean; deferWrite?: DeferStepWrite; retryDelay?: string };

/**
 * A send without an answer, with sends left: the document stays PROCESSING with the failure as
 * processingReason and `nextAttemptAt`, and the run sends again then. (Runs memoized before
 * issue 50 returned `returned_to_draft`, the same outcome with the document in DRAFT.)
 */
export type AwaitingRetry = { kind: "awaiting_retry"; reason: string; cStat: string | null; nextAttemptAt: string };

/** When a step's failed send is tried again: its `retryDelay` (the run's backoff, limits.ts) from now. */
export function nextAttemptAtOf(options: StepOptions, now = new Date()): Date {
  return new Date(now.getTime() + delayMs(options.retryDelay ?? "30s"));
}
