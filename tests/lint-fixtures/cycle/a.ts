// expect: import-x/no-cycle
import { b } from './b.ts';

export const a = () => b() + 1;
