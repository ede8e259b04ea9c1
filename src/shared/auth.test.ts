import { describe, expect, it } from 'vitest';
import {
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  forgotPasswordSchema,
  resetPasswordSchema,
  signInSchema,
  signUpSchema,
} from './auth.ts';
import { DISPLAY_NAME_MAX_LENGTH } from './display-name.ts';
import { updateProfileSchema } from './profile-schemas.ts';

const firstMessage = (result: { success: boolean; error?: { issues: { message: string; path: PropertyKey[] }[] } }) =>
  result.success
    ? undefined
    : { path: result.error!.issues[0]!.path.join('.'), message: result.error!.issues[0]!.message };

describe('sign-up form', () => {
  const valid = { fullName: '', email: 'jane@example.com', password: 'correct-horse', ageConfirmed: true };

  it('accepts an empty full name and trims the email', () => {
    expect(signUpSchema.parse({ ...valid, email: '  jane@example.com ' })).toEqual(valid);
  });

  it.each([
    [{ email: '' }, 'email', 'Email is required'],
    [{ email: 'jane' }, 'email', 'Enter a valid email address'],
    [{ password: 'abc' }, 'password', `Password must be at least ${PASSWORD_MIN_LENGTH} characters`],
    [{ password: 'x'.repeat(PASSWORD_MAX_LENGTH + 1) }, 'password', 'Password must be at most 128 characters'],
    [{ fullName: 'x'.repeat(61) }, 'fullName', 'Full name must be at most 60 characters'],
    [{ ageConfirmed: false }, 'ageConfirmed', 'Confirm that you are 18 or older to create an account'],
    [{ ageConfirmed: undefined }, 'ageConfirmed', 'Confirm that you are 18 or older to create an account'],
  ])('rejects %j', (change, path, message) => {
    expect(firstMessage(signUpSchema.safeParse({ ...valid, ...change }))).toEqual({ path, message });
  });

  it('takes exactly the full names the profile form takes as a display name (sign-up makes one the other)', () => {
    for (const name of ['x'.repeat(DISPLAY_NAME_MAX_LENGTH), `  ${'é'.repeat(DISPLAY_NAME_MAX_LENGTH)} `]) {
      const fullName = signUpSchema.parse({ ...valid, fullName: name }).fullName;
      expect(updateProfileSchema.parse({ displayName: fullName })).toEqual({ displayName: fullName });
    }
    const tooLong = 'x'.repeat(DISPLAY_NAME_MAX_LENGTH + 1);
    expect(signUpSchema.safeParse({ ...valid, fullName: tooLong }).success).toBe(false);
    expect(updateProfileSchema.safeParse({ displayName: tooLong }).success).toBe(false);
  });

  it('uses a minimum of 6 characters', () => {
    expect(PASSWORD_MIN_LENGTH).toBe(6);
    expect(signUpSchema.safeParse({ ...valid, password: 'x7#kq2' }).success).toBe(true);
  });
});

describe('sign-in, forgot and reset forms', () => {
  it('needs an email and a password to sign in', () => {
    expect(firstMessage(signInSchema.safeParse({ email: 'jane@example.com', password: '' }))).toEqual({
      path: 'password',
      message: 'Password is required',
    });
    // Sign-in does not apply the new-password rules: old short passwords still sign in.
    expect(signInSchema.safeParse({ email: 'jane@example.com', password: 'abc' }).success).toBe(true);
  });

  it('needs a valid email to send a reset link', () => {
    expect(forgotPasswordSchema.safeParse({ email: 'nope' }).success).toBe(false);
    expect(forgotPasswordSchema.parse({ email: ' jane@example.com ' })).toEqual({ email: 'jane@example.com' });
  });

  it('needs the new password twice, alike', () => {
    expect(resetPasswordSchema.safeParse({ password: 'new-secret-1', confirm: 'new-secret-1' }).success).toBe(true);
    expect(firstMessage(resetPasswordSchema.safeParse({ password: 'new-secret-1', confirm: 'new-secret-2' }))).toEqual({
      path: 'confirm',
      message: 'Passwords do not match',
    });
    expect(firstMessage(resetPasswordSchema.safeParse({ password: 'abc', confirm: 'abc' }))?.path).toBe('password');
  });
});
