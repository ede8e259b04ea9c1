// A cycle through type-only imports: scripts/import-cycles.mjs finds it (ESLint's import-x/no-cycle does not).
import type { B } from './b.ts';

export interface A {
  b: B | null;
}
