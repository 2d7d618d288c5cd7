// The body text a JSON Response was built from, kept on the Response itself, so the
// /v1 route table (./route-table-dispatch.ts) writes it to the socket as is instead
// of reading it back through the Response's web stream. A Symbol.for key: the same
// in every module copy of the server. Absent on a Response built any other way, and
// ignored once the body was read.
export const RESPONSE_TEXT = Symbol.for("fiscal.responseText");

type WithText = Response & { [RESPONSE_TEXT]?: string };

/**
 * A Response whose body stream is made only when something asks for the body (Next's
 * sendResponse, a test's json()): undici's Response makes a ReadableStream and encodes the
 * text for every body at once, which the route table, writing the text itself, never reads
 * (bench:api: about 5 % of the server's CPU per GET). Until then it is a Response without
 * a body; every way of reading one goes to a real Response of the same text, made once.
 */
class TextResponse extends Response {
  private readonly text_: string;
  private withBody: Response | undefined;

  constructor(text: string, init: ResponseInit) {
    super(null, init);
    this.text_ = text;
  }

  private real(): Response {
    return (this.withBody ??= new Response(this.text_, { status: this.status, statusText: this.statusText, headers: this.headers }));
  }

  override get body(): ReadableStream<Uint8Array<ArrayBuffer>> | null {
    return this.real().body;
  }
  override get bodyUsed(): boolean {
    return this.withBody?.bodyUsed ?? false;
  }
  override arrayBuffer(): Promise<ArrayBuffer> {
    return this.real().arrayBuffer();
  }
  override blob(): Promise<Blob> {
    return this.real().blob();
  }
  override bytes(): Promise<Uint8Array<ArrayBuffer>> {
    return this.real().bytes();
  }
  override formData(): Promise<FormData> {
    return this.real().formData();
  }
  override json(): Promise<unknown> {
    return this.real().json();
  }
  override text(): Promise<string> {
    return this.real().text();
  }
  override clone(): Response {
    return this.real().clone();
  }
}

/** A Response of `text`, remembering the text (see above). */
export function textResponse(text: string, init: ResponseInit): Response {
  const response: WithText = new TextResponse(text, init);
  response[RESPONSE_TEXT] = text;
  return response;
}

/** The text a Response was built from by textResponse, while its body is unread. */
export function unreadResponseText(response: Response): string | undefined {
  const text = (response as WithText)[RESPONSE_TEXT];
  return text !== undefined && !response.bodyUsed ? text : undefined;
}
