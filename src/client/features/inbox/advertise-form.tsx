import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Send } from 'lucide-react';
import { toast } from '../../components/ui/toast.ts';
import {
  AD_TYPES,
  AD_TYPE_LABELS,
  BUDGETS,
  BUDGET_LABELS,
  COMPANY_MAX_LENGTH,
  INQUIRY_SENT_DESCRIPTION,
  INQUIRY_SENT_TITLE,
  MESSAGE_MAX_LENGTH,
  advertiserInquirySchema,
  type AdvertiserInquiry,
  type AdvertiserInquiryInput,
} from '../../../shared/inbox.ts';
import { Button } from '../../components/ui/button.tsx';
import { FormField } from '../../components/ui/form-field.tsx';
import { Input } from '../../components/ui/input.tsx';
import { NativeSelect } from '../../components/ui/native-select.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { Textarea } from '../../components/ui/textarea.tsx';
import { api, unwrap } from '../../lib/api.ts';
import { RequiredMark } from './required-mark.tsx';
import { anyBlank, reportSubmitError, toastRequiredFields } from './submit-errors.ts';

const EMPTY: AdvertiserInquiryInput = { company: '', email: '', budget: '', adType: '', message: '' };
const REQUIRED = ['company', 'email', 'message'] as const;

/** The advertiser inquiry: stored on the server for the team, answered within 24 hours. */
export function AdvertiseForm() {
  const {
    register,
    handleSubmit,
    getValues,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<AdvertiserInquiryInput, unknown, AdvertiserInquiry>({
    resolver: zodResolver(advertiserInquirySchema),
    defaultValues: EMPTY,
  });

  const onValid = async (inquiry: AdvertiserInquiry) => {
    try {
      await unwrap(api.api.inbox.advertise.$post({ json: inquiry }));
    } catch (error) {
      reportSubmitError(error, 'Inquiry not sent', setError, ['company', 'email', 'budget', 'adType', 'message']);
      return;
    }
    toast.success(INQUIRY_SENT_TITLE, { description: INQUIRY_SENT_DESCRIPTION });
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
      aria-label="Advertising inquiry"
    >
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField
          label={
            <>
              Company <RequiredMark />
            </>
          }
          error={errors.company?.message}
        >
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
              placeholder="you@company.com"
              aria-required="true"
              {...register('email')}
            />
          )}
        </FormField>
        <FormField label="Monthly budget" error={errors.budget?.message}>
          {(control) => (
            <NativeSelect {...control} {...register('budget')}>
              <option value="">Select a budget range</option>
              {BUDGETS.map((budget) => (
                <option key={budget} value={budget}>
                  {BUDGET_LABELS[budget]}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
        <FormField label="Ad type" error={errors.adType?.message}>
          {(control) => (
            <NativeSelect {...control} {...register('adType')}>
              <option value="">Select an ad type</option>
              {AD_TYPES.map((type) => (
                <option key={type} value={type}>
                  {AD_TYPE_LABELS[type]}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
      </div>
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
            rows={5}
            placeholder="Tell us about your brand, your goals and your timing."
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
          Send Inquiry
        </Button>
      </div>
    </form>
  );
}
