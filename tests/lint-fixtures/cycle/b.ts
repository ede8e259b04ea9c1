// expect: import-x/no-cycle
// Lazily, as record-bet-button.tsx loaded its dialog: a cycle all the same.
export const b = () => 1;
export const loadA = () => import('./a.ts');
