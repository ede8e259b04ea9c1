import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { toast } from '../../components/ui/toast.ts';
import { REQUIRED_FIELDS_MESSAGE } from '../../../shared/inbox.ts';
import { ApiError } from '../../lib/api.ts';

/** Spec §8: 'Error: Please fill in all required fields'. */
export const toastRequiredFields = () => toast.error('Error', { description: REQUIRED_FIELDS_MESSAGE });

/** True when any of `fields` is empty or blank in `values`. */
export const anyBlank = <T extends Record<string, unknown>>(values: T, fields: readonly (keyof T)[]) =>
  fields.some((field) => {
    const value = values[field];
    return typeof value !== 'string' || value.trim() === '';
  });

/**
 * Shows why the server refused a form: its message in a toast titled `title`, and each field's
 * message next to that field (when the form has it). Network failures get a message of their own.
 */
export function reportSubmitError<T extends FieldValues>(
  error: unknown,
  title: string,
  setError: UseFormSetError<T>,
  fieldNames: readonly Path<T>[],
) {
  if (error instanceof ApiError) {
    for (const [field, message] of Object.entries(error.fields ?? {})) {
      if ((fieldNames as readonly string[]).includes(field)) setError(field as Path<T>, { type: 'server', message });
    }
    toast.error(title, { description: error.message });
    return;
  }
  toast.error(title, {
    description: 'We could not reach betproof. Check your connection and try again; nothing was sent.',
  });
}
