import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from '../../components/ui/toast.ts';
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
import { reportSubmitError } from './submit-errors.ts';

/** The newsletter box: a valid address is stored once (case-insensitively) on the server. */
export function NewsletterForm({ tone = 'plain' }: { tone?: 'plain' | 'dark' }) {
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<NewsletterSubscriptionInput>({
    resolver: zodResolver(newsletterSubscriptionSchema),
    defaultValues: { email: '' },
  });

  const onValid = async ({ email }: NewsletterSubscriptionInput) => {
    try {
      await unwrap(api.api.inbox.newsletter.$post({ json: { email } }));
    } catch (error) {
      reportSubmitError(error, 'Subscription failed', setError, ['email']);
      return;
    }
    toast.success(SUBSCRIBED_TITLE, { description: SUBSCRIBED_DESCRIPTION });
    reset({ email: '' });
  };

  const dark = tone === 'dark';
  return (
    <form noValidate onSubmit={handleSubmit(onValid)} aria-label="Newsletter sign-up" className="flex flex-col gap-3">
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
