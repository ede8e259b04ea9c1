/** The real published files the parsers' tests read (tests/fixtures/feeds/README.md says whence). */
import { readFileSync } from 'node:fs';

const dir = new URL('../../../../../tests/fixtures/feeds/', import.meta.url);

export const fixture = (name: string) => readFileSync(new URL(name, dir), 'utf8');
