import { zodResolver } from '@hookform/resolvers/zod';
import {
  EMAIL_MAX_LENGTH,
  SUBSCRIBED_DESCRIPTION,
  SUBSCRIBED_TITLE,
  newsletterSubscriptionSchema,
  type NewsletterSubscriptionInput,
} from '../../../shared/inbox.ts';
import { Button } from '../../components/ui/button.tsx';
import { FormField } from '../../components/ui/form-field.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { api, unwrap } from '../../lib/api.ts';
import { cn } from '../../lib/utils.ts';
import { useInboxForm } from './inbox-form.tsx';

/** The newsletter box: a valid address is stored once (case-insensitively) on the server. */
export function NewsletterForm({ tone = 'plain' }: { tone?: 'plain' | 'dark' }) {
  const {
    register,
    onSubmit,
    formState: { errors, isSubmitting },
  } = useInboxForm<NewsletterSubscriptionInput, NewsletterSubscriptionInput>({
    resolver: zodResolver(newsletterSubscriptionSchema),
    empty: { email: '' },
    send: ({ email }) => unwrap(api.api.inbox.newsletter.$post({ json: { email } })),
    failureTitle: 'Subscription failed',
    sent: { title: SUBSCRIBED_TITLE, description: SUBSCRIBED_DESCRIPTION },
  });

  const dark = tone === 'dark';
  return (
    <form noValidate method="post" onSubmit={onSubmit} aria-label="Newsletter sign-up" className="flex flex-col gap-3">
      <FormField
        label={<span className={cn(dark && 'text-white')}>Email address</span>}
        error={errors.email?.message}
        className={cn(dark && '[&_p[id$=-error]]:text-red-300')}
      >
        {(control) => (
          <div className="flex flex-col gap-2 sm:flex-row">
            <Input
              {...control}
              type="email"
              inputMode="email"
              autoComplete="email"
              placeholder="you@example.com"
              maxLength={EMAIL_MAX_LENGTH}
              className="sm:flex-1"
              {...register('email')}
            />
            <Button type="submit" disabled={isSubmitting} className={cn(dark && 'focus-visible:ring-offset-navy')}>
              {isSubmitting && <Spinner className="size-4" />}
              Subscribe
            </Button>
          </div>
        )}
      </FormField>
    </form>
  );
}
