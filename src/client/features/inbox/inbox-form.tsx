import type { ReactNode } from 'react';
import {
  useForm,
  type DefaultValues,
  type FieldValues,
  type Path,
  type Resolver,
  type UseFormRegisterReturn,
} from 'react-hook-form';
import { Send } from 'lucide-react';
import { MESSAGE_MAX_LENGTH } from '../../../shared/inbox.ts';
import { Button } from '../../components/ui/button.tsx';
import { FormField } from '../../components/ui/form-field.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { Textarea } from '../../components/ui/textarea.tsx';
import { toast } from '../../components/ui/toast.ts';
import { RequiredMark } from './required-mark.tsx';
import { anyBlank, reportSubmitError, toastRequiredFields } from './submit-errors.ts';

interface InboxFormOptions<TInput extends FieldValues, TOutput> {
  /** The shared schema's resolver. */
  resolver: Resolver<TInput, unknown, TOutput>;
  /** Every field, empty: the form's start, and what it returns to once sent. */
  empty: TInput;
  /** On an invalid submit with any of these blank: 'Please fill in all required fields'. */
  required?: readonly (keyof TInput)[];
  /** Sends the valid values to the server; throws its refusal. */
  send: (values: TOutput) => Promise<unknown>;
  /** The error toast's title when the server refuses or cannot be reached. */
  failureTitle: string;
  sent: { title: string; description: string };
}

/**
 * A form that sends one message to the team (contact, advertising, newsletter): validated by the
 * shared schema, the server's field errors shown next to their fields, a toast when sent, then empty.
 */
export function useInboxForm<TInput extends FieldValues, TOutput>({
  resolver,
  empty,
  required = [],
  send,
  failureTitle,
  sent,
}: InboxFormOptions<TInput, TOutput>) {
  const form = useForm<TInput, unknown, TOutput>({ resolver, defaultValues: empty as DefaultValues<TInput> });

  const onValid = async (values: TOutput) => {
    try {
      await send(values);
    } catch (error) {
      reportSubmitError(error, failureTitle, form.setError, Object.keys(empty) as Path<TInput>[]);
      return;
    }
    toast.success(sent.title, { description: sent.description });
    form.reset(empty);
  };

  const onInvalid = () => {
    if (anyBlank(form.getValues(), required)) toastRequiredFields();
  };

  return { ...form, onSubmit: form.handleSubmit(onValid, onInvalid) };
}

interface InboxFormShellProps {
  /** The form's accessible name. */
  label: string;
  onSubmit: () => void;
  submitting: boolean;
  submitLabel: string;
  children: ReactNode;
}

/** The contact and advertising forms' frame: the fields, then the required-fields note and the send button. */
export function InboxFormShell({ label, onSubmit, submitting, submitLabel, children }: InboxFormShellProps) {
  return (
    <form noValidate method="post" onSubmit={onSubmit} className="flex flex-col gap-5" aria-label={label}>
      {children}
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-xs text-muted-foreground">
          <RequiredMark /> Required. We reply within 24 hours on business days.
        </p>
        <Button type="submit" size="lg" disabled={submitting}>
          {submitting ? <Spinner className="size-4" /> : <Send aria-hidden="true" />}
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}

/** A required field's label: its name and the asterisk. */
export function RequiredLabel({ children }: { children: ReactNode }) {
  return (
    <>
      {children} <RequiredMark />
    </>
  );
}

/** The required 'Email' field. */
export function EmailField({
  error,
  placeholder,
  register,
}: {
  error: string | undefined;
  placeholder: string;
  /** Registers the field: called as the field renders, so fields register in the order they show. */
  register: () => UseFormRegisterReturn;
}) {
  return (
    <FormField label={<RequiredLabel>Email</RequiredLabel>} error={error}>
      {(control) => (
        <Input
          {...control}
          type="email"
          inputMode="email"
          autoComplete="email"
          placeholder={placeholder}
          aria-required="true"
          {...register()}
        />
      )}
    </FormField>
  );
}

/** The required 'Message' field. */
export function MessageField({
  error,
  rows,
  placeholder,
  register,
}: {
  error: string | undefined;
  rows: number;
  placeholder: string;
  /** Registers the field: called as the field renders, so fields register in the order they show. */
  register: () => UseFormRegisterReturn;
}) {
  return (
    <FormField label={<RequiredLabel>Message</RequiredLabel>} error={error}>
      {(control) => (
        <Textarea
          {...control}
          rows={rows}
          placeholder={placeholder}
          aria-required="true"
          maxLength={MESSAGE_MAX_LENGTH}
          {...register()}
        />
      )}
    </FormField>
  );
}
