import { hasNul, NUL_MESSAGE } from "@svc/runtime";
import { z } from "zod";

/**
 * A string PostgreSQL can store: `text` refuses U+0000, which JSON and forms can carry. Every
 * schema of caller-supplied text builds on this, so the refusal is a 422 naming the field.
 */
export const storableString = (params?: Parameters<typeof z.string>[0]) =>
  z.string(params).refine((value) => !hasNul(value), { error: NUL_MESSAGE });
