import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

/** An unset or empty variable means "use the default". */
const optionalUrl = z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), z.url().optional());

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: optionalUrl,
  BASE_URL: optionalUrl,
  AUTH_SECRET: z
    .string()
    .optional()
    .refine((v) => v === undefined || v.length >= 32, 'must be at least 32 characters'),
  SMTP_URL: optionalUrl,
  MAIL_FROM: z.string().min(3).default('betproof <no-reply@betproof.local>'),
  ADMIN_EMAILS: z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((e) => e.trim().toLowerCase())
        .filter(Boolean),
    )
    .pipe(z.array(z.email())),
  /** Behind a load balancer, take the client address from X-Forwarded-For (else the socket's). */
  TRUST_PROXY: z
    .enum(['true', 'false', '1', '0', ''])
    .default('false')
    .transform((v) => v === 'true' || v === '1'),
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info'),
});

export type Config = Omit<z.infer<typeof envSchema>, 'BASE_URL' | 'AUTH_SECRET'> & {
  BASE_URL: string;
  AUTH_SECRET: string;
};

export class ConfigError extends Error {}

/** Validates the environment; a bad value stops the server with a message naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const cfg = parsed.data;
  if (cfg.NODE_ENV === 'production' && !cfg.AUTH_SECRET) {
    throw new ConfigError('Invalid configuration:\n  AUTH_SECRET: required in production (32+ random characters)');
  }
  return {
    ...cfg,
    BASE_URL: (cfg.BASE_URL ?? `http://localhost:${cfg.PORT}`).replace(/\/$/, ''),
    AUTH_SECRET: cfg.AUTH_SECRET ?? loadOrCreateDevSecret(cfg.DATA_DIR),
  };
}

/** Outside production a secret is generated once and kept in DATA_DIR, so sessions survive restarts. */
function loadOrCreateDevSecret(dataDir: string): string {
  const file = path.join(dataDir, 'auth-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
