import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { paths, publicProfilePath } from './routes.ts';
import { RESERVED_USERNAMES, USERNAME_PATTERN, checkUsername, isReservedUsername } from './usernames.ts';
import { usernameSchema } from './profile-schemas.ts';

const staticRoutes = Object.values(paths).filter((p) => p !== '/');

const messageOf = (input: string) => {
  const result = usernameSchema.safeParse(input);
  return result.success ? undefined : result.error.issues[0]?.message;
};

describe('usernameSchema', () => {
  it.each(['abc', 'a.b_c9', 'jane.doe', 'x'.repeat(30), '___', '2024bets'])('accepts %j', (name) => {
    expect(usernameSchema.parse(name)).toBe(name);
  });

  it('trims and lowercases', () => {
    expect(usernameSchema.parse('  Jane.Doe ')).toBe('jane.doe');
  });

  it.each([
    ['ab', 'Username must be at least 3 characters'],
    ['', 'Username must be at least 3 characters'],
    ['x'.repeat(31), 'Username must be at most 30 characters'],
    ['has-dash', 'Use only lowercase letters, digits, _ and .'],
    ['has space', 'Use only lowercase letters, digits, _ and .'],
    ['zoë', 'Use only lowercase letters, digits, _ and .'],
    ['a/b', 'Use only lowercase letters, digits, _ and .'],
    ['admin', 'That username is reserved'],
    ['Dashboard', 'That username is reserved'],
    [' API ', 'That username is reserved'],
  ])('rejects %j: %s', (name, message) => {
    expect(messageOf(name)).toBe(message);
  });
});

describe('reserved usernames', () => {
  it.each(['admin', 'api', 'assets', 'static', 'root', 'support', 'dashboard', 'auth', 'profile', 'betproof'])(
    'reserves %j',
    (name) => {
      expect(isReservedUsername(name)).toBe(true);
      expect(isReservedUsername(name.toUpperCase())).toBe(true);
    },
  );

  it('does not reserve ordinary names', () => {
    expect(isReservedUsername('jane.doe')).toBe(false);
    expect(isReservedUsername('admin123456')).toBe(false);
  });

  it.each(staticRoutes)('keeps the route %s from ever being a profile', (route) => {
    const name = route.slice(1);
    // Either the name is reserved, or it is not a possible username at all (e.g. reset-password).
    if (USERNAME_PATTERN.test(name)) expect(isReservedUsername(name)).toBe(true);
    expect(usernameSchema.safeParse(name).success).toBe(false);
  });

  it('lists only names a username could be: lowercase, 3-30 of a-z 0-9 _ ., each once', () => {
    expect(RESERVED_USERNAMES.length).toBeGreaterThan(staticRoutes.length);
    for (const name of RESERVED_USERNAMES) expect(name).toMatch(USERNAME_PATTERN);
    expect(new Set(RESERVED_USERNAMES).size).toBe(RESERVED_USERNAMES.length);
  });

  it('never lets a valid username shadow a static route', () => {
    const routes = new Set<string>(staticRoutes);
    fc.assert(
      fc.property(
        fc.oneof(
          fc.stringMatching(/^[A-Za-z0-9_.\- ]{0,32}$/),
          fc.constantFrom(...staticRoutes.map((r) => r.slice(1))),
          fc.constantFrom(...RESERVED_USERNAMES.map((r) => r.toUpperCase())),
        ),
        (input) => {
          const parsed = usernameSchema.safeParse(input);
          if (!parsed.success) return;
          expect(parsed.data).toMatch(USERNAME_PATTERN);
          expect(routes.has(publicProfilePath(parsed.data))).toBe(false);
          expect(isReservedUsername(parsed.data)).toBe(false);
        },
      ),
    );
  });

  it('checkUsername, which the forms check with as you type, answers as usernameSchema does', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string({ maxLength: 40 }),
          fc.stringMatching(/^[ A-Za-z0-9_.-]{0,34}$/),
          fc.constantFrom(...RESERVED_USERNAMES.map((r) => ` ${r.toUpperCase()} `)),
        ),
        (input) => {
          const parsed = usernameSchema.safeParse(input);
          expect(checkUsername(input)).toEqual(
            parsed.success
              ? { ok: true, username: parsed.data }
              : { ok: false, message: parsed.error.issues[0]?.message },
          );
        },
      ),
      { numRuns: 2000 },
    );
    expect(checkUsername(' Jane.Doe ')).toEqual({ ok: true, username: 'jane.doe' });
    expect(checkUsername('admin')).toEqual({ ok: false, message: 'That username is reserved' });
  });
});
