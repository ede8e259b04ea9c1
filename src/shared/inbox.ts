/**
 * The inbox contract: the contact form, the advertiser inquiry and the newsletter box. One set of
 * zod schemas feeds each form's resolver and validates the server's input (src/server/modules/inbox).
 */
import { z } from 'zod';
import { formatWholeNumber } from './number-format.ts';

export const NAME_MAX_LENGTH = 100;
export const EMAIL_MAX_LENGTH = 254;
export const SUBJECT_MAX_LENGTH = 200;
export const COMPANY_MAX_LENGTH = 200;
export const MESSAGE_MAX_LENGTH = 5000;

export const BUDGETS = ['500-1000', '1000-5000', '5000-10000', '10000+'] as const;
export type Budget = (typeof BUDGETS)[number];
/** What the budget select shows for each value (dollars per month). */
export const BUDGET_LABELS: Record<Budget, string> = {
  '500-1000': '$500 - $1,000',
  '1000-5000': '$1,000 - $5,000',
  '5000-10000': '$5,000 - $10,000',
  '10000+': '$10,000+',
};

export const AD_TYPES = ['banner', 'sponsored', 'partnership', 'custom'] as const;
export type AdType = (typeof AD_TYPES)[number];
export const AD_TYPE_LABELS: Record<AdType, string> = {
  banner: 'Banner Advertising',
  sponsored: 'Sponsored Content',
  partnership: 'Community Partnership',
  custom: 'Custom Package',
};

export const INBOX_KINDS = ['contact', 'advertising'] as const;
export type InboxKind = (typeof INBOX_KINDS)[number];
/** The admin's Issues view moves a message through these. */
export const INBOX_STATUSES = ['open', 'in-progress', 'resolved', 'closed'] as const;
export type InboxStatus = (typeof INBOX_STATUSES)[number];
export const INBOX_PRIORITIES = ['low', 'medium', 'high'] as const;
export type InboxPriority = (typeof INBOX_PRIORITIES)[number];

/** The product's quoted text, verbatim. */
export const REQUIRED_FIELDS_MESSAGE = 'Please fill in all required fields';
export const CONTACT_SENT_TITLE = 'Message Sent!';
export const CONTACT_SENT_DESCRIPTION = "We'll get back to you within 24 hours.";
export const INQUIRY_SENT_TITLE = 'Inquiry Sent!';
export const INQUIRY_SENT_DESCRIPTION = "We'll contact you within 24 hours to discuss your advertising needs.";

export const SUBSCRIBED_TITLE = "You're subscribed!";
export const SUBSCRIBED_DESCRIPTION = 'Watch your inbox for weekly insights, tips and community news.';
export const RATE_LIMITED_MESSAGE = 'Too many submissions from your network. Please wait a minute and try again.';

/** A zod error callback: `required` for a missing value, `invalid` for a value of the wrong type. */
const typeError = (required: string, invalid: string) => (issue: { input?: unknown }) =>
  issue.input === undefined || issue.input === null ? required : invalid;

const NUL = '\u0000';
const noNul = (label: string) =>
  [(s: string) => !s.includes(NUL), `${label} must not contain control character NUL`] as const;

/** Required text, trimmed: `label is required` when empty, a length cap otherwise. */
const requiredText = (label: string, max: number) =>
  z
    .string({ error: typeError(`${label} is required`, `${label} must be text`) })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${formatWholeNumber(max)} characters`)
    .refine(...noNul(label));

export const inboxEmailSchema = z
  .string({ error: typeError('Email is required', 'Email must be text') })
  .trim()
  .min(1, 'Email is required')
  .max(EMAIL_MAX_LENGTH, `Email must be at most ${EMAIL_MAX_LENGTH} characters`)
  .pipe(z.email('Enter a valid email address'));

const strict = <T extends z.core.$ZodLooseShape>(shape: T) =>
  z.strictObject(shape, {
    error: (issue) => (issue.code === 'unrecognized_keys' ? undefined : 'Expected a JSON object'),
  });

export const contactMessageSchema = strict({
  name: requiredText('Name', NAME_MAX_LENGTH),
  email: inboxEmailSchema,
  /** Optional: empty or blank means none. */
  subject: z
    .string({ error: 'Subject must be text' })
    .trim()
    .max(SUBJECT_MAX_LENGTH, `Subject must be at most ${SUBJECT_MAX_LENGTH} characters`)
    .refine(...noNul('Subject'))
    .nullish(),
  message: requiredText('Message', MESSAGE_MAX_LENGTH),
});
export type ContactMessageInput = z.input<typeof contactMessageSchema>;
export type ContactMessage = z.output<typeof contactMessageSchema>;

/** An optional choice from `values`; the form sends nothing (or '') when none is chosen. */
const optionalChoice = <T extends readonly [string, ...string[]]>(values: T, label: string) =>
  z
    .union([z.literal(''), z.enum(values)], { error: `${label} must be one of ${values.join(', ')}` })
    .optional()
    .transform((v) => (v === '' ? undefined : v));

export const advertiserInquirySchema = strict({
  company: requiredText('Company', COMPANY_MAX_LENGTH),
  email: inboxEmailSchema,
  budget: optionalChoice(BUDGETS, 'Budget'),
  adType: optionalChoice(AD_TYPES, 'Ad type'),
  message: requiredText('Message', MESSAGE_MAX_LENGTH),
});
export type AdvertiserInquiryInput = z.input<typeof advertiserInquirySchema>;
export type AdvertiserInquiry = z.output<typeof advertiserInquirySchema>;

export const newsletterSubscriptionSchema = strict({ email: inboxEmailSchema });
export type NewsletterSubscriptionInput = z.input<typeof newsletterSubscriptionSchema>;

/** What the server answers after storing a contact message or an inquiry. */
export interface InboxReceipt {
  id: string;
  receivedAt: string;
}
