/**
 * The auth module's public face: what app.ts, the other modules, the seed script, the admin CLI
 * and the client (types only) import. Other modules' routes take only the middleware and its
 * types; the seed and the CLI change accounts through the same functions the app uses (the
 * password hash, the role change), never their own copies. Everything else is internal.
 */
export { createAuth, type Auth, type AuthDeps, type SessionUser } from './better-auth.ts';
export { adminPowers, optionalUser, requireAdmin, requireUser, type AppEnv, type ViewerEnv } from './middleware.ts';
export { hashPassword } from './password.ts';
export { CLIENT_IP_HEADER } from './rate-limits.ts';
export { setUserRole, type Role, type RoleChange } from './roles.ts';
export { enableDirectSessionReads, forgetCachedSessions, pageSession } from './session.ts';
