import { zodResolver } from '@hookform/resolvers/zod';
import {
  CONTACT_SENT_DESCRIPTION,
  CONTACT_SENT_TITLE,
  NAME_MAX_LENGTH,
  SUBJECT_MAX_LENGTH,
  contactMessageSchema,
  type ContactMessage,
  type ContactMessageInput,
} from '../../../shared/inbox.ts';
import { FormField } from '../../components/ui/form-field.tsx';
import { Input } from '../../components/ui/input.tsx';
import { api, unwrap } from '../../lib/api.ts';
import { EmailField, InboxFormShell, MessageField, RequiredLabel, useInboxForm } from './inbox-form.tsx';

const EMPTY: ContactMessageInput = { name: '', email: '', subject: '', message: '' };

/** The contact form: stored on the server (the admin's inbox), answered within 24 hours. */
export function ContactForm() {
  const {
    register,
    onSubmit,
    formState: { errors, isSubmitting },
  } = useInboxForm<ContactMessageInput, ContactMessage>({
    resolver: zodResolver(contactMessageSchema),
    empty: EMPTY,
    required: ['name', 'email', 'message'],
    send: (message) => unwrap(api.api.inbox.contact.$post({ json: message })),
    failureTitle: 'Message not sent',
    sent: { title: CONTACT_SENT_TITLE, description: CONTACT_SENT_DESCRIPTION },
  });

  return (
    <InboxFormShell label="Contact form" onSubmit={onSubmit} submitting={isSubmitting} submitLabel="Send Message">
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField label={<RequiredLabel>Name</RequiredLabel>} error={errors.name?.message}>
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
        <EmailField error={errors.email?.message} placeholder="you@example.com" register={() => register('email')} />
      </div>
      <FormField label="Subject (optional)" error={errors.subject?.message}>
        {(control) => (
          <Input {...control} placeholder="What is it about?" maxLength={SUBJECT_MAX_LENGTH} {...register('subject')} />
        )}
      </FormField>
      <MessageField
        error={errors.message?.message}
        rows={6}
        placeholder="How can we help?"
        register={() => register('message')}
      />
    </InboxFormShell>
  );
}
