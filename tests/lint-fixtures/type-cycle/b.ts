import type { A } from './a.ts';

export interface B {
  a: A | null;
}
