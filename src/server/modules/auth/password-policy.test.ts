import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './password.ts';
import { COMMON_PASSWORD_MESSAGE, isCommonPassword, loadCommonPasswords } from './password-policy.ts';

describe('common passwords', () => {
  it('knows at least the 10,000 most common passwords', async () => {
    expect((await loadCommonPasswords()).size).toBeGreaterThanOrEqual(10_000);
  });

  it.each(['password1', 'qwerty123', '123456', 'iloveyou', 'letmein', 'football', 'password'])(
    'counts %j as common',
    async (password) => {
      expect(await isCommonPassword(password)).toBe(true);
    },
  );

  it('ignores letter case', async () => {
    expect(await isCommonPassword('PassWord1')).toBe(true);
    expect(await isCommonPassword('QWERTY123')).toBe(true);
  });

  it.each(['correct-horse-battery-9', 'x7#kq2', 'a-brand-new-secret-42'])('does not count %j', async (password) => {
    expect(await isCommonPassword(password)).toBe(false);
  });

  it('says why a password is refused', () => {
    expect(COMMON_PASSWORD_MESSAGE).toMatch(/most commonly used passwords/);
    expect(COMMON_PASSWORD_MESSAGE).toMatch(/easy to guess/);
  });
});

describe('password hashing', () => {
  it('uses argon2id at OWASP’s minimum: 19 MiB, 2 passes, 1 lane', async () => {
    const digest = await hashPassword('correct-horse-battery-9');
    expect(digest.startsWith('$argon2id$v=19$m=19456,t=2,p=1$')).toBe(true);
  });

  it('salts every hash', async () => {
    const [a, b] = await Promise.all([hashPassword('same-password'), hashPassword('same-password')]);
    expect(a).not.toBe(b);
  });

  it('verifies the right password and nothing else', async () => {
    const digest = await hashPassword('correct-horse-battery-9');
    expect(await verifyPassword({ hash: digest, password: 'correct-horse-battery-9' })).toBe(true);
    expect(await verifyPassword({ hash: digest, password: 'correct-horse-battery-8' })).toBe(false);
    expect(await verifyPassword({ hash: digest, password: '' })).toBe(false);
  });

  it('answers false, not an error, for a malformed stored hash', async () => {
    expect(await verifyPassword({ hash: 'not-a-hash', password: 'x' })).toBe(false);
    expect(await verifyPassword({ hash: '', password: 'x' })).toBe(false);
  });

  it('handles passwords of any alphabet', async () => {
    const password = 'pässwörd-密码-🔑';
    const digest = await hashPassword(password);
    expect(await verifyPassword({ hash: digest, password })).toBe(true);
  });
});
