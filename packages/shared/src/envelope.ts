import { z } from 'zod';

/** Every response of the API is wrapped in this envelope (spec §7); `code` 0 means success. */
export const SUCCESS_CODE = 0;

export function envelopeSchema<T extends z.ZodType>(data: T) {
  return z.object({
    code: z.number().int(),
    message: z.string(),
    success: z.boolean(),
    data,
  });
}

export interface Envelope<T> {
  code: number;
  message: string;
  success: boolean;
  data: T;
}

/** Data of a validation failure: one item per offending field. */
export const validationIssueSchema = z.object({ path: z.string(), message: z.string() });
export type ValidationIssue = z.infer<typeof validationIssueSchema>;

/** Paged list (spec §3 "Paging"). */
export function pageSchema<T extends z.ZodType>(item: T) {
  return z.object({
    page: z.number().int().min(1),
    pageSize: z.number().int().min(1),
    total: z.number().int().min(0),
    list: z.array(item),
  });
}

/** A page of `T` items, the shape `pageSchema` validates. */
export type Page<T> = z.infer<ReturnType<typeof pageSchema<z.ZodType<T>>>>;
