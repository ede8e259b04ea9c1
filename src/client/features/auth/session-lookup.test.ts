import { describe, expect, it } from 'vitest';
import { parseSession } from '../../lib/session-json.ts';
import { sameSession } from './api/session.ts';

// A session as a signed-in page's server render has it, and as GET /api/auth/get-session answers.
const rendered = {
  user: { id: 'u1', name: 'Ann', email: 'ann@example.com', createdAt: '2026-11-25T16:25:20.843Z' },
  session: { id: 's1', userId: 'u1', expiresAt: '2026-12-02T16:25:21.710Z' },
};
const answered = {
  session: { expiresAt: '2026-12-02T16:25:21.710Z', token: 'secret-token', userId: 'u1', id: 's1' },
  user: { createdAt: '2026-11-25T16:25:20.843Z', email: 'ann@example.com', name: 'Ann', id: 'u1' },
};
const parsed = (value: unknown) => parseSession(JSON.stringify(value));

describe('sameSession', () => {
  it("is true for the server render's session and get-session's answer for it", () => {
    expect(sameSession(parsed(rendered), parsed(answered))).toBe(true);
  });

  it('is false when anything but the order of fields and the token differs', () => {
    const renamed = { ...answered, user: { ...answered.user, name: 'Anne' } };
    const renewed = { ...answered, session: { ...answered.session, expiresAt: '2026-12-03T16:25:21.710Z' } };
    expect(sameSession(parsed(rendered), parsed(renamed))).toBe(false);
    expect(sameSession(parsed(rendered), parsed(renewed))).toBe(false);
    expect(sameSession(parsed(rendered), null)).toBe(false);
    expect(sameSession(null, null)).toBe(true);
  });
});
