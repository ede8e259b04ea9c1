import { z } from 'zod';
import { displayNameSchema } from './display-name.ts';

import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './password-limits.ts';

export { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH };

export const emailSchema = z.string().trim().min(1, 'Email is required').email('Enter a valid email address');

export const newPasswordSchema = z
  .string()
  .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`);

export const signInSchema = z.object({
  email: emailSchema,
  password: z.string().min(1, 'Password is required'),
});

export const AGE_CONFIRMATION_MESSAGE = 'Confirm that you are 18 or older to create an account';

/**
 * "I am 18 or older": the terms require it of every account. The sign-up request carries it as
 * `ageConfirmed: true`; the server refuses a sign-up without it and stores when it was given.
 */
export const ageConfirmedSchema = z
  .boolean({ error: AGE_CONFIRMATION_MESSAGE })
  .refine((confirmed) => confirmed, AGE_CONFIRMATION_MESSAGE);

export const signUpSchema = z.object({
  /** Optional; it becomes the profile's display name, so it has that name's limit. */
  fullName: displayNameSchema('Full name'),
  email: emailSchema,
  password: newPasswordSchema,
  ageConfirmed: ageConfirmedSchema,
});

export const forgotPasswordSchema = z.object({ email: emailSchema });

export const resetPasswordSchema = z
  .object({ password: newPasswordSchema, confirm: z.string() })
  .refine((v) => v.password === v.confirm, { path: ['confirm'], message: 'Passwords do not match' });

export type SignInInput = z.infer<typeof signInSchema>;
export type SignUpInput = z.infer<typeof signUpSchema>;
