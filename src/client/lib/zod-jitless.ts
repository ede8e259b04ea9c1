/**
 * Our Content-Security-Policy allows no eval. Zod compiles fast object parsers with `new Function`
 * unless its `jitless` option is set, and its probe for whether that works is reported by the
 * browser as a CSP violation on every page with a form. `z.config({ jitless: true })` would pull
 * zod into the entry chunk (4 KB gzipped on every page, forms or not); zod keeps that configuration
 * in this global, shared by every copy of zod, so setting it here, before any chunk with a schema
 * loads, has the same effect. The server keeps the JIT (no CSP there).
 */
const zodGlobal = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
zodGlobal.__zod_globalConfig = { ...zodGlobal.__zod_globalConfig, jitless: true };
