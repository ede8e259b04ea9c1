// expect: import-x/no-restricted-paths
// The server never imports client code.
import { formatMoney } from '../client/lib/format.ts';

export const money = (amount: string) => formatMoney(amount);
