import type { Prisma } from "@prisma/client";
import { db, type DbClient } from "@/lib/db/client";

// Templates shipped with the product (source SYSTEM). They carry no CST: the
// regime decides between CST and CSOSN, so ICMS comes from the company or a
// rule. Keyed by systemKey so seeding is idempotent and content can evolve.
export const SYSTEM_TEMPLATES: (Omit<Prisma.FiscalTemplateCreateInput, "source"> & { systemKey: string })[] = [
  { systemKey: "sale-of-goods", name: "Venda de mercadoria", type: "NFE", operationNature: "Venda de mercadoria", cfop: "5102", icmsOrigin: "0" },
  { systemKey: "sale-to-final-consumer", name: "Venda a consumidor final", type: "NFE", operationNature: "Venda de mercadoria a consumidor final", cfop: "5102", icmsOrigin: "0" },
  { systemKey: "own-production-sale", name: "Venda de produção do estabelecimento", type: "NFE", operationNature: "Venda de produção do estabelecimento", cfop: "5101", icmsOrigin: "0" },
  { systemKey: "return-of-goods", name: "Devolução de mercadoria", type: "NFE", operationNature: "Devolução de compra para comercialização", cfop: "5202", icmsOrigin: "0" },
  { systemKey: "service-provision", name: "Prestação de serviço", type: "NFSE", operationNature: "Prestação de serviços" },
];

/** Creates or refreshes the system templates; safe to run concurrently and repeatedly. */
export async function ensureSystemTemplates(client: DbClient = db): Promise<void> {
  await client.fiscalTemplate.createMany({ data: SYSTEM_TEMPLATES.map((t) => ({ ...t, source: "SYSTEM" as const })), skipDuplicates: true });
  // Refresh rows whose shipped content changed (without touching unchanged ones' updatedAt).
  const stored = await client.fiscalTemplate.findMany({ where: { source: "SYSTEM" } });
  for (const { systemKey, ...fields } of SYSTEM_TEMPLATES) {
    const row = stored.find((t) => t.systemKey === systemKey);
    const changed = row && Object.entries(fields).some(([key, value]) => (row as Record<string, unknown>)[key] !== value);
    if (changed) await client.fiscalTemplate.updateMany({ where: { systemKey, source: "SYSTEM" }, data: fields });
  }
}

let ensured: Promise<void> | null = null;

/** Once per process: list and lookups call this so a fresh database already shows the system templates. */
export function ensureSystemTemplatesOnce(): Promise<void> {
  ensured ??= ensureSystemTemplates().catch((error: unknown) => {
    ensured = null;
    throw error;
  });
  return ensured;
}
