import { Prisma, type Product } from "@prisma/client";
import { paginate, type Page } from "@/lib/contracts/pagination";
import { withTransaction } from "@/lib/db/with-transaction";
import { db, type DbClient } from "@/lib/db/client";
import { notFound, unprocessable } from "@/lib/errors";
import { decimalString } from "@/lib/contracts/decimal-string";
import { CLEARED_NFE_CONFIG, resolveNfeConfig, toNfeConfigResponse, touchesTaxation } from "./product-taxation";
import { DEFAULT_UNITS, type CreateProductInput, type ListProductsQuery, type ProductResponse, type UpdateProductInput } from "./schemas";

export function toProductResponse(product: Product): ProductResponse {
  return {
    id: product.id,
    name: product.name,
    code: product.code,
    salePrice: decimalString(product.salePrice),
    gtin: product.gtin,
    commercialUnit: product.commercialUnit,
    taxUnit: product.taxUnit,
    taxUnitExport: product.taxUnitExport,
    isActive: product.isActive,
    nfeConfig: toNfeConfigResponse(product),
    createdAt: product.createdAt.toISOString(),
    updatedAt: product.updatedAt.toISOString(),
  };
}

async function companyRegime(companyId: string, tx: DbClient) {
  const company = await tx.company.findUniqueOrThrow({ where: { id: companyId }, select: { taxRegime: true } });
  return company.taxRegime;
}

async function assertCodeFree(tx: DbClient, companyId: string, code: string, exceptId?: string): Promise<void> {
  const existing = await tx.product.findFirst({ where: { companyId, code, ...(exceptId ? { id: { not: exceptId } } : {}) }, select: { id: true } });
  if (existing) throw duplicateCode(code);
}

const duplicateCode = (code: string) => unprocessable("duplicate_code", `Product code ${code} is already used by another product of this company`);

/** A concurrent insert of the same code hits the (companyId, code) unique index. */
async function mapUniqueViolation<T>(code: string | undefined, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002") throw duplicateCode(code ?? "");
    throw error;
  }
}

export async function createProduct(companyId: string, input: CreateProductInput, client: DbClient = db): Promise<ProductResponse> {
  return mapUniqueViolation(input.code, () =>
    withTransaction(client, async (tx) => {
      await assertCodeFree(tx, companyId, input.code);
      const taxation = await resolveNfeConfig({ companyId, regime: await companyRegime(companyId, tx), sent: input.nfeConfig ?? {}, stored: null }, tx);
      const created = await tx.product.create({
        data: {
          ...(taxation as object),
          companyId,
          name: input.name,
          code: input.code,
          salePrice: String(input.salePrice),
          gtin: input.gtin ?? null,
          commercialUnit: input.commercialUnit ?? DEFAULT_UNITS.commercialUnit,
          taxUnit: input.taxUnit ?? DEFAULT_UNITS.taxUnit,
          taxUnitExport: input.taxUnitExport ?? DEFAULT_UNITS.taxUnitExport,
          isActive: input.isActive ?? true,
        } as Prisma.ProductUncheckedCreateInput,
      });
      return toProductResponse(created);
    }),
  );
}

export async function findProductRecord(companyId: string, id: string, client: DbClient = db): Promise<Product> {
  const product = await client.product.findFirst({ where: { id, companyId } });
  if (!product) throw notFound("Product");
  return product;
}

export async function getProduct(companyId: string, id: string, client: DbClient = db): Promise<ProductResponse> {
  return toProductResponse(await findProductRecord(companyId, id, client));
}

export async function listProducts(companyId: string, query: ListProductsQuery, client: DbClient = db): Promise<Page<ProductResponse>> {
  const where: Prisma.ProductWhereInput = { companyId };
  if (query.isActive !== undefined) where.isActive = query.isActive;
  if (query.search) {
    const contains = { contains: query.search, mode: "insensitive" as const };
    where.OR = [{ name: contains }, { code: contains }, { gtin: contains }, { ncm: contains }];
  }
  return paginate(
    query,
    () => client.product.count({ where }),
    async (window) => (await client.product.findMany({ where, orderBy: [{ name: "asc" }, { id: "asc" }], ...window })).map(toProductResponse),
  );
}

/**
 * PATCH with merge semantics (spec, Product and carrier rules 4): fields not
 * sent keep their value, null clears, nfeConfig merges with the stored one and
 * the merged result is validated; without tax fields taxation is untouched.
 */
export async function updateProduct(companyId: string, id: string, input: UpdateProductInput, client: DbClient = db): Promise<ProductResponse> {
  return mapUniqueViolation(input.code, () =>
    withTransaction(client, async (tx) => {
      const current = await findProductRecord(companyId, id, tx);
      const data: Prisma.ProductUncheckedUpdateInput = {};
      if (input.name !== undefined) data.name = input.name;
      if (input.code !== undefined && input.code !== current.code) {
        await assertCodeFree(tx, companyId, input.code, id);
        data.code = input.code;
      }
      if (input.salePrice !== undefined) data.salePrice = String(input.salePrice);
      if (input.gtin !== undefined) data.gtin = input.gtin;
      for (const unit of ["commercialUnit", "taxUnit", "taxUnitExport"] as const) {
        if (input[unit] !== undefined) data[unit] = input[unit];
      }
      if (input.isActive !== undefined) data.isActive = input.isActive;
      const sent = input.nfeConfig === null ? CLEARED_NFE_CONFIG : input.nfeConfig;
      if (touchesTaxation(sent)) {
        Object.assign(data, await resolveNfeConfig({ companyId, regime: await companyRegime(companyId, tx), sent: sent!, stored: current }, tx));
      }
      return toProductResponse(await tx.product.update({ where: { id: current.id }, data }));
    }),
  );
}

export async function deleteProduct(companyId: string, id: string, client: DbClient = db): Promise<void> {
  const current = await findProductRecord(companyId, id, client);
  await client.product.delete({ where: { id: current.id } });
}
