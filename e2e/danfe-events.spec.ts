import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { db } from "@/lib/db/client";
import { createAccountWithDraft, signIn } from "./signin-helpers";

test.afterAll(() => db.$disconnect());

const PNG = Buffer.from("89504e470d0a1a0a0000000d4948445200000001000000010806000000", "hex");

// The production server runs the local worker and the built-in simulator; the
// spec prepares a company, a user and a draft through lib/ and does the rest
// in the dashboard as an accountant would.
test("emit, download the DANFE, issue a CC-e, register and cancel a delivery receipt, cancel, and declare unused numbers", async ({ page }) => {
  test.setTimeout(120_000);
  const { account, companyId, draftId } = await createAccountWithDraft();
  await signIn(page, account);
  await page.goto(`/dashboard/c/${companyId}/documents/${draftId}`);
  await page.getByRole("button", { name: "Emitir", exact: true }).click();
  await expect(page.getByTestId("document-status")).toHaveText("Autorizada", { timeout: 45_000 });
  const authorized = await db.fiscalDocument.findUniqueOrThrow({ where: { id: draftId } });

  // Timeline: the authorization event and the background run, named by what it does; its id only in its attributes (issue 54 item 6).
  const timeline = page.getByRole("list", { name: "Histórico" });
  await expect(timeline.getByTestId("timeline-event").filter({ hasText: "Autorização" })).toContainText(authorized.protocolNumber!);
  const run = timeline.locator(`[data-testid="timeline-run"][data-run-id="${authorized.runId!}"]`);
  await expect(run).toContainText("Emissão");
  await expect(run).not.toContainText(authorized.runId!);

  // DANFE download, read back with pdftotext.
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Baixar DANFE (PDF)" }).click()]);
  expect(download.suggestedFilename()).toBe(`${authorized.accessKey}-danfe.pdf`);
  const text = execFileSync("pdftotext", [(await download.path())!, "-"], { encoding: "utf8" });
  expect(text).toContain(authorized.accessKey!.replace(/(.{4})(?=.)/g, "$1 "));
  expect(text).toContain("Café torrado 500 g");
  expect(text).toMatch(/^SEM VALOR FISCAL$/m);
  const [xml] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Baixar XML" }).click()]);
  expect(readFileSync((await xml.path())!, "utf8")).toContain("<nfeProc");

  // Correction letter, validated in the form before it is sent.
  await page.getByRole("button", { name: "Carta de correção" }).click();
  const cce = page.getByRole("dialog", { name: "Carta de correção" });
  await cce.getByRole("textbox").fill("curto");
  await cce.getByRole("button", { name: "Emitir carta de correção" }).click();
  await expect(cce.getByRole("alert")).toBeVisible();
  await cce.getByRole("textbox").fill("Onde se le volume 1, leia-se volumes 2");
  await cce.getByRole("button", { name: "Emitir carta de correção" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Carta de correção 1 registrada" })).toBeVisible({ timeout: 20_000 });
  await expect(timeline.getByTestId("timeline-event").filter({ hasText: "Carta de correção" })).toContainText("110110");

  // Delivery receipt with a picked proof file, then its cancellation.
  await page.getByRole("button", { name: "Registrar comprovante de entrega" }).click();
  const receipt = page.getByRole("dialog", { name: "Registrar comprovante de entrega" });
  // A minute from now (inputs hold minutes; the delivery cannot precede the issue), typed as dd/mm/aaaa hh:mm
  // in the company's time zone (SP), whatever the browser's.
  const inSaoPaulo = new Intl.DateTimeFormat("pt-BR", { timeZone: "America/Sao_Paulo", day: "2-digit", month: "2-digit", year: "numeric", hour: "2-digit", minute: "2-digit", hourCycle: "h23" });
  const deliveredAt = receipt.getByLabel("Entregue em");
  await deliveredAt.fill("31/02/2026 10:00");
  await deliveredAt.blur();
  await expect(receipt.getByRole("alert")).toHaveText("31/02/2026 10:00 não é uma data válida.");
  await deliveredAt.fill(inSaoPaulo.format(Date.now() + 60_000).replace(",", ""));
  await expect(receipt.getByRole("alert")).toHaveCount(0);
  await receipt.getByLabel("Nome de quem recebeu").fill("Maria da Silva");
  await receipt.getByLabel("CPF/CNPJ de quem recebeu").fill("11.222.333/0001-81");
  await receipt.locator('input[type="file"]').setInputFiles({ name: "proof.png", mimeType: "image/png", buffer: PNG });
  await receipt.getByRole("button", { name: "Registrar comprovante" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Comprovante de entrega registrado" })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole("button", { name: "Cancelar documento" })).toHaveCount(0);
  page.once("dialog", (dialog) => void dialog.accept());
  await page.getByRole("button", { name: "Cancelar comprovante de entrega" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Comprovante de entrega cancelado" })).toBeVisible({ timeout: 20_000 });

  // Cancellation with its justification.
  await page.getByRole("button", { name: "Cancelar documento" }).click();
  const cancel = page.getByRole("dialog", { name: "Cancelar documento" });
  await cancel.getByRole("textbox").fill("Pedido cancelado pelo cliente");
  await cancel.getByRole("button", { name: "Cancelar documento" }).click();
  await expect(page.getByTestId("document-status")).toHaveText("Cancelada", { timeout: 20_000 });
  await expect(timeline.locator('[data-kind="CANCELLATION"]')).toContainText("110111");

  // Inutilization of a range of the series.
  await page.goto(`/dashboard/c/${companyId}/inutilizations`);
  const form = page.getByRole("form", { name: "Inutilizar números" });
  await form.getByLabel("Série", { exact: true }).fill(String(authorized.series));
  await form.getByLabel("Número inicial").fill("50");
  await form.getByLabel("Número final").fill("52");
  await form.getByLabel("Justificativa (mínimo de 15 caracteres)").fill("Numeracao pulada por falha no ERP");
  // 50–52 are beyond the series' next number: voided only when the series skips past them.
  await form.getByLabel("Avançar a série além desta faixa (números que a série ainda não emitiu)").check();
  await form.getByRole("button", { name: "Inutilizar" }).click();
  await expect(form.getByRole("status")).toContainText("Faixa inutilizada, protocolo", { timeout: 20_000 });
  await expect(page.getByRole("table", { name: "Inutilizações registradas" })).toContainText("50–52");
  await expect(page.getByRole("table", { name: "Inutilizações registradas" })).toContainText("Homologada");
  const stored = await db.inutilization.findFirstOrThrow({ where: { companyId: companyId } });
  expect(stored).toMatchObject({ status: "AUTHORIZED", startNumber: 50, endNumber: 52 });
});
