"use client";

import { useTranslations } from "next-intl";
import { CodePicker } from "@/components/dashboard/pickers/code-picker";
import { formatDecimalInput } from "@/lib/br/decimal-input";
import type { DocumentFormOptions } from "@/lib/documents/dashboard-contracts";
import { AddButton, Field, inputClass, RemoveButton, Section } from "../form-rows";
import { emptyItem, type FormState, type ItemRow } from "./form-state";

type Props = {
  form: FormState;
  setForm: (patch: Partial<FormState>) => void;
  products: DocumentFormOptions["products"];
  operation: "INTERNAL" | "INTERSTATE" | "EXPORT";
};

/**
 * Lines: a product fills code, description, price and NCM; every fiscal code
 * is a picker over the official table. Fields left empty are resolved at
 * creation (tax rule, product, template, company), as the preview shows.
 */
export function ItemsSection({ form, setForm, products, operation }: Props) {
  const t = useTranslations("documentForm.items");
  const ops = useTranslations("enums.cfopOperation");
  const isService = form.type === "NFSE";
  const update = (index: number, patch: Partial<ItemRow>) => setForm({ items: form.items.map((row, i) => (i === index ? { ...row, ...patch } : row)) });
  const pickProduct = (index: number, productId: string) => {
    const product = products.find((p) => p.id === productId);
    update(index, product ? { productId, code: product.code, description: product.name, unitValue: formatDecimalInput(product.salePrice), unit: product.unit, ncm: product.ncm ?? "" } : { productId: "" });
  };
  return (
    <Section title={t("title")} action={<AddButton label={t("add")} onClick={() => setForm({ items: [...form.items, emptyItem] })} />}>
      {form.items.map((row, index) => (
        <div key={index} className="grid grid-cols-2 gap-2 border-b border-slate-100 pb-3 md:grid-cols-4 xl:grid-cols-6" data-testid="item-row">
          <Field label={t("product", { n: index + 1 })} className="col-span-2">
            <select value={row.productId} onChange={(e) => pickProduct(index, e.target.value)} className={inputClass}>
              <option value="">{t("freeItem")}</option>
              {products.map((p) => <option key={p.id} value={p.id}>{p.code} — {p.name}</option>)}
            </select>
          </Field>
          <Field label={t("code")}><input value={row.code} onChange={(e) => update(index, { code: e.target.value })} className={inputClass} /></Field>
          <Field label={t("description")} className="col-span-2 xl:col-span-3"><input value={row.description} onChange={(e) => update(index, { description: e.target.value })} className={inputClass} /></Field>
          <Field label={t("quantity")}><input inputMode="decimal" value={row.quantity} onChange={(e) => update(index, { quantity: e.target.value })} className={inputClass} /></Field>
          <Field label={t("unit")}><input value={row.unit} maxLength={6} onChange={(e) => update(index, { unit: e.target.value.toUpperCase() })} className={inputClass} /></Field>
          <Field label={t("unitValue")} hint={t("decimalHint")}><input inputMode="decimal" value={row.unitValue} onChange={(e) => update(index, { unitValue: e.target.value })} className={inputClass} /></Field>
          {isService ? (
            <>
              <CodePicker label={t("nationalServiceCode")} table="nfse-service" value={row.nationalServiceCode} onChange={(code) => update(index, { nationalServiceCode: code })} className="col-span-2" />
              <Field label={t("serviceCode")} hint={t("serviceCodeHint")}><input value={row.serviceCode} maxLength={20} onChange={(e) => update(index, { serviceCode: e.target.value })} className={inputClass} /></Field>
            </>
          ) : (
            <>
              <CodePicker label={t("ncm")} table="ncm" value={row.ncm} onChange={(code) => update(index, { ncm: code, cest: "" })} hint={t("inheritedHint")} className="col-span-2" />
              <CodePicker label={t("cfop", { operation: ops(operation) })} table="cfop" value={row.cfop} onChange={(code) => update(index, { cfop: code })} filters={{ operation }} hint={t("inheritedHint")} className="col-span-2" />
              <CodePicker label={t("cest")} table="cest" value={row.cest} onChange={(code) => update(index, { cest: code })} filters={{ ncm: row.ncm || undefined }} hint={row.ncm ? t("cestForNcm") : t("cestHint")} className="col-span-2" />
              <CodePicker label={t("icmsOrigin")} table="icms-origin" value={row.icmsOrigin} onChange={(code) => update(index, { icmsOrigin: code })} hint={t("inheritedHint")} className="col-span-2" />
              <CodePicker label={t("icmsSituation")} table="icms-situation" value={row.icmsSituation} onChange={(code) => update(index, { icmsSituation: code })} hint={t("inheritedHint")} className="col-span-2" />
            </>
          )}
          <CodePicker label={t("ibsCbsCst")} table="ibscbs-cst" value={row.ibsCbsCst} onChange={(code) => update(index, { ibsCbsCst: code, cClassTrib: "" })} hint={t("companyHint")} className="col-span-2" />
          <CodePicker label={t("cClassTrib")} table="cclasstrib" value={row.cClassTrib} onChange={(code) => update(index, { cClassTrib: code })} filters={{ cst: row.ibsCbsCst || undefined }} hint={row.ibsCbsCst ? t("cClassTribForCst") : t("companyHint")} className="col-span-2" />
          <div className="flex items-end">
            {form.items.length > 1 && <RemoveButton label={t("remove", { n: index + 1 })} onClick={() => setForm({ items: form.items.filter((_, i) => i !== index) })} />}
          </div>
        </div>
      ))}
    </Section>
  );
}
