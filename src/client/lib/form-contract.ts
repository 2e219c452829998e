import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { z } from 'zod';
import { ApiError } from './api-client.ts';

/**
 * Inside a form schema's `transform`: the fields, read into what the server takes, checked by the
 * server's own contract. Each of the contract's messages lands on the field its path begins with
 * (a parameter's name on Parameters, a band limit on the limits).
 */
export function checkedBy<T extends z.ZodType>(
  contract: T,
  input: z.input<T>,
  context: z.RefinementCtx,
): z.output<T> {
  const parsed = contract.safeParse(input);
  if (parsed.success) return parsed.data;
  for (const issue of parsed.error.issues) {
    context.addIssue({ code: 'custom', path: issue.path.slice(0, 1), message: issue.message });
  }
  return z.NEVER;
}

/** A 400 answer's field messages (`error.fields`) beside the form's fields of those names. */
export function showServerFieldErrors<F extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<F>,
  fields: readonly Path<F>[],
) {
  const messages = error instanceof ApiError ? (error.body?.error.fields ?? {}) : {};
  for (const [field, message] of Object.entries(messages)) {
    if ((fields as readonly string[]).includes(field))
      setError(field as Path<F>, { type: 'server', message });
  }
}

/** A 400 answer's message for one field, for a form without react-hook-form (a page near its load budget). */
export function serverFieldMessage(error: unknown, field: string): string | undefined {
  return error instanceof ApiError ? error.body?.error.fields?.[field] : undefined;
}
