/**
 * The environment is declared once, in env.ts's schema; README's Configuration section and
 * .env.example document it. Both must name exactly the schema's variables: a variable added to
 * env.ts and not documented (or documented and gone) fails here.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { envSchema } from './env.ts';

const root = (file: string) => readFileSync(fileURLToPath(new URL(`../../${file}`, import.meta.url)), 'utf8');

/** NODE_ENV is Node's own convention, documented where production is (docs/DEPLOY.md), not a setting of ours. */
const declared = Object.keys(envSchema.shape)
  .filter((name) => name !== 'NODE_ENV')
  .sort();

describe('the environment, documented', () => {
  it("README's Configuration section names exactly env.ts's variables", () => {
    const readme = root('README.md');
    const start = readme.indexOf('## Configuration');
    const section = readme.slice(start, readme.indexOf('\n## ', start + 1));
    const named = new Set([...section.matchAll(/`([A-Z][A-Z0-9_]{2,})`/g)].map((m) => m[1]!));
    expect([...named].sort()).toEqual(declared);
  });

  it('.env.example names exactly env.ts’s variables, each once', () => {
    const named = [...root('.env.example').matchAll(/^#? ?([A-Z][A-Z0-9_]+)=/gm)].map((m) => m[1]!);
    expect(named.sort()).toEqual(declared);
  });
});
