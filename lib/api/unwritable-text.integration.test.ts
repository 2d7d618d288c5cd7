import { describe, expect, it } from "vitest";
import { POST as createDocumentRoute } from "@/app/v1/fiscal-documents/route";
import { draftBody } from "@/lib/emission/testing/emission-fixtures";
import { createTestCompany, db } from "@/test/factories";
import { call } from "@/test/http";
import { describeUnwritableText } from "./check-input-text";

// Issue 34 problem 12: text no fiscal document can carry (only characters
// outside ISO-8859-1) is refused at creation, naming the field, instead of
// becoming an empty xProd that the authority refuses after a number was taken.
const item = (description: string) => ({ ...(draftBody().items[0] as object), description });

describe("text made only of characters outside ISO-8859-1", () => {
  it("is told apart from text that keeps something writable", () => {
    for (const text of ["😀😀", "咖啡", "\u200b\u200b", " 🎉 \u200d ", "🇧🇷"]) expect(describeUnwritableText(text)).toMatch(/ISO-8859-1/);
    for (const text of ["Café ☕", "Camiseta “básica” – azul", "São Paulo", "   ", "", "plain"]) expect(describeUnwritableText(text)).toBeNull();
  });

  it("is refused at document creation with 400 validation_error naming the field; nothing is created", async () => {
    const company = await createTestCompany();
    const before = await db.fiscalDocument.count({ where: { companyId: company.companyId } });
    const cases: [Record<string, unknown>, string][] = [
      [{ items: [item("😀😀😀")] }, "body.items.0.description: has no character"],
      [{ items: [item("咖啡豆")] }, "body.items.0.description"],
      [{ items: [item("\u200b\u200c\u200d")] }, "body.items.0.description"],
      [{ client: { ...draftBody().client, name: "株式会社" } }, "body.client.name"],
    ];
    for (const [overrides, message] of cases) {
      const res = await call(createDocumentRoute, { method: "POST", path: "/v1/fiscal-documents", key: company.key, body: draftBody(overrides) });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ statusCode: 400, code: "validation_error" });
      expect(res.body.message).toContain(message);
    }
    expect(await db.fiscalDocument.count({ where: { companyId: company.companyId } })).toBe(before);
    // Text with writable characters among them is accepted.
    const mixed = await call(createDocumentRoute, { method: "POST", path: "/v1/fiscal-documents", key: company.key, body: draftBody({ items: [item("Café ☕ torrado")] }) });
    expect(mixed.status).toBe(201);
  });
});
