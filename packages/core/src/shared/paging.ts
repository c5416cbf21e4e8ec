import { z } from "zod";

/** A list's rows per page unless told. */
export const DEFAULT_PAGE_SIZE = 20;

/** The page of a list a query asks for: 1-based, DEFAULT_PAGE_SIZE rows unless told, never more than 100. */
export const PagingQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(DEFAULT_PAGE_SIZE),
});
export type PagingQuery = z.infer<typeof PagingQuerySchema>;

/** What a query function takes for that page. */
export const pageWindow = ({ page, pageSize }: PagingQuery) => ({
  limit: pageSize,
  offset: (page - 1) * pageSize,
});
