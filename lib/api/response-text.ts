// The body text a JSON Response was built from, kept on the Response itself, so the
// /v1 route table (./route-table-dispatch.ts) writes it to the socket as is instead
// of reading it back through the Response's web stream. A Symbol.for key: the same
// in every module copy of the server. Absent on a Response built any other way, and
// ignored once the body was read.
export const RESPONSE_TEXT = Symbol.for("fiscal.responseText");

type WithText = Response & { [RESPONSE_TEXT]?: string };

/** A Response of `text`, remembering the text (see above). */
export function textResponse(text: string, init: ResponseInit): Response {
  const response: WithText = new Response(text, init);
  response[RESPONSE_TEXT] = text;
  return response;
}

/** The text a Response was built from by textResponse, while its body is unread. */
export function unreadResponseText(response: Response): string | undefined {
  const text = (response as WithText)[RESPONSE_TEXT];
  return text !== undefined && !response.bodyUsed ? text : undefined;
}
