import { expect, test } from "@playwright/test";
import { randomCnpj } from "@/lib/br";
import { formatCnpj } from "@/components/dashboard/format";
import { closeDb, createAccount, signIn } from "./signin-helpers";

// The suite's English flow: the dashboard follows the browser's language.
test.use({ locale: "en-US" });
test.afterAll(closeDb);

// The other register pages of the resources area: create through each form
// and see the API's rules (inference, suggestions, fleet default, sources).
test("clients, products, carriers with fleet and templates from the dashboard", async ({ page }) => {
  const account = await createAccount("ADMIN");
  await signIn(page, account);
  const go = (path: string) => page.goto(`/dashboard/c/${account.companyId}/${path}`);

  await go("clients");
  await expect(page.getByText("Nothing registered yet. Use the button above to add one.")).toBeVisible();
  await page.getByRole("button", { name: "New client" }).click();
  let form = page.getByRole("form", { name: "New client" });
  await form.getByLabel("Name / legal name", { exact: true }).fill("Padaria Central");
  await form.getByLabel("CPF/CNPJ", { exact: true }).fill("11.222.333/0001-82");
  await form.getByRole("button", { name: "Save", exact: true }).click();
  // The API's message through the catalogue (validation.known), in the page's language.
  await expect(form.locator("#new-client-document-error")).toHaveText("Invalid CNPJ (check digits do not match).");
  const cnpj = randomCnpj();
  await form.getByLabel("CPF/CNPJ", { exact: true }).fill(cnpj);
  await form.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByTestId("client-row").filter({ hasText: "Padaria Central" })).toContainText(`CNPJ ${formatCnpj(cnpj)}`);

  await go("products");
  await page.getByRole("button", { name: "New product" }).click();
  form = page.getByRole("form", { name: "New product" });
  await form.getByLabel("Name", { exact: true }).fill("Refrigerante");
  await form.getByLabel("Code (SKU)", { exact: true }).fill("REF-1");
  await form.getByLabel("Sale price (R$)", { exact: true }).fill("7,50");
  await form.getByLabel("Internal CFOP (5xxx)", { exact: true }).fill("6102");
  await page.keyboard.press("Tab");
  await form.getByRole("button", { name: "Save", exact: true }).click();
  await expect(form.getByRole("alert").first()).toContainText("not an internal (5xxx) CFOP");
  await form.getByLabel("Internal CFOP (5xxx)", { exact: true }).fill("5102");
  await page.keyboard.press("Tab");
  await form.getByLabel("ICMS CST / CSOSN", { exact: true }).fill("102");
  await page.keyboard.press("Tab");
  await form.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByTestId("product-row").filter({ hasText: "REF-1" })).toContainText("5102 / 6102 / 6108");

  await go("carriers");
  await page.getByRole("button", { name: "New carrier" }).click();
  form = page.getByRole("form", { name: "New carrier" });
  await form.getByLabel("Name", { exact: true }).fill("Transportes Rápidos");
  await form.getByLabel("CNPJ or CPF", { exact: true }).fill(randomCnpj());
  await form.getByRole("button", { name: "Save", exact: true }).click();
  const carrierRow = page.getByTestId("carrier-row").filter({ hasText: "Transportes Rápidos" });
  await carrierRow.getByRole("button", { name: "Fleet" }).click();
  const fleet = page.getByRole("region", { name: "Fleet of Transportes Rápidos" });
  const addVehicle = fleet.getByRole("form", { name: "Add vehicle" });
  await addVehicle.getByLabel("Plate", { exact: true }).fill("abc-1d23");
  await addVehicle.getByLabel("State (UF)", { exact: true }).fill("SP");
  await addVehicle.getByRole("button", { name: "Add vehicle" }).click();
  await expect(fleet.getByTestId("vehicle-row")).toContainText("ABC1D23");
  await expect(fleet.getByTestId("vehicle-row")).toContainText("default");
  await addVehicle.getByLabel("Plate", { exact: true }).fill("12345");
  await addVehicle.getByLabel("State (UF)", { exact: true }).fill("SP");
  await addVehicle.getByRole("button", { name: "Add vehicle" }).click();
  await expect(addVehicle.getByRole("alert")).toContainText("not a Brazilian plate");

  await go("templates");
  const systemRow = page.getByTestId("template-row").filter({ hasText: "Venda de mercadoria" }).first();
  await expect(systemRow).toContainText("System");
  await expect(systemRow).toContainText("read-only");
  await page.getByRole("button", { name: "New tenant template" }).click();
  form = page.getByRole("form", { name: "New tenant template" });
  await form.getByLabel("Name", { exact: true }).fill("Venda do escritório");
  await form.getByLabel("CFOP (NF-e)", { exact: true }).fill("5102");
  // Tab commits the CFOP; the next field (origin picker) opens its list on focus, and Escape closes it.
  await page.keyboard.press("Tab");
  await page.keyboard.press("Escape");
  await form.getByRole("button", { name: "Save", exact: true }).click();
  const tenantRow = page.getByTestId("template-row").filter({ hasText: "Venda do escritório" });
  await expect(tenantRow).toContainText("Tenant");
  await expect(tenantRow.getByRole("button", { name: "Edit" })).toBeVisible();
});
