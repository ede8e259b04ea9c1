import { sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { BET_NOT_FOUND_MESSAGE, BET_PART_OF_RECORD_MESSAGE, settleAfterMessage } from '../shared/bets.ts';
import { EMPTY_SOCIAL_LINKS } from '../shared/profiles.ts';
import {
  DEFAULT_PASSWORD,
  cookieFrom,
  describeEachDatabase,
  freshIp,
  signIn,
  signUp,
  signUpAndSignIn,
  uniqueEmail,
  type TestEnv,
} from './test/harness.ts';
import { rowsOf, snapshotTables } from './test/db-snapshot.ts';
import { expectSecurityHeaders } from './test/security-headers.ts';
import { HOUR_MS } from '../shared/time-units.ts';

const ADMIN_EMAIL = 'matrix.admin@example.com';

type Caller = 'anonymous' | 'userA' | 'userB' | 'pending' | 'admin';
type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
type Row = [Method, string, anonymous: number, userA: number, userB: number, pending: number, admin: number];

/** The table's caller columns, in order. */
const CALLERS: Caller[] = ['anonymous', 'userA', 'userB', 'pending', 'admin'];

/**
 * Every API endpoint × every method × every kind of caller, and the exact status each gets.
 * userA and userB are plain signed-in users; pending has applied for verification (status
 * pending); admin is in ADMIN_EMAILS. Placeholders:
 *   :aBet          userA's bet whose event has started (B, pending and admin are refused before A settles
 *                  it; then it is part of A's record: A's delete is refused with 409)
 *   :aDraft        userA's bet whose event is ahead (A's settle waits for the event, 409; B, pending and
 *                  admin are refused before A deletes it, a correction)
 *   :aUser         userA's username; userA's profile is private (only A and admins see it)
 *   :bUser         userB's username; userB's profile is public
 *   :cUser         the username of an account whose email is not confirmed (its profile is set public):
 *                  to all but admins it does not exist yet
 *   :target        another user who applied for verification; :self the admin; :issue a contact message
 *   :resetToken    a fresh password-reset token (of an account no caller uses), per request
 *   :confirmToken  a fresh email-confirmation token (of a new account), per request
 * A write that a caller may make is sent a valid body (see bodyFor), so 2xx shows it works; every
 * method but GET is sent that body, so a refusal is not down to a bad body. In each row the
 * refused callers go first. Roles change only through ADMIN_EMAILS and the CLI: there is no role
 * endpoint, so no admin can change their own role. Better Auth answers only GET and POST (the
 * others are our JSON 404); get-session is GET only (405 to POST). Every Better Auth endpoint the
 * client does not call is switched off (DISABLED_AUTH_PATHS in auth.ts) and answers the JSON 404
 * to everyone, even given a body it would have taken: update-user a `javascript:` image,
 * revoke-session another user's session token, unlink-account the password login. Sign-out is
 * called with a second session of the caller, so the caller stays signed in for the rows after it.
 */
// prettier-ignore
const MATRIX: Row[] = [
  //                                                           anon A    B    pend admin
  ['GET',    '/api/health',                                    200, 200, 200, 200, 200],
  ['POST',   '/api/health',                                    404, 404, 404, 404, 404],
  ['PATCH',  '/api/health',                                    404, 404, 404, 404, 404],
  ['PUT',    '/api/health',                                    404, 404, 404, 404, 404],
  ['DELETE', '/api/health',                                    404, 404, 404, 404, 404],
  ['GET',    '/api/openapi.json',                              200, 200, 200, 200, 200],
  ['POST',   '/api/openapi.json',                              404, 404, 404, 404, 404],
  ['PATCH',  '/api/openapi.json',                              404, 404, 404, 404, 404],
  ['PUT',    '/api/openapi.json',                              404, 404, 404, 404, 404],
  ['DELETE', '/api/openapi.json',                              404, 404, 404, 404, 404],
  ['GET',    '/api/no-such-endpoint',                          404, 404, 404, 404, 404],
  ['POST',   '/api/no-such-endpoint',                          404, 404, 404, 404, 404],
  ['PATCH',  '/api/no-such-endpoint',                          404, 404, 404, 404, 404],
  ['PUT',    '/api/no-such-endpoint',                          404, 404, 404, 404, 404],
  ['DELETE', '/api/no-such-endpoint',                          404, 404, 404, 404, 404],

  ['GET',    '/api/admin/access',                              401, 403, 403, 403, 200],
  ['POST',   '/api/admin/access',                              401, 403, 403, 403, 404],
  ['PATCH',  '/api/admin/access',                              401, 403, 403, 403, 404],
  ['PUT',    '/api/admin/access',                              401, 403, 403, 403, 404],
  ['DELETE', '/api/admin/access',                              401, 403, 403, 403, 404],
  ['GET',    '/api/admin/stats',                               401, 403, 403, 403, 200],
  ['POST',   '/api/admin/stats',                               401, 403, 403, 403, 404],
  ['PATCH',  '/api/admin/stats',                               401, 403, 403, 403, 404],
  ['PUT',    '/api/admin/stats',                               401, 403, 403, 403, 404],
  ['DELETE', '/api/admin/stats',                               401, 403, 403, 403, 404],
  ['GET',    '/api/admin/users?search=matrix',                 401, 403, 403, 403, 200],
  ['POST',   '/api/admin/users',                               401, 403, 403, 403, 404],
  ['PATCH',  '/api/admin/users',                               401, 403, 403, 403, 404],
  ['PUT',    '/api/admin/users',                               401, 403, 403, 403, 404],
  ['DELETE', '/api/admin/users',                               401, 403, 403, 403, 404],
  ['GET',    '/api/admin/users/:target/verification',          401, 403, 403, 403, 404],
  ['POST',   '/api/admin/users/:target/verification',          401, 403, 403, 403, 404],
  ['PATCH',  '/api/admin/users/:target/verification',          401, 403, 403, 403, 200],
  ['PUT',    '/api/admin/users/:target/verification',          401, 403, 403, 403, 404],
  ['DELETE', '/api/admin/users/:target/verification',          401, 403, 403, 403, 404],
  ['GET',    '/api/admin/users/:self/role',                    401, 403, 403, 403, 404],
  ['POST',   '/api/admin/users/:self/role',                    401, 403, 403, 403, 404],
  ['PATCH',  '/api/admin/users/:self/role',                    401, 403, 403, 403, 404],
  ['PUT',    '/api/admin/users/:self/role',                    401, 403, 403, 403, 404],
  ['DELETE', '/api/admin/users/:self/role',                    401, 403, 403, 403, 404],
  ['GET',    '/api/admin/issues',                              401, 403, 403, 403, 200],
  ['POST',   '/api/admin/issues',                              401, 403, 403, 403, 404],
  ['PATCH',  '/api/admin/issues',                              401, 403, 403, 403, 404],
  ['PUT',    '/api/admin/issues',                              401, 403, 403, 403, 404],
  ['DELETE', '/api/admin/issues',                              401, 403, 403, 403, 404],
  ['GET',    '/api/admin/issues/:issue',                       401, 403, 403, 403, 200],
  ['POST',   '/api/admin/issues/:issue',                       401, 403, 403, 403, 404],
  ['PATCH',  '/api/admin/issues/:issue',                       401, 403, 403, 403, 200],
  ['PUT',    '/api/admin/issues/:issue',                       401, 403, 403, 403, 404],
  ['DELETE', '/api/admin/issues/:issue',                       401, 403, 403, 403, 404],
  ['GET',    '/api/admin/analytics',                           401, 403, 403, 403, 200],
  ['POST',   '/api/admin/analytics',                           401, 403, 403, 403, 404],
  ['PATCH',  '/api/admin/analytics',                           401, 403, 403, 403, 404],
  ['PUT',    '/api/admin/analytics',                           401, 403, 403, 403, 404],
  ['DELETE', '/api/admin/analytics',                           401, 403, 403, 403, 404],
  ['GET',    '/api/admin/logs',                                401, 403, 403, 403, 200],
  ['POST',   '/api/admin/logs',                                401, 403, 403, 403, 404],
  ['PATCH',  '/api/admin/logs',                                401, 403, 403, 403, 404],
  ['PUT',    '/api/admin/logs',                                401, 403, 403, 403, 404],
  ['DELETE', '/api/admin/logs',                                401, 403, 403, 403, 404],
  ['GET',    '/api/admin/no-such-endpoint',                    401, 403, 403, 403, 404],
  ['POST',   '/api/admin/no-such-endpoint',                    401, 403, 403, 403, 404],
  ['PATCH',  '/api/admin/no-such-endpoint',                    401, 403, 403, 403, 404],
  ['PUT',    '/api/admin/no-such-endpoint',                    401, 403, 403, 403, 404],
  ['DELETE', '/api/admin/no-such-endpoint',                    401, 403, 403, 403, 404],

  ['GET',    '/api/verification',                              401, 200, 200, 200, 200],
  ['POST',   '/api/verification',                              401, 404, 404, 404, 404],
  ['PATCH',  '/api/verification',                              401, 404, 404, 404, 404],
  ['PUT',    '/api/verification',                              401, 404, 404, 404, 404],
  ['DELETE', '/api/verification',                              401, 404, 404, 404, 404],
  ['GET',    '/api/verification/apply',                        401, 404, 404, 404, 404],
  ['POST',   '/api/verification/apply',                        401, 201, 201, 409, 201],
  ['PATCH',  '/api/verification/apply',                        401, 404, 404, 404, 404],
  ['PUT',    '/api/verification/apply',                        401, 404, 404, 404, 404],
  ['DELETE', '/api/verification/apply',                        401, 404, 404, 404, 404],

  ['GET',    '/api/bets',                                      401, 200, 200, 200, 200],
  ['POST',   '/api/bets',                                      401, 201, 201, 201, 201],
  ['PATCH',  '/api/bets',                                      401, 404, 404, 404, 404],
  ['PUT',    '/api/bets',                                      401, 404, 404, 404, 404],
  ['DELETE', '/api/bets',                                      401, 404, 404, 404, 404],
  ['GET',    '/api/bets/stats',                                401, 200, 200, 200, 200],
  ['POST',   '/api/bets/stats',                                401, 404, 404, 404, 404],
  ['PATCH',  '/api/bets/stats',                                401, 404, 404, 404, 404],
  ['PUT',    '/api/bets/stats',                                401, 404, 404, 404, 404],
  ['DELETE', '/api/bets/stats',                                401, 404, 404, 404, 404],
  ['GET',    '/api/bets/import',                               401, 404, 404, 404, 404],
  ['POST',   '/api/bets/import',                               401, 200, 200, 200, 200],
  ['PATCH',  '/api/bets/import',                               401, 422, 422, 422, 422],
  ['PUT',    '/api/bets/import',                               401, 404, 404, 404, 404],
  ['DELETE', '/api/bets/import',                               401, 404, 404, 404, 404],
  ['GET',    '/api/bets/imported',                             401, 200, 200, 200, 200],
  ['POST',   '/api/bets/imported',                             401, 404, 404, 404, 404],
  ['PATCH',  '/api/bets/imported',                             401, 404, 404, 404, 404],
  ['PUT',    '/api/bets/imported',                             401, 404, 404, 404, 404],
  ['DELETE', '/api/bets/imported',                             401, 404, 404, 404, 404],
  ['GET',    '/api/bets/:aBet',                                401, 404, 404, 404, 404],
  ['POST',   '/api/bets/:aBet',                                401, 404, 404, 404, 404],
  ['PATCH',  '/api/bets/:aBet',                                401, 200, 404, 404, 404],
  ['PUT',    '/api/bets/:aBet',                                401, 404, 404, 404, 404],
  ['DELETE', '/api/bets/:aBet',                                401, 409, 404, 404, 404],
  ['GET',    '/api/bets/:aDraft',                              401, 404, 404, 404, 404],
  ['POST',   '/api/bets/:aDraft',                              401, 404, 404, 404, 404],
  ['PATCH',  '/api/bets/:aDraft',                              401, 409, 404, 404, 404],
  ['PUT',    '/api/bets/:aDraft',                              401, 404, 404, 404, 404],
  ['DELETE', '/api/bets/:aDraft',                              401, 204, 404, 404, 404],

  ['GET',    '/api/inbox/contact',                             404, 404, 404, 404, 404],
  ['POST',   '/api/inbox/contact',                             201, 201, 201, 201, 201],
  ['PATCH',  '/api/inbox/contact',                             404, 404, 404, 404, 404],
  ['PUT',    '/api/inbox/contact',                             404, 404, 404, 404, 404],
  ['DELETE', '/api/inbox/contact',                             404, 404, 404, 404, 404],
  ['GET',    '/api/inbox/advertise',                           404, 404, 404, 404, 404],
  ['POST',   '/api/inbox/advertise',                           201, 201, 201, 201, 201],
  ['PATCH',  '/api/inbox/advertise',                           404, 404, 404, 404, 404],
  ['PUT',    '/api/inbox/advertise',                           404, 404, 404, 404, 404],
  ['DELETE', '/api/inbox/advertise',                           404, 404, 404, 404, 404],
  ['GET',    '/api/inbox/newsletter',                          404, 404, 404, 404, 404],
  ['POST',   '/api/inbox/newsletter',                          201, 201, 201, 201, 201],
  ['PATCH',  '/api/inbox/newsletter',                          404, 404, 404, 404, 404],
  ['PUT',    '/api/inbox/newsletter',                          404, 404, 404, 404, 404],
  ['DELETE', '/api/inbox/newsletter',                          404, 404, 404, 404, 404],

  ['GET',    '/api/profiles/:aUser',                           404, 200, 404, 404, 200],
  ['POST',   '/api/profiles/:aUser',                           404, 404, 404, 404, 404],
  ['PATCH',  '/api/profiles/:aUser',                           404, 404, 404, 404, 404],
  ['PUT',    '/api/profiles/:aUser',                           404, 404, 404, 404, 404],
  ['DELETE', '/api/profiles/:aUser',                           404, 404, 404, 404, 404],
  ['GET',    '/api/profiles/:aUser/bets',                      404, 200, 404, 404, 200],
  ['POST',   '/api/profiles/:aUser/bets',                      404, 404, 404, 404, 404],
  ['PATCH',  '/api/profiles/:aUser/bets',                      404, 404, 404, 404, 404],
  ['PUT',    '/api/profiles/:aUser/bets',                      404, 404, 404, 404, 404],
  ['DELETE', '/api/profiles/:aUser/bets',                      404, 404, 404, 404, 404],
  ['GET',    '/api/profiles/:bUser',                           200, 200, 200, 200, 200],
  ['POST',   '/api/profiles/:bUser',                           404, 404, 404, 404, 404],
  ['PATCH',  '/api/profiles/:bUser',                           404, 404, 404, 404, 404],
  ['PUT',    '/api/profiles/:bUser',                           404, 404, 404, 404, 404],
  ['DELETE', '/api/profiles/:bUser',                           404, 404, 404, 404, 404],
  ['GET',    '/api/profiles/:bUser/bets',                      200, 200, 200, 200, 200],
  ['POST',   '/api/profiles/:bUser/bets',                      404, 404, 404, 404, 404],
  ['PATCH',  '/api/profiles/:bUser/bets',                      404, 404, 404, 404, 404],
  ['PUT',    '/api/profiles/:bUser/bets',                      404, 404, 404, 404, 404],
  ['DELETE', '/api/profiles/:bUser/bets',                      404, 404, 404, 404, 404],
  ['GET',    '/api/profiles/:cUser',                           404, 404, 404, 404, 200],
  ['POST',   '/api/profiles/:cUser',                           404, 404, 404, 404, 404],
  ['PATCH',  '/api/profiles/:cUser',                           404, 404, 404, 404, 404],
  ['PUT',    '/api/profiles/:cUser',                           404, 404, 404, 404, 404],
  ['DELETE', '/api/profiles/:cUser',                           404, 404, 404, 404, 404],
  ['GET',    '/api/profiles/:cUser/bets',                      404, 404, 404, 404, 200],
  ['POST',   '/api/profiles/:cUser/bets',                      404, 404, 404, 404, 404],
  ['PATCH',  '/api/profiles/:cUser/bets',                      404, 404, 404, 404, 404],
  ['PUT',    '/api/profiles/:cUser/bets',                      404, 404, 404, 404, 404],
  ['DELETE', '/api/profiles/:cUser/bets',                      404, 404, 404, 404, 404],
  ['GET',    '/api/profiles/no-such-user',                     404, 404, 404, 404, 404],
  ['POST',   '/api/profiles/no-such-user',                     404, 404, 404, 404, 404],
  ['PATCH',  '/api/profiles/no-such-user',                     404, 404, 404, 404, 404],
  ['PUT',    '/api/profiles/no-such-user',                     404, 404, 404, 404, 404],
  ['DELETE', '/api/profiles/no-such-user',                     404, 404, 404, 404, 404],

  ['GET',    '/api/profile',                                   401, 200, 200, 200, 200],
  ['POST',   '/api/profile',                                   401, 404, 404, 404, 404],
  ['PATCH',  '/api/profile',                                   401, 200, 200, 200, 200],
  ['PUT',    '/api/profile',                                   401, 404, 404, 404, 404],
  ['DELETE', '/api/profile',                                   401, 404, 404, 404, 404],
  ['GET',    '/api/profile/settings',                          401, 404, 404, 404, 404],
  ['POST',   '/api/profile/settings',                          401, 404, 404, 404, 404],
  ['PATCH',  '/api/profile/settings',                          401, 404, 404, 404, 404],
  ['PUT',    '/api/profile/settings',                          401, 200, 200, 200, 200],
  ['DELETE', '/api/profile/settings',                          401, 404, 404, 404, 404],
  ['GET',    '/api/profile/username-availability?username=matrix_free',
                                                               401, 200, 200, 200, 200],
  ['POST',   '/api/profile/username-availability',             401, 404, 404, 404, 404],
  ['PATCH',  '/api/profile/username-availability',             401, 404, 404, 404, 404],
  ['PUT',    '/api/profile/username-availability',             401, 404, 404, 404, 404],
  ['DELETE', '/api/profile/username-availability',             401, 404, 404, 404, 404],
  ['GET',    '/api/profile/analytics',                         401, 200, 200, 200, 200],
  ['POST',   '/api/profile/analytics',                         401, 404, 404, 404, 404],
  ['PATCH',  '/api/profile/analytics',                         401, 404, 404, 404, 404],
  ['PUT',    '/api/profile/analytics',                         401, 404, 404, 404, 404],
  ['DELETE', '/api/profile/analytics',                         401, 404, 404, 404, 404],
  ['GET',    '/api/profile/export.csv',                        401, 200, 200, 200, 200],
  ['POST',   '/api/profile/export.csv',                        401, 404, 404, 404, 404],
  ['PATCH',  '/api/profile/export.csv',                        401, 404, 404, 404, 404],
  ['PUT',    '/api/profile/export.csv',                        401, 404, 404, 404, 404],
  ['DELETE', '/api/profile/export.csv',                        401, 404, 404, 404, 404],

  ['GET',    '/api/community/spotlight',                       200, 200, 200, 200, 200],
  ['POST',   '/api/community/spotlight',                       404, 404, 404, 404, 404],
  ['PATCH',  '/api/community/spotlight',                       404, 404, 404, 404, 404],
  ['PUT',    '/api/community/spotlight',                       404, 404, 404, 404, 404],
  ['DELETE', '/api/community/spotlight',                       404, 404, 404, 404, 404],
  ['GET',    '/api/community/influencers',                     200, 200, 200, 200, 200],
  ['POST',   '/api/community/influencers',                     404, 404, 404, 404, 404],
  ['PATCH',  '/api/community/influencers',                     404, 404, 404, 404, 404],
  ['PUT',    '/api/community/influencers',                     404, 404, 404, 404, 404],
  ['DELETE', '/api/community/influencers',                     404, 404, 404, 404, 404],

  // The bettor's own wellbeing tools (docs/decisions/034): every caller reaches only their own;
  // no path names another user. After the bets rows: a cool-off refuses the caller's recording.
  ['GET',    '/api/me/wellbeing',                              401, 200, 200, 200, 200],
  ['POST',   '/api/me/wellbeing',                              401, 404, 404, 404, 404],
  ['PATCH',  '/api/me/wellbeing',                              401, 404, 404, 404, 404],
  ['PUT',    '/api/me/wellbeing',                              401, 200, 200, 200, 200],
  ['DELETE', '/api/me/wellbeing',                              401, 404, 404, 404, 404],
  ['GET',    '/api/me/wellbeing/check',                        401, 404, 404, 404, 404],
  ['POST',   '/api/me/wellbeing/check',                        401, 200, 200, 200, 200],
  ['PATCH',  '/api/me/wellbeing/check',                        401, 404, 404, 404, 404],
  ['PUT',    '/api/me/wellbeing/check',                        401, 404, 404, 404, 404],
  ['DELETE', '/api/me/wellbeing/check',                        401, 404, 404, 404, 404],
  ['GET',    '/api/me/cool-off',                               401, 404, 404, 404, 404],
  ['POST',   '/api/me/cool-off',                               401, 200, 200, 200, 200],
  ['PATCH',  '/api/me/cool-off',                               401, 404, 404, 404, 404],
  ['PUT',    '/api/me/cool-off',                               401, 404, 404, 404, 404],
  ['DELETE', '/api/me/cool-off',                               401, 404, 404, 404, 404],
  ['GET',    '/api/help-resources',                            200, 200, 200, 200, 200],
  ['POST',   '/api/help-resources',                            404, 404, 404, 404, 404],
  ['PATCH',  '/api/help-resources',                            404, 404, 404, 404, 404],
  ['PUT',    '/api/help-resources',                            404, 404, 404, 404, 404],
  ['DELETE', '/api/help-resources',                            404, 404, 404, 404, 404],

  ['GET',    '/api/auth/get-session',                          200, 200, 200, 200, 200],
  ['POST',   '/api/auth/get-session',                          405, 405, 405, 405, 405],
  ['PATCH',  '/api/auth/get-session',                          404, 404, 404, 404, 404],
  ['PUT',    '/api/auth/get-session',                          404, 404, 404, 404, 404],
  ['DELETE', '/api/auth/get-session',                          404, 404, 404, 404, 404],
  ['GET',    '/api/auth/sign-up/email',                        404, 404, 404, 404, 404],
  ['POST',   '/api/auth/sign-up/email',                        200, 200, 200, 200, 200],
  ['PATCH',  '/api/auth/sign-up/email',                        404, 404, 404, 404, 404],
  ['PUT',    '/api/auth/sign-up/email',                        404, 404, 404, 404, 404],
  ['DELETE', '/api/auth/sign-up/email',                        404, 404, 404, 404, 404],
  ['GET',    '/api/auth/verify-email?token=:confirmToken&callbackURL=/auth',
                                                               302, 302, 302, 302, 302],
  ['POST',   '/api/auth/verify-email',                         404, 404, 404, 404, 404],
  ['PATCH',  '/api/auth/verify-email',                         404, 404, 404, 404, 404],
  ['PUT',    '/api/auth/verify-email',                         404, 404, 404, 404, 404],
  ['DELETE', '/api/auth/verify-email',                         404, 404, 404, 404, 404],
  ['GET',    '/api/auth/sign-in/email',                        404, 404, 404, 404, 404],
  ['POST',   '/api/auth/sign-in/email',                        200, 200, 200, 200, 200],
  ['PATCH',  '/api/auth/sign-in/email',                        404, 404, 404, 404, 404],
  ['PUT',    '/api/auth/sign-in/email',                        404, 404, 404, 404, 404],
  ['DELETE', '/api/auth/sign-in/email',                        404, 404, 404, 404, 404],
  ['GET',    '/api/auth/sign-out',                             404, 404, 404, 404, 404],
  ['POST',   '/api/auth/sign-out',                             200, 200, 200, 200, 200],
  ['PATCH',  '/api/auth/sign-out',                             404, 404, 404, 404, 404],
  ['PUT',    '/api/auth/sign-out',                             404, 404, 404, 404, 404],
  ['DELETE', '/api/auth/sign-out',                             404, 404, 404, 404, 404],
  ['GET',    '/api/auth/request-password-reset',               404, 404, 404, 404, 404],
  ['POST',   '/api/auth/request-password-reset',               200, 200, 200, 200, 200],
  ['PATCH',  '/api/auth/request-password-reset',               404, 404, 404, 404, 404],
  ['PUT',    '/api/auth/request-password-reset',               404, 404, 404, 404, 404],
  ['DELETE', '/api/auth/request-password-reset',               404, 404, 404, 404, 404],
  ['GET',    '/api/auth/reset-password/:resetToken?callbackURL=/reset-password',
                                                               302, 302, 302, 302, 302],
  ['POST',   '/api/auth/reset-password/:resetToken',           404, 404, 404, 404, 404],
  ['PATCH',  '/api/auth/reset-password/:resetToken',           404, 404, 404, 404, 404],
  ['PUT',    '/api/auth/reset-password/:resetToken',           404, 404, 404, 404, 404],
  ['DELETE', '/api/auth/reset-password/:resetToken',           404, 404, 404, 404, 404],
  ['GET',    '/api/auth/reset-password',                       404, 404, 404, 404, 404],
  ['POST',   '/api/auth/reset-password',                       200, 200, 200, 200, 200],
  ['PATCH',  '/api/auth/reset-password',                       404, 404, 404, 404, 404],
  ['PUT',    '/api/auth/reset-password',                       404, 404, 404, 404, 404],
  ['DELETE', '/api/auth/reset-password',                       404, 404, 404, 404, 404],
  // Two-factor sign-in (modules/auth/two-factor.ts). Every signed-in caller may start enabling it
  // (an unconfirmed secret: nothing changes at their sign-in); confirming takes the code of that
  // secret, which no caller here has, so verify-totp and verify-backup-code are refused (anonymous
  // callers have no password step's cookie); disable replaces the session (a second sign-in).
  ['GET',    '/api/auth/two-factor/enable',                    404, 404, 404, 404, 404],
  ['POST',   '/api/auth/two-factor/enable',                    401, 200, 200, 200, 200],
  ['PATCH',  '/api/auth/two-factor/enable',                    404, 404, 404, 404, 404],
  ['PUT',    '/api/auth/two-factor/enable',                    404, 404, 404, 404, 404],
  ['DELETE', '/api/auth/two-factor/enable',                    404, 404, 404, 404, 404],
  ['GET',    '/api/auth/two-factor/verify-totp',               404, 404, 404, 404, 404],
  ['POST',   '/api/auth/two-factor/verify-totp',               401, 401, 401, 401, 401],
  ['PATCH',  '/api/auth/two-factor/verify-totp',               404, 404, 404, 404, 404],
  ['PUT',    '/api/auth/two-factor/verify-totp',               404, 404, 404, 404, 404],
  ['DELETE', '/api/auth/two-factor/verify-totp',               404, 404, 404, 404, 404],
  ['GET',    '/api/auth/two-factor/verify-backup-code',        404, 404, 404, 404, 404],
  ['POST',   '/api/auth/two-factor/verify-backup-code',        401, 401, 401, 401, 401],
  ['PATCH',  '/api/auth/two-factor/verify-backup-code',        404, 404, 404, 404, 404],
  ['PUT',    '/api/auth/two-factor/verify-backup-code',        404, 404, 404, 404, 404],
  ['DELETE', '/api/auth/two-factor/verify-backup-code',        404, 404, 404, 404, 404],
  ['GET',    '/api/auth/two-factor/disable',                   404, 404, 404, 404, 404],
  ['POST',   '/api/auth/two-factor/disable',                   401, 200, 200, 200, 200],
  ['PATCH',  '/api/auth/two-factor/disable',                   404, 404, 404, 404, 404],
  ['PUT',    '/api/auth/two-factor/disable',                   404, 404, 404, 404, 404],
  ['DELETE', '/api/auth/two-factor/disable',                   404, 404, 404, 404, 404],

  // Switched off (DISABLED_AUTH_PATHS in auth.ts): the client never calls them.
  ['GET',    '/api/auth/sign-in/social',                       404, 404, 404, 404, 404],
  ['POST',   '/api/auth/sign-in/social',                       404, 404, 404, 404, 404],
  ['PATCH',  '/api/auth/sign-in/social',                       404, 404, 404, 404, 404],
  ['PUT',    '/api/auth/sign-in/social',                       404, 404, 404, 404, 404],
  ['DELETE', '/api/auth/sign-in/social',                       404, 404, 404, 404, 404],
  ['GET',    '/api/auth/callback/google',                      404, 404, 404, 404, 404],
  ['POST',   '/api/auth/callback/google',                      404, 404, 404, 404, 404],
  ['PATCH',  '/api/auth/callback/google',                      404, 404, 404, 404, 404],
  ['PUT',    '/api/auth/callback/google',                      404, 404, 404, 404, 404],
  ['DELETE', '/api/auth/callback/google',                      404, 404, 404, 404, 404],
  ['GET',    '/api/auth/verify-password',                      404, 404, 404, 404, 404],
  ['POST',   '/api/auth/verify-password',                      404, 404, 404, 404, 404],
  ['PATCH',  '/api/auth/verify-password',                      404, 404, 404, 404, 404],
  ['PUT',    '/api/auth/verify-password',                      404, 404, 404, 404, 404],
  ['DELETE', '/api/auth/verify-password',                      404, 404, 404, 404, 404],
  ['GET',    '/api/auth/send-verification-email',              404, 404, 404, 404, 404],
  ['POST',   '/api/auth/send-verification-email',              404, 404, 404, 404, 404],
  ['PATCH',  '/api/auth/send-verification-email',              404, 404, 404, 404, 404],
  ['PUT',    '/api/auth/send-verification-email',              404, 404, 404, 404, 404],
  ['DELETE', '/api/auth/send-verification-email',              404, 404, 404, 404, 404],
  ['GET',    '/api/auth/change-email',                         404, 404, 404, 404, 404],
  ['POST',   '/api/auth/change-email',                         404, 404, 404, 404, 404],
  ['PATCH',  '/api/auth/change-email',                         404, 404, 404, 404, 404],
  ['PUT',    '/api/auth/change-email',                         404, 404, 404, 404, 404],
  ['DELETE', '/api/auth/change-email',                         404, 404, 404, 404, 404],
  ['GET',    '/api/auth/change-password',                      404, 404, 404, 404, 404],
  ['POST',   '/api/auth/change-password',                      404, 404, 404, 404, 404],
  ['PATCH',  '/api/auth/change-password',                      404, 404, 404, 404, 404],
  ['PUT',    '/api/auth/change-password',                      404, 404, 404, 404, 404],
  ['DELETE', '/api/auth/change-password',                      404, 404, 404, 404, 404],
  ['GET',    '/api/auth/update-session',                       404, 404, 404, 404, 404],
  ['POST',   '/api/auth/update-session',                       404, 404, 404, 404, 404],
  ['PATCH',  '/api/auth/update-session',                       404, 404, 404, 404, 404],
  ['PUT',    '/api/auth/update-session',                       404, 404, 404, 404, 404],
  ['DELETE', '/api/auth/update-session',                       404, 404, 404, 404, 404],
  ['GET',    '/api/auth/update-user',                          404, 404, 404, 404, 404],
  ['POST',   '/api/auth/update-user',                          404, 404, 404, 404, 404],
  ['PATCH',  '/api/auth/update-user',                          404, 404, 404, 404, 404],
  ['PUT',    '/api/auth/update-user',                          404, 404, 404, 404, 404],
  ['DELETE', '/api/auth/update-user',                          404, 404, 404, 404, 404],
  ['GET',    '/api/auth/delete-user',                          404, 404, 404, 404, 404],
  ['POST',   '/api/auth/delete-user',                          404, 404, 404, 404, 404],
  ['PATCH',  '/api/auth/delete-user',                          404, 404, 404, 404, 404],
  ['PUT',    '/api/auth/delete-user',                          404, 404, 404, 404, 404],
  ['DELETE', '/api/auth/delete-user',                          404, 404, 404, 404, 404],
  ['GET',    '/api/auth/delete-user/callback',                 404, 404, 404, 404, 404],
  ['POST',   '/api/auth/delete-user/callback',                 404, 404, 404, 404, 404],
  ['PATCH',  '/api/auth/delete-user/callback',                 404, 404, 404, 404, 404],
  ['PUT',    '/api/auth/delete-user/callback',                 404, 404, 404, 404, 404],
  ['DELETE', '/api/auth/delete-user/callback',                 404, 404, 404, 404, 404],
  ['GET',    '/api/auth/list-sessions',                        404, 404, 404, 404, 404],
  ['POST',   '/api/auth/list-sessions',                        404, 404, 404, 404, 404],
  ['PATCH',  '/api/auth/list-sessions',                        404, 404, 404, 404, 404],
  ['PUT',    '/api/auth/list-sessions',                        404, 404, 404, 404, 404],
  ['DELETE', '/api/auth/list-sessions',                        404, 404, 404, 404, 404],
  ['GET',    '/api/auth/revoke-session',                       404, 404, 404, 404, 404],
  ['POST',   '/api/auth/revoke-session',                       404, 404, 404, 404, 404],
  ['PATCH',  '/api/auth/revoke-session',                       404, 404, 404, 404, 404],
  ['PUT',    '/api/auth/revoke-session',                       404, 404, 404, 404, 404],
  ['DELETE', '/api/auth/revoke-session',                       404, 404, 404, 404, 404],
  ['GET',    '/api/auth/revoke-sessions',                      404, 404, 404, 404, 404],
  ['POST',   '/api/auth/revoke-sessions',                      404, 404, 404, 404, 404],
  ['PATCH',  '/api/auth/revoke-sessions',                      404, 404, 404, 404, 404],
  ['PUT',    '/api/auth/revoke-sessions',                      404, 404, 404, 404, 404],
  ['DELETE', '/api/auth/revoke-sessions',                      404, 404, 404, 404, 404],
  ['GET',    '/api/auth/revoke-other-sessions',                404, 404, 404, 404, 404],
  ['POST',   '/api/auth/revoke-other-sessions',                404, 404, 404, 404, 404],
  ['PATCH',  '/api/auth/revoke-other-sessions',                404, 404, 404, 404, 404],
  ['PUT',    '/api/auth/revoke-other-sessions',                404, 404, 404, 404, 404],
  ['DELETE', '/api/auth/revoke-other-sessions',                404, 404, 404, 404, 404],
  ['GET',    '/api/auth/link-social',                          404, 404, 404, 404, 404],
  ['POST',   '/api/auth/link-social',                          404, 404, 404, 404, 404],
  ['PATCH',  '/api/auth/link-social',                          404, 404, 404, 404, 404],
  ['PUT',    '/api/auth/link-social',                          404, 404, 404, 404, 404],
  ['DELETE', '/api/auth/link-social',                          404, 404, 404, 404, 404],
  ['GET',    '/api/auth/list-accounts',                        404, 404, 404, 404, 404],
  ['POST',   '/api/auth/list-accounts',                        404, 404, 404, 404, 404],
  ['PATCH',  '/api/auth/list-accounts',                        404, 404, 404, 404, 404],
  ['PUT',    '/api/auth/list-accounts',                        404, 404, 404, 404, 404],
  ['DELETE', '/api/auth/list-accounts',                        404, 404, 404, 404, 404],
  ['GET',    '/api/auth/unlink-account',                       404, 404, 404, 404, 404],
  ['POST',   '/api/auth/unlink-account',                       404, 404, 404, 404, 404],
  ['PATCH',  '/api/auth/unlink-account',                       404, 404, 404, 404, 404],
  ['PUT',    '/api/auth/unlink-account',                       404, 404, 404, 404, 404],
  ['DELETE', '/api/auth/unlink-account',                       404, 404, 404, 404, 404],
  ['GET',    '/api/auth/refresh-token',                        404, 404, 404, 404, 404],
  ['POST',   '/api/auth/refresh-token',                        404, 404, 404, 404, 404],
  ['PATCH',  '/api/auth/refresh-token',                        404, 404, 404, 404, 404],
  ['PUT',    '/api/auth/refresh-token',                        404, 404, 404, 404, 404],
  ['DELETE', '/api/auth/refresh-token',                        404, 404, 404, 404, 404],
  ['GET',    '/api/auth/get-access-token',                     404, 404, 404, 404, 404],
  ['POST',   '/api/auth/get-access-token',                     404, 404, 404, 404, 404],
  ['PATCH',  '/api/auth/get-access-token',                     404, 404, 404, 404, 404],
  ['PUT',    '/api/auth/get-access-token',                     404, 404, 404, 404, 404],
  ['DELETE', '/api/auth/get-access-token',                     404, 404, 404, 404, 404],
  ['GET',    '/api/auth/account-info',                         404, 404, 404, 404, 404],
  ['POST',   '/api/auth/account-info',                         404, 404, 404, 404, 404],
  ['PATCH',  '/api/auth/account-info',                         404, 404, 404, 404, 404],
  ['PUT',    '/api/auth/account-info',                         404, 404, 404, 404, 404],
  ['DELETE', '/api/auth/account-info',                         404, 404, 404, 404, 404],
  ['GET',    '/api/auth/ok',                                   404, 404, 404, 404, 404],
  ['POST',   '/api/auth/ok',                                   404, 404, 404, 404, 404],
  ['PATCH',  '/api/auth/ok',                                   404, 404, 404, 404, 404],
  ['PUT',    '/api/auth/ok',                                   404, 404, 404, 404, 404],
  ['DELETE', '/api/auth/ok',                                   404, 404, 404, 404, 404],
  ['GET',    '/api/auth/error',                                404, 404, 404, 404, 404],
  ['POST',   '/api/auth/error',                                404, 404, 404, 404, 404],
  ['PATCH',  '/api/auth/error',                                404, 404, 404, 404, 404],
  ['PUT',    '/api/auth/error',                                404, 404, 404, 404, 404],
  ['DELETE', '/api/auth/error',                                404, 404, 404, 404, 404],
  ['GET',    '/api/auth/two-factor/send-otp',                  404, 404, 404, 404, 404],
  ['POST',   '/api/auth/two-factor/send-otp',                  404, 404, 404, 404, 404],
  ['PATCH',  '/api/auth/two-factor/send-otp',                  404, 404, 404, 404, 404],
  ['PUT',    '/api/auth/two-factor/send-otp',                  404, 404, 404, 404, 404],
  ['DELETE', '/api/auth/two-factor/send-otp',                  404, 404, 404, 404, 404],
  ['GET',    '/api/auth/two-factor/verify-otp',                404, 404, 404, 404, 404],
  ['POST',   '/api/auth/two-factor/verify-otp',                404, 404, 404, 404, 404],
  ['PATCH',  '/api/auth/two-factor/verify-otp',                404, 404, 404, 404, 404],
  ['PUT',    '/api/auth/two-factor/verify-otp',                404, 404, 404, 404, 404],
  ['DELETE', '/api/auth/two-factor/verify-otp',                404, 404, 404, 404, 404],
  ['GET',    '/api/auth/two-factor/get-totp-uri',              404, 404, 404, 404, 404],
  ['POST',   '/api/auth/two-factor/get-totp-uri',              404, 404, 404, 404, 404],
  ['PATCH',  '/api/auth/two-factor/get-totp-uri',              404, 404, 404, 404, 404],
  ['PUT',    '/api/auth/two-factor/get-totp-uri',              404, 404, 404, 404, 404],
  ['DELETE', '/api/auth/two-factor/get-totp-uri',              404, 404, 404, 404, 404],
  ['GET',    '/api/auth/two-factor/generate-backup-codes',     404, 404, 404, 404, 404],
  ['POST',   '/api/auth/two-factor/generate-backup-codes',     404, 404, 404, 404, 404],
  ['PATCH',  '/api/auth/two-factor/generate-backup-codes',     404, 404, 404, 404, 404],
  ['PUT',    '/api/auth/two-factor/generate-backup-codes',     404, 404, 404, 404, 404],
  ['DELETE', '/api/auth/two-factor/generate-backup-codes',     404, 404, 404, 404, 404],
  ['GET',    '/api/auth/no-such-endpoint',                     404, 404, 404, 404, 404],
  ['POST',   '/api/auth/no-such-endpoint',                     404, 404, 404, 404, 404],
  ['PATCH',  '/api/auth/no-such-endpoint',                     404, 404, 404, 404, 404],
  ['PUT',    '/api/auth/no-such-endpoint',                     404, 404, 404, 404, 404],
  ['DELETE', '/api/auth/no-such-endpoint',                     404, 404, 404, 404, 404],
];

/** Endpoints whose success ends the caller's session: those calls use a second sign-in. */
const SPENDS_THE_SESSION = new Set(['/api/auth/sign-out', '/api/auth/two-factor/disable']);

/** The endpoint a row names: its path without the query, placeholders kept. */
const endpointOf = (template: string) => template.split('?')[0]!;

interface Fixture {
  cookies: Record<Caller, string | undefined>;
  emails: Partial<Record<Caller, string>>;
  ids: {
    aBet: string;
    aDraft: string;
    aUser: string;
    bUser: string;
    cUser: string;
    target: string;
    self: string;
    issue: string;
  };
  /** The event start of :aDraft (its 409 says when it can be settled). */
  draftEventDate: string;
  /** An account no caller is: the sign-in row signs into it. */
  signer: { email: string; password: string };
  /** The session token of an account no caller is: the revoke-session rows name it. */
  victimToken: string;
  /** How many times preparing a request wrote to the database (a token minted, a session opened). */
  preparationWrites: number;
}

/** The session token a session cookie carries (the cookie's value is token.signature). */
const sessionTokenIn = (cookie: string) =>
  decodeURIComponent(/better-auth\.session_token=([^;]+)/.exec(cookie)![1]!).split('.')[0]!;

/** A token from the newest link of that kind mailed to `email`. */
function tokenFromMail(env: TestEnv, email: string, subject: string): string {
  const link = new URL(env.mailer.lastLink(email, subject));
  const token = link.searchParams.get('token') ?? link.pathname.split('/').at(-1);
  if (!token) throw new Error(`no token in the ${subject} link to ${email}`);
  return token;
}

async function freshResetToken(env: TestEnv, f: Fixture) {
  f.preparationWrites++;
  // An account of its own per link, which no caller is: at most 5 mails reach one address in an
  // hour (modules/auth/mail-quota.ts), and a reset link works for an unconfirmed account too.
  const email = uniqueEmail('matrix.resetter');
  expect((await signUp(env, { email })).status).toBe(200);
  const res = await env.request('/api/auth/request-password-reset', {
    body: { email, redirectTo: '/reset-password' },
    ip: freshIp(),
  });
  expect(res.status).toBe(200);
  return tokenFromMail(env, email, 'Reset');
}

async function freshConfirmToken(env: TestEnv, f: Fixture) {
  f.preparationWrites++;
  const email = uniqueEmail('matrix.confirm');
  expect((await signUp(env, { email })).status).toBe(200);
  return tokenFromMail(env, email, 'Confirm');
}

/** A valid body for the endpoint's write method, so a caller who may write succeeds. */
/** bodyFor's `{ csv }` as a text/csv upload (the history import), any other body as JSON. */
const csvUpload = (body: unknown) =>
  body && typeof body === 'object' && 'csv' in body && typeof body.csv === 'string'
    ? { rawBody: body.csv, headers: { 'content-type': 'text/csv' } }
    : { body };

async function bodyFor(env: TestEnv, f: Fixture, endpoint: string, caller: Caller): Promise<unknown> {
  switch (endpoint) {
    case '/api/bets':
      return {
        description: 'Matrix: Arsenal to win',
        amount: '10.50',
        odds: '+150',
        sport: 'soccer',
        eventDate: new Date(env.clock.now().getTime() + 48 * HOUR_MS).toISOString(),
      };
    case '/api/bets/:aBet':
    case '/api/bets/:aDraft':
    case '/api/bets/stats':
    case '/api/bets/imported':
      return { status: 'won' };
    case '/api/bets/import':
      // A CSV file (sent as text/csv, see csvUpload): one bet of the caller's history.
      return { csv: `date,description,sport,stake,odds,result\r\n2024-03-01,Matrix ${caller},soccer,10,2.0,won\r\n` };
    case '/api/profile':
      return { displayName: `Matrix ${caller}` };
    case '/api/me/wellbeing':
      return { budget: { period: 'month', stakeLimit: '100' } };
    case '/api/me/wellbeing/check':
      return { amount: '10' };
    case '/api/me/cool-off':
      return { days: 1 };
    case '/api/profile/settings':
      // userA keeps a private profile, so the privacy rows stay meaningful.
      return { profilePublic: caller !== 'userA', social: EMPTY_SOCIAL_LINKS };
    case '/api/inbox/contact':
      return { name: 'Matrix Sender', email: uniqueEmail('matrix.contact'), subject: 'Help', message: 'Please help' };
    case '/api/inbox/advertise':
      return { company: 'Matrix Ltd', email: uniqueEmail('matrix.ads'), message: 'We would like to advertise' };
    case '/api/inbox/newsletter':
      return { email: uniqueEmail('matrix.news') };
    case '/api/admin/users/:self/role':
      return { role: 'user' };
    case '/api/admin/issues/:issue':
      return { status: 'resolved', priority: 'high' };
    case '/api/auth/sign-up/email':
      return { email: uniqueEmail('matrix.signup'), password: DEFAULT_PASSWORD, name: '', ageConfirmed: true };
    case '/api/auth/sign-in/email':
      return f.signer;
    case '/api/auth/request-password-reset':
      return { email: uniqueEmail('matrix.stranger'), redirectTo: '/reset-password' };
    case '/api/auth/reset-password':
      return { token: await freshResetToken(env, f), newPassword: 'matrix-new-secret-42' };
    // The switched-off endpoints get bodies they would act on, so their 404 is not down to the body.
    case '/api/auth/send-verification-email':
      return { email: uniqueEmail('matrix.stranger') };
    case '/api/auth/change-password':
      return { currentPassword: DEFAULT_PASSWORD, newPassword: 'matrix-changed-secret-42' };
    case '/api/auth/verify-password':
    case '/api/auth/delete-user':
      return { password: DEFAULT_PASSWORD };
    case '/api/auth/update-user':
      return { name: `Matrix ${caller}`, image: 'javascript:alert(1)' };
    case '/api/auth/change-email':
      return { newEmail: uniqueEmail('matrix.changed') };
    case '/api/auth/revoke-session':
      return { token: f.victimToken };
    case '/api/auth/unlink-account':
      return { providerId: 'credential' };
    case '/api/auth/sign-in/social':
    case '/api/auth/link-social':
      return { provider: 'google', callbackURL: '/dashboard' };
    case '/api/auth/refresh-token':
    case '/api/auth/get-access-token':
      return { providerId: 'google' };
    case '/api/auth/callback/google':
      return { state: 'matrix-state', code: 'matrix-code' };
    case '/api/auth/two-factor/enable':
    case '/api/auth/two-factor/disable':
    case '/api/auth/two-factor/get-totp-uri':
    case '/api/auth/two-factor/generate-backup-codes':
      return { password: DEFAULT_PASSWORD };
    // Shaped as the sign-in page sends them; no caller has the authenticator or a recovery code.
    case '/api/auth/two-factor/verify-totp':
    case '/api/auth/two-factor/verify-otp':
      return { code: '000000' };
    case '/api/auth/two-factor/verify-backup-code':
      return { code: 'abcde-fghij' };
    case '/api/auth/two-factor/send-otp':
    case '/api/auth/update-session':
    case '/api/auth/revoke-sessions':
    case '/api/auth/revoke-other-sessions':
      return {};
    default:
      // Admin endpoints: what a verification change would send.
      return { status: 'verified' };
  }
}

/** The row's path with its placeholders filled in; tokens are minted afresh for each request. */
async function resolvePath(env: TestEnv, f: Fixture, template: string): Promise<string> {
  let path = template;
  for (const [name, value] of Object.entries(f.ids)) path = path.replace(`:${name}`, value);
  if (path.includes(':resetToken')) path = path.replace(':resetToken', await freshResetToken(env, f));
  if (path.includes(':confirmToken')) path = path.replace(':confirmToken', await freshConfirmToken(env, f));
  return path;
}

/** The cookie a caller sends on a row: a second session when the call would end it. */
async function cookieFor(env: TestEnv, f: Fixture, caller: Caller, endpoint: string) {
  const email = f.emails[caller];
  if (!email || !SPENDS_THE_SESSION.has(endpoint)) return f.cookies[caller];
  f.preparationWrites++;
  const res = await signIn(env, email);
  expect(res.status).toBe(200);
  return cookieFrom(res);
}

/** A row's callers, refused ones first: an object is still there when the others are refused. */
const callersInOrder = (row: Row) => {
  const expected = (caller: Caller) => row[CALLERS.indexOf(caller) + 2] as number;
  return [...CALLERS]
    .sort((a, b) => Number(expected(a) < 400) - Number(expected(b) < 400))
    .map((caller) => ({
      caller,
      expected: expected(caller),
    }));
};

/** The table's rows grouped by endpoint, in table order: one test per endpoint. */
const endpoints = [...new Set(MATRIX.map(([, template]) => endpointOf(template)))].map((endpoint) => ({
  endpoint,
  rows: MATRIX.filter(([, template]) => endpointOf(template) === endpoint),
}));

describeEachDatabase(
  'access matrix',
  (env) => {
    const f: Fixture = {
      cookies: { anonymous: undefined, userA: '', userB: '', pending: '', admin: '' },
      emails: {},
      ids: { aBet: '', aDraft: '', aUser: '', bUser: '', cUser: '', target: '', self: '', issue: '' },
      draftEventDate: '',
      signer: { email: '', password: DEFAULT_PASSWORD },
      victimToken: '',
      preparationWrites: 0,
    };

    beforeAll(async () => {
      const admin = await signUpAndSignIn(env(), { email: ADMIN_EMAIL });
      const userA = await signUpAndSignIn(env(), { name: 'Matrix A' });
      const userB = await signUpAndSignIn(env(), { name: 'Matrix B' });
      const pending = await signUpAndSignIn(env(), { name: 'Matrix Pending' });
      const applicant = await signUpAndSignIn(env(), { name: 'Matrix Applicant' });
      f.signer.email = (await signUpAndSignIn(env())).email;
      f.victimToken = sessionTokenIn((await signUpAndSignIn(env())).cookie);
      for (const [caller, account] of Object.entries({ userA, userB, pending, admin })) {
        f.cookies[caller as Caller] = account.cookie;
        f.emails[caller as Caller] = account.email;
      }
      for (const applying of [pending, applicant]) {
        const res = await env().request('/api/verification/apply', { cookie: applying.cookie, method: 'POST' });
        expect(res.status).toBe(201);
      }
      f.ids.target = applicant.userId;
      f.ids.self = admin.userId;

      const draft = await env().request('/api/bets', {
        cookie: userA.cookie,
        body: await bodyFor(env(), f, '/api/bets', 'userA'),
      });
      expect(draft.status).toBe(201);
      ({ id: f.ids.aDraft, eventDate: f.draftEventDate } = (await draft.json()) as { id: string; eventDate: string });
      // A bet whose event started yesterday, recorded the day before (the API records only ahead).
      const now = env().clock.now().getTime();
      const [started] = rowsOf<{ id: string }>(
        await env().db.execute(sql`
          insert into bets (user_id, description, amount, odds, decimal_odds, bet_type, event_date, potential_win,
                            created_at)
          values (${userA.userId}, 'Matrix: Chelsea to win', 10.50, '+150', 2.5, 'soccer',
                  ${new Date(now - 24 * HOUR_MS).toISOString()}, 26.25, ${new Date(now - 48 * HOUR_MS).toISOString()})
          returning id`),
      );
      f.ids.aBet = started!.id;
      const hide = await env().request('/api/profile/settings', {
        method: 'PUT',
        cookie: userA.cookie,
        body: await bodyFor(env(), f, '/api/profile/settings', 'userA'),
      });
      expect(hide.status).toBe(200);
      const usernameOf = async (cookie: string) =>
        ((await (await env().request('/api/profile', { cookie })).json()) as { username: string }).username;
      f.ids.aUser = await usernameOf(userA.cookie);
      f.ids.bUser = await usernameOf(userB.cookie);
      const unconfirmed = uniqueEmail('matrix.unconfirmed');
      expect((await signUp(env(), { email: unconfirmed })).status).toBe(200);
      const [neutral] = rowsOf<{ username: string }>(
        await env().db.execute(
          sql`select p.username from profiles p join users u on u.id = p.user_id where u.email = ${unconfirmed}`,
        ),
      );
      f.ids.cUser = neutral!.username;

      const contact = await env().request('/api/inbox/contact', {
        body: await bodyFor(env(), f, '/api/inbox/contact', 'anonymous'),
        ip: freshIp(),
      });
      expect(contact.status).toBe(201);
      f.ids.issue = ((await contact.json()) as { id: string }).id;
    });

    it.each(endpoints)(
      '$endpoint: every method × every caller gets the table status; a refused call changes no row',
      async ({ endpoint, rows }) => {
        for (const row of rows) {
          const [method, template] = row;
          // The database as the next refused call must leave it (taken again after an allowed call).
          let unchanged: Record<string, string> | undefined;
          for (const { caller, expected } of callersInOrder(row)) {
            const label = `${caller} ${method} ${template}`;
            const writes = f.preparationWrites;
            const path = await resolvePath(env(), f, template);
            const cookie = await cookieFor(env(), f, caller, endpoint);
            const body = method === 'GET' ? undefined : await bodyFor(env(), f, endpoint, caller);
            const refused = expected >= 400;
            if (f.preparationWrites !== writes) unchanged = undefined;
            if (refused) unchanged ??= await snapshotTables(env());

            const res = await env().request(path, { method, cookie, ip: freshIp(), ...csvUpload(body) });

            expect.soft(res.status, label).toBe(expected);
            expectSecurityHeaders(res, { label });
            // A redirect is a success only when it carries no error for the page it leads to.
            if (expected >= 300 && expected < 400) expect(res.headers.get('location'), label).not.toMatch(/error=/);
            if (path.startsWith('/api/auth/')) {
              if (expected === 404) expect(await res.json(), label).toEqual({ error: 'Not Found' });
            } else {
              if (expected === 401) expect(await res.json(), label).toEqual({ error: 'Not authenticated' });
              // The record's refusals say why: settling waits for the event; a started bet stays.
              if (expected === 409 && template === '/api/bets/:aBet') {
                expect(await res.json(), label).toEqual({ error: BET_PART_OF_RECORD_MESSAGE });
              }
              if (expected === 409 && template === '/api/bets/:aDraft') {
                expect(await res.json(), label).toEqual({
                  error: settleAfterMessage(f.draftEventDate, 'utc'),
                });
              }
              if (expected === 403 && path.startsWith('/api/admin')) {
                expect(await res.json(), label).toEqual({
                  error: 'Not authorised: this area is for administrators only',
                });
              }
            }
            if (refused) expect(await snapshotTables(env()), label).toEqual(unchanged);
            else unchanged = undefined;
          }
        }
      },
    );

    it('names every endpoint Better Auth serves, and only the ones the client calls answer anything but 404', () => {
      // A Better Auth upgrade that adds an endpoint fails here until the table has its rows.
      const served = Object.values(env().auth.api).flatMap((endpoint) => {
        const { path } = endpoint as { path?: string };
        return path ? [`/api/auth${path}`.replace(':token', ':resetToken').replace(':id', 'google')] : [];
      });
      const named = new Set(endpoints.map(({ endpoint }) => endpoint));
      expect(served.filter((endpoint) => !named.has(endpoint))).toEqual([]);
      const answering = endpoints
        .filter(({ endpoint }) => endpoint.startsWith('/api/auth/') && endpoint !== '/api/auth/no-such-endpoint')
        .filter(({ rows }) => rows.some((row) => row.slice(2).some((status) => status !== 404)))
        .map(({ endpoint }) => endpoint);
      expect(answering.sort()).toEqual(
        [
          '/api/auth/get-session',
          '/api/auth/sign-up/email',
          '/api/auth/verify-email',
          '/api/auth/sign-in/email',
          '/api/auth/sign-out',
          '/api/auth/request-password-reset',
          '/api/auth/reset-password/:resetToken',
          '/api/auth/reset-password',
          '/api/auth/two-factor/enable',
          '/api/auth/two-factor/verify-totp',
          '/api/auth/two-factor/verify-backup-code',
          '/api/auth/two-factor/disable',
        ].sort(),
      );
    });

    it("answers another user's bet exactly like a bet that does not exist, and leaves it as it was", async () => {
      const owner = await signUpAndSignIn(env());
      const other = await signUpAndSignIn(env());
      const created = await env().request('/api/bets', {
        cookie: owner.cookie,
        body: await bodyFor(env(), f, '/api/bets', 'userA'),
      });
      const bet = (await created.json()) as { id: string };
      const missing = '00000000-0000-4000-8000-000000000000';
      for (const [method, body] of [
        ['PATCH', { status: 'won' }],
        ['DELETE', undefined],
      ] as const) {
        const theirs = await env().request(`/api/bets/${bet.id}`, { method, body, cookie: other.cookie });
        const none = await env().request(`/api/bets/${missing}`, { method, body, cookie: other.cookie });
        expect([theirs.status, await theirs.json()]).toEqual([404, { error: BET_NOT_FOUND_MESSAGE }]);
        expect([none.status, await none.json()]).toEqual([404, { error: BET_NOT_FOUND_MESSAGE }]);
      }
      const page = (await (await env().request('/api/bets', { cookie: owner.cookie })).json()) as {
        bets: { id: string; status: string }[];
      };
      expect(page.bets).toEqual([expect.objectContaining({ id: bet.id, status: 'pending' })]);
    });

    it('the admin writes that were allowed did what they say, were logged, and no role changed', async () => {
      const logs = rowsOf<{ action_type: string; admin_user_id: string }>(
        await env().db.execute(sql`select action_type, admin_user_id from admin_logs order by created_at`),
      );
      expect(logs.map((l) => l.action_type).sort()).toEqual([
        'issue_priority_update',
        'issue_status_update',
        'user_verification_update',
      ]);
      for (const log of logs) expect(log.admin_user_id).toBe(f.ids.self);
      const roles = rowsOf<{ role: string; n: number }>(
        await env().db.execute(sql`select role, count(*)::int as n from users group by role order by role`),
      );
      expect(roles.find((r) => r.role === 'admin')?.n).toBe(1);
      const target = rowsOf<{ verification_status: string }>(
        await env().db.execute(sql`select verification_status from profiles where user_id = ${f.ids.target}`),
      );
      expect(target).toEqual([{ verification_status: 'verified' }]);
    });
  },
  { ADMIN_EMAILS: ADMIN_EMAIL },
);
