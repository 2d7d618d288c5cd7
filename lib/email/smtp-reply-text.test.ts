import { describe, expect, it } from "vitest";
import { smtpReplyText } from "./smtp-reply-text";

describe("an SMTP reply as shown", () => {
  it("says the code once (\"250 250 queued\" was shown as received)", () => {
    expect(smtpReplyText("250 250 queued")).toEqual({ code: 250, text: "queued", kind: "accepted" });
    expect(smtpReplyText("250-250 queued")).toEqual({ code: 250, text: "queued", kind: "accepted" });
    expect(smtpReplyText("250 2.0.0 Ok: queued as 4F1A2B3C")).toEqual({ code: 250, text: "2.0.0 Ok: queued as 4F1A2B3C", kind: "accepted" });
    expect(smtpReplyText("250 OK: message queued")).toEqual({ code: 250, text: "OK: message queued", kind: "accepted" });
    expect(smtpReplyText("250")).toEqual({ code: 250, text: "", kind: "accepted" });
  });

  it("tells a temporary refusal from a permanent one", () => {
    expect(smtpReplyText("451 4.7.1 Try again later (greylisted)")).toMatchObject({ code: 451, kind: "temporary" });
    expect(smtpReplyText("550 5.7.1 Message rejected by policy")).toMatchObject({ code: 550, kind: "permanent" });
  });

  it("keeps our own texts whole, without a code", () => {
    const ours = "Nenhum servidor SMTP configurado (SMTP_URL da instalação ou o SMTP da empresa): a mensagem foi montada e não enviada";
    expect(smtpReplyText(ours)).toEqual({ code: null, text: ours, kind: null });
    expect(smtpReplyText("2500 items")).toEqual({ code: null, text: "2500 items", kind: null });
  });
});
