import { z } from "zod";

// api.md, Limits: page min 1 default 1; pageSize 1-100 default 20. Every list uses this.
export const PaginationQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export type PaginationQuery = z.infer<typeof PaginationQuery>;

export function pageWindow({ page, pageSize }: PaginationQuery): { skip: number; take: number } {
  return { skip: (page - 1) * pageSize, take: pageSize };
}

export type Page<T> = {
  data: T[];
  meta: { page: number; pageSize: number; total: number; totalPages: number };
};

export function toPage<T>(data: T[], total: number, { page, pageSize }: PaginationQuery): Page<T> {
  return { data, meta: { page, pageSize, total, totalPages: Math.ceil(total / pageSize) } };
}

export function pageSchema<T extends z.ZodType>(item: T) {
  return z.object({
    data: z.array(item),
    meta: z.object({
      page: z.number().int(),
      pageSize: z.number().int(),
      total: z.number().int(),
      totalPages: z.number().int(),
    }),
  });
}

/** Runs the count and the page query together; callers pass the same where to both. */
export async function paginate<T>(
  query: PaginationQuery,
  count: () => Promise<number>,
  fetch: (window: { skip: number; take: number }) => Promise<T[]>,
): Promise<Page<T>> {
  const [total, data] = await Promise.all([count(), fetch(pageWindow(query))]);
  return toPage(data, total, query);
}
