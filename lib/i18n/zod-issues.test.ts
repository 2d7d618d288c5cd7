import { createTranslator } from "next-intl";
import { describe, expect, it } from "vitest";
import { CreateClientInput } from "@/lib/clients/schemas";
import { AddUserBody } from "@/lib/users/contracts";
import { CreateWebhookEndpointInput } from "@/lib/webhooks/schemas";
import en from "@/messages/en.json";
import ptBR from "@/messages/pt-BR.json";
import { describeIssue, messageSlug, type IssueText } from "./zod-issues";

const known = new Set(Object.keys(ptBR.validation.known));
const hasKnown = (slug: string) => known.has(slug);

function textIn(messages: typeof ptBR, text: IssueText): string {
  const t = createTranslator({ locale: "pt-BR", messages, namespace: "validation" });
  return "known" in text ? t(`known.${text.known}` as "known.must_have_8_digits") : t(text.key, text.values as Record<string, string>);
}

function firstIssue(result: { success: boolean; error?: { issues: readonly unknown[] } }) {
  expect(result.success).toBe(false);
  return result.error!.issues[0] as Parameters<typeof describeIssue>[0];
}

describe("zod issues in the user's language", () => {
  it("translates a missing field and a bad e-mail by code, whatever the schema's own text", () => {
    const missing = describeIssue(firstIssue(AddUserBody.safeParse({ role: "ADMIN" })), hasKnown);
    expect(missing).toEqual({ key: "required" });
    expect(textIn(ptBR, missing)).toBe("Obrigatório.");
    const email = describeIssue(firstIssue(AddUserBody.safeParse({ email: "not-an-address", role: "ADMIN" })), hasKnown);
    expect(textIn(ptBR, email)).toBe("E-mail inválido.");
    expect(textIn(en as unknown as typeof ptBR, email)).toBe("Invalid e-mail address.");
  });

  it("finds a schema's own message (regex, refine) in validation.known", () => {
    const zip = describeIssue(firstIssue(CreateClientInput.partial().safeParse({ zipCode: "123" })), hasKnown);
    expect(zip).toEqual({ known: "must_have_8_digits" });
    expect(textIn(ptBR, zip)).toBe("Deve ter 8 dígitos.");
    const ibge = describeIssue(firstIssue(CreateClientInput.partial().safeParse({ municipalityCode: "35" })), hasKnown);
    expect(textIn(ptBR, ibge)).toBe("Deve ser o código IBGE do município (7 dígitos).");
  });

  it("keeps numbers of the issue and Brazilian decimals", () => {
    const short = describeIssue({ code: "too_small", origin: "string", minimum: 12, inclusive: true, path: ["password"], message: "Too small", input: "x" } as Parameters<typeof describeIssue>[0], hasKnown);
    expect(textIn(ptBR, short)).toBe("Mínimo de 12 caracteres.");
    const rate = describeIssue({ code: "too_big", origin: "number", maximum: 5.5, inclusive: true, path: ["rate"], message: "Too big", input: 9 } as Parameters<typeof describeIssue>[0], hasKnown);
    expect(textIn(ptBR, rate)).toBe("Deve ser no máximo 5,5.");
  });

  it("shows an unknown schema message inside a translated sentence rather than dropping it", () => {
    const url = firstIssue(CreateWebhookEndpointInput.safeParse({ url: "nope" }));
    expect(textIn(ptBR, describeIssue(url, hasKnown))).toBe("Deve ser um endereço completo (https://…).");
    const odd = describeIssue({ code: "custom", path: [], message: "something new", input: 1 } as Parameters<typeof describeIssue>[0], hasKnown);
    expect(textIn(ptBR, odd)).toBe("Valor inválido (something new).");
  });

  it("reads the data out of messages built with it (an IE of the wrong length)", () => {
    const ie = describeIssue({ code: "custom", path: ["stateRegistration"], message: "an IE of SP has 12 digits (got 3)", input: "123" } as Parameters<typeof describeIssue>[0], hasKnown);
    expect(textIn(ptBR, ie)).toBe("A IE de SP tem 12 dígitos (informados: 3).");
    expect(textIn(ptBR, describeIssue({ code: "custom", path: [], message: "an IE of MG has 13 or 14 digits (got 9)", input: "" } as Parameters<typeof describeIssue>[0], hasKnown))).toBe("A IE de MG tem 13/14 dígitos (informados: 9).");
  });

  it("slugs messages into catalogue keys", () => {
    expect(messageSlug("unknown state (UF); use EX for a foreign address")).toBe("unknown_state_uf_use_ex_for_a_foreign_address");
    expect([...known].filter((key) => messageSlug(key) !== key)).toEqual([]);
  });
});
