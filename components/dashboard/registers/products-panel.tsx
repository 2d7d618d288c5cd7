"use client";

import { RegisterPanel } from "@/components/dashboard/resources/register-panel";
import type { FieldDef } from "@/components/dashboard/resources/simple-form";
import { CreateProductInput, UpdateProductInput, type ProductResponse } from "@/lib/products/schemas";

const FIELDS: FieldDef[] = [
  { name: "name", label: "Name", required: true },
  { name: "code", label: "Code (SKU)", required: true },
  { name: "salePrice", label: "Sale price", required: true },
  { name: "gtin", label: "GTIN" },
  { name: "commercialUnit", label: "Commercial unit", placeholder: "UN - UNIDADE" },
  { name: "taxUnit", label: "Tax unit", placeholder: "UN - UNIDADE" },
  { name: "taxUnitExport", label: "Tax unit (export)", placeholder: "KG - QUILOGRAMA" },
  { name: "isActive", label: "Active", kind: "checkbox" },
  { name: "nfeConfig.ncm", label: "NCM" },
  { name: "nfeConfig.cest", label: "CEST" },
  { name: "nfeConfig.internalCfop", label: "Internal CFOP (5xxx)" },
  { name: "nfeConfig.interstateContributor", label: "Interstate CFOP, contributor (6xxx)", placeholder: "suggested" },
  { name: "nfeConfig.interstateNonContributor", label: "Interstate CFOP, non-contributor (6xxx)", placeholder: "suggested" },
  { name: "nfeConfig.exportCfop", label: "Export CFOP (7xxx)" },
  { name: "nfeConfig.icmsOrigin", label: "ICMS origin" },
  { name: "nfeConfig.icmsCst", label: "ICMS CST/CSOSN" },
  { name: "nfeConfig.icmsRate", label: "ICMS rate (%)" },
  { name: "nfeConfig.icmsRedBc", label: "Base reduction (%)" },
  { name: "nfeConfig.icmsStModBc", label: "ST base modality" },
  { name: "nfeConfig.icmsStMva", label: "ST MVA (%)" },
  { name: "nfeConfig.icmsStRate", label: "ST rate (%)" },
  { name: "nfeConfig.icmsSnCreditRate", label: "Simples credit rate (%)" },
  { name: "nfeConfig.pisCst", label: "PIS CST" },
  { name: "nfeConfig.pisRate", label: "PIS rate (%)" },
  { name: "nfeConfig.cofinsCst", label: "COFINS CST" },
  { name: "nfeConfig.cofinsRate", label: "COFINS rate (%)" },
  { name: "nfeConfig.ipiCst", label: "IPI CST" },
  { name: "nfeConfig.ipiRate", label: "IPI rate (%)" },
  { name: "nfeConfig.taxRuleId", label: "Tax rule id" },
];

export function ProductsPanel({ companyId, canWrite }: { companyId: string; canWrite: boolean }) {
  return (
    <RegisterPanel<ProductResponse>
      base={`/api/dashboard/companies/${encodeURIComponent(companyId)}/products`}
      noun="product"
      plural="products"
      fields={FIELDS}
      createSchema={CreateProductInput}
      updateSchema={UpdateProductInput}
      createDefaults={{ isActive: true }}
      canWrite={canWrite}
      columns={[
        { header: "Code", cell: (p) => p.code },
        { header: "Name", cell: (p) => p.name },
        { header: "Price", cell: (p) => p.salePrice, className: "text-right tabular-nums" },
        { header: "NCM", cell: (p) => p.nfeConfig.ncm ?? "—" },
        { header: "CFOP", cell: (p) => [p.nfeConfig.internalCfop, p.nfeConfig.interstateContributor, p.nfeConfig.interstateNonContributor].filter(Boolean).join(" / ") || "—" },
        { header: "ICMS", cell: (p) => p.nfeConfig.icmsCst ?? "—" },
        { header: "Active", cell: (p) => (p.isActive ? "Yes" : "No") },
      ]}
    />
  );
}
