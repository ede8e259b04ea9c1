import { zodResolver } from '@hookform/resolvers/zod';
import {
  AD_TYPES,
  AD_TYPE_LABELS,
  BUDGETS,
  BUDGET_LABELS,
  COMPANY_MAX_LENGTH,
  INQUIRY_SENT_DESCRIPTION,
  INQUIRY_SENT_TITLE,
  advertiserInquirySchema,
  type AdvertiserInquiry,
  type AdvertiserInquiryInput,
} from '../../../shared/inbox.ts';
import { FormField } from '../../components/ui/form-field.tsx';
import { Input } from '../../components/ui/input.tsx';
import { NativeSelect, Options } from '../../components/ui/native-select.tsx';
import { api, unwrap } from '../../lib/api.ts';
import { EmailField, InboxFormShell, MessageField, RequiredLabel, useInboxForm } from './inbox-form.tsx';

const EMPTY: AdvertiserInquiryInput = { company: '', email: '', budget: '', adType: '', message: '' };

/** The advertiser inquiry: stored on the server for the team, answered within 24 hours. */
export function AdvertiseForm() {
  const {
    register,
    onSubmit,
    formState: { errors, isSubmitting },
  } = useInboxForm<AdvertiserInquiryInput, AdvertiserInquiry>({
    resolver: zodResolver(advertiserInquirySchema),
    empty: EMPTY,
    required: ['company', 'email', 'message'],
    send: (inquiry) => unwrap(api.api.inbox.advertise.$post({ json: inquiry })),
    failureTitle: 'Inquiry not sent',
    sent: { title: INQUIRY_SENT_TITLE, description: INQUIRY_SENT_DESCRIPTION },
  });

  return (
    <InboxFormShell
      label="Advertising inquiry"
      onSubmit={onSubmit}
      submitting={isSubmitting}
      submitLabel="Send Inquiry"
    >
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField label={<RequiredLabel>Company</RequiredLabel>} error={errors.company?.message}>
          {(control) => (
            <Input
              {...control}
              autoComplete="organization"
              placeholder="Your company"
              aria-required="true"
              maxLength={COMPANY_MAX_LENGTH}
              {...register('company')}
            />
          )}
        </FormField>
        <EmailField error={errors.email?.message} placeholder="you@company.com" register={() => register('email')} />
        <FormField label="Monthly budget" error={errors.budget?.message}>
          {(control) => (
            <NativeSelect {...control} {...register('budget')}>
              <option value="">Select a budget range</option>
              <Options values={BUDGETS} label={(budget) => BUDGET_LABELS[budget]} />
            </NativeSelect>
          )}
        </FormField>
        <FormField label="Ad type" error={errors.adType?.message}>
          {(control) => (
            <NativeSelect {...control} {...register('adType')}>
              <option value="">Select an ad type</option>
              <Options values={AD_TYPES} label={(type) => AD_TYPE_LABELS[type]} />
            </NativeSelect>
          )}
        </FormField>
      </div>
      <MessageField
        error={errors.message?.message}
        rows={5}
        placeholder="Tell us about your brand, your goals and your timing."
        register={() => register('message')}
      />
    </InboxFormShell>
  );
}
