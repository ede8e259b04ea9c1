import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Send } from 'lucide-react';
import { toast } from '../../components/ui/toast.ts';
import {
  CONTACT_SENT_DESCRIPTION,
  CONTACT_SENT_TITLE,
  MESSAGE_MAX_LENGTH,
  NAME_MAX_LENGTH,
  SUBJECT_MAX_LENGTH,
  contactMessageSchema,
  type ContactMessage,
  type ContactMessageInput,
} from '../../../shared/inbox.ts';
import { Button } from '../../components/ui/button.tsx';
import { FormField } from '../../components/ui/form-field.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { Textarea } from '../../components/ui/textarea.tsx';
import { api, unwrap } from '../../lib/api.ts';
import { RequiredMark } from './required-mark.tsx';
import { anyBlank, reportSubmitError, toastRequiredFields } from './submit-errors.ts';

const EMPTY: ContactMessageInput = { name: '', email: '', subject: '', message: '' };
const REQUIRED = ['name', 'email', 'message'] as const;

/** The contact form: stored on the server (the admin's inbox), answered within 24 hours. */
export function ContactForm() {
  const {
    register,
    handleSubmit,
    getValues,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ContactMessageInput, unknown, ContactMessage>({
    resolver: zodResolver(contactMessageSchema),
    defaultValues: EMPTY,
  });

  const onValid = async (message: ContactMessage) => {
    try {
      await unwrap(api.api.inbox.contact.$post({ json: message }));
    } catch (error) {
      reportSubmitError(error, 'Message not sent', setError, ['name', 'email', 'subject', 'message']);
      return;
    }
    toast.success(CONTACT_SENT_TITLE, { description: CONTACT_SENT_DESCRIPTION });
    reset(EMPTY);
  };

  const onInvalid = () => {
    if (anyBlank(getValues(), REQUIRED)) toastRequiredFields();
  };

  return (
    <form
      noValidate
      onSubmit={handleSubmit(onValid, onInvalid)}
      className="flex flex-col gap-5"
      aria-label="Contact form"
    >
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField
          label={
            <>
              Name <RequiredMark />
            </>
          }
          error={errors.name?.message}
        >
          {(control) => (
            <Input
              {...control}
              autoComplete="name"
              placeholder="Your name"
              aria-required="true"
              maxLength={NAME_MAX_LENGTH}
              {...register('name')}
            />
          )}
        </FormField>
        <FormField
          label={
            <>
              Email <RequiredMark />
            </>
          }
          error={errors.email?.message}
        >
          {(control) => (
            <Input
              {...control}
              type="email"
              inputMode="email"
              autoComplete="email"
              placeholder="you@example.com"
              aria-required="true"
              {...register('email')}
            />
          )}
        </FormField>
      </div>
      <FormField label="Subject (optional)" error={errors.subject?.message}>
        {(control) => (
          <Input {...control} placeholder="What is it about?" maxLength={SUBJECT_MAX_LENGTH} {...register('subject')} />
        )}
      </FormField>
      <FormField
        label={
          <>
            Message <RequiredMark />
          </>
        }
        error={errors.message?.message}
      >
        {(control) => (
          <Textarea
            {...control}
            rows={6}
            placeholder="How can we help?"
            aria-required="true"
            maxLength={MESSAGE_MAX_LENGTH}
            {...register('message')}
          />
        )}
      </FormField>
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-xs text-muted-foreground">
          <RequiredMark /> Required. We reply within 24 hours on business days.
        </p>
        <Button type="submit" size="lg" disabled={isSubmitting}>
          {isSubmitting ? <Spinner className="size-4" /> : <Send aria-hidden="true" />}
          Send Message
        </Button>
      </div>
    </form>
  );
}
