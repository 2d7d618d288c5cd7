// An SMTP server's last reply as the dashboard shows it: its code once, then its text. Some servers
// (and relays that quote the next hop) repeat the code inside their text, which read "250 250 queued"
// on the document page (issue 54 item 6). Display only: the stored reply stays byte for byte.

export type SmtpReplyText = {
  /** The reply code (RFC 5321 §4.2), null when the text is ours (not configured, refused recipients, a network error). */
  code: number | null;
  /** The rest of the reply, without the repeated code. */
  text: string;
  /** 2: accepted; 4: temporary refusal (retried); 5: permanent refusal. */
  kind: "accepted" | "temporary" | "permanent" | null;
};

export function smtpReplyText(reply: string): SmtpReplyText {
  const trimmed = reply.trim();
  const match = /^([2-5]\d\d)(?:[ -]|$)(.*)$/s.exec(trimmed);
  if (!match) return { code: null, text: trimmed, kind: null };
  const code = Number(match[1]);
  // "250 250 queued", "250-250 queued", "250 250-queued": the code said again at the text's start.
  let text = match[2]!.trim();
  while (text.startsWith(match[1]!) && /^\d{3}(?:[ -]|$)/.test(text)) text = text.slice(3).replace(/^[ -]/, "").trim();
  const kind = code < 300 ? "accepted" : code < 500 ? (code >= 400 ? "temporary" : null) : "permanent";
  return { code, text, kind };
}
