"use client";

import { useQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { formatMoney } from "@/components/dashboard/documents/money";
import { RegisterPanel } from "@/components/dashboard/resources/register-panel";
import type { FieldDef } from "@/components/dashboard/resources/simple-form";
import type { Page } from "@/lib/contracts/pagination";
import { apiFetch } from "@/lib/client/api-fetch";
import { CreateProductInput, UpdateProductInput, type ProductResponse } from "@/lib/products/schemas";

type Label = Parameters<ReturnType<typeof useTranslations<"products.fields">>>[0];

// [body path, label key, kind, picker table, picker filters]; codes from official tables are pickers, amounts and rates decimals.
// Each CFOP field lists only its operation's codes, and the CEST picker only the CESTs of the chosen NCM.
const LAYOUT: [string, Label, FieldDef["kind"]?, FieldDef["table"]?, Pick<FieldDef, "filters" | "filterFrom">?][] = [
  ["name", "name"], ["code", "code"], ["salePrice", "salePrice", "decimal"], ["gtin", "gtin"],
  ["commercialUnit", "commercialUnit"], ["taxUnit", "taxUnit"], ["taxUnitExport", "taxUnitExport"], ["isActive", "isActive", "checkbox"],
  ["nfeConfig.ncm", "ncm", "picker", "ncm"], ["nfeConfig.cest", "cest", "picker", "cest", { filterFrom: { ncm: "nfeConfig.ncm" } }],
  ["nfeConfig.internalCfop", "internalCfop", "picker", "cfop", { filters: { operation: "INTERNAL" } }],
  ["nfeConfig.interstateContributor", "interstateContributor", "picker", "cfop", { filters: { operation: "INTERSTATE" } }],
  ["nfeConfig.interstateNonContributor", "interstateNonContributor", "picker", "cfop", { filters: { operation: "INTERSTATE" } }],
  ["nfeConfig.exportCfop", "exportCfop", "picker", "cfop", { filters: { operation: "EXPORT" } }],
  ["nfeConfig.icmsOrigin", "icmsOrigin", "picker", "icms-origin"], ["nfeConfig.icmsCst", "icmsCst", "picker", "icms-situation"],
  ["nfeConfig.icmsRate", "icmsRate", "decimal"], ["nfeConfig.icmsRedBc", "icmsRedBc", "decimal"],
  ["nfeConfig.icmsStModBc", "icmsStModBc", "picker", "icms-mod-bc-st"], ["nfeConfig.icmsStMva", "icmsStMva", "decimal"],
  ["nfeConfig.icmsStRate", "icmsStRate", "decimal"], ["nfeConfig.icmsSnCreditRate", "icmsSnCreditRate", "decimal"],
  ["nfeConfig.pisCst", "pisCst", "picker", "pis-cofins-cst"], ["nfeConfig.pisRate", "pisRate", "decimal"],
  ["nfeConfig.cofinsCst", "cofinsCst", "picker", "pis-cofins-cst"], ["nfeConfig.cofinsRate", "cofinsRate", "decimal"],
  ["nfeConfig.ipiCst", "ipiCst", "picker", "ipi-cst"], ["nfeConfig.ipiRate", "ipiRate", "decimal"],
];

export function ProductsPanel({ companyId, canWrite }: { companyId: string; canWrite: boolean }) {
  const t = useTranslations("products");
  const common = useTranslations("common");
  const base = `/api/dashboard/companies/${encodeURIComponent(companyId)}`;
  const rulesUrl = `${base}/tax-rules?model=NFE&isActive=true&pageSize=100`;
  const rules = useQuery({ queryKey: [`${base}/tax-rules`, rulesUrl], queryFn: () => apiFetch<Page<{ id: string; name: string }>>(rulesUrl) });
  const fields: FieldDef[] = [
    ...LAYOUT.map(([name, label, kind, table, picker]) => ({ name, label: t(`fields.${label}`), kind, table, ...picker, required: ["name", "code", "salePrice"].includes(name) })),
    // The product's tax rule is chosen by name; the form sends its id.
    { name: "nfeConfig.taxRuleId", label: t("fields.taxRule"), kind: "select", options: [{ value: "", label: t("noTaxRule") }, ...(rules.data?.data ?? []).map((r) => ({ value: r.id, label: r.name }))] },
  ];
  const ruleName = (id: string | null | undefined) => (id ? (rules.data?.data.find((r) => r.id === id)?.name ?? "—") : "—");
  return (
    <RegisterPanel<ProductResponse>
      base={`${base}/products`}
      noun={t("noun")}
      plural={t("plural")}
      fields={fields}
      createSchema={CreateProductInput}
      updateSchema={UpdateProductInput}
      createDefaults={{ isActive: true }}
      canWrite={canWrite}
      columns={[
        { header: t("fields.code"), cell: (p) => p.code },
        { header: t("fields.name"), cell: (p) => p.name },
        { header: t("price"), cell: (p) => formatMoney(p.salePrice), className: "text-right tabular-nums" },
        { header: "NCM", cell: (p) => p.nfeConfig.ncm ?? "—" },
        { header: "CFOP", cell: (p) => [p.nfeConfig.internalCfop, p.nfeConfig.interstateContributor, p.nfeConfig.interstateNonContributor].filter(Boolean).join(" / ") || "—" },
        { header: "ICMS", cell: (p) => p.nfeConfig.icmsCst ?? "—" },
        { header: t("fields.taxRule"), cell: (p) => ruleName(p.nfeConfig.taxRuleId) },
        { header: t("fields.isActive"), cell: (p) => (p.isActive ? common("yes") : common("no")) },
      ]}
    />
  );
}
