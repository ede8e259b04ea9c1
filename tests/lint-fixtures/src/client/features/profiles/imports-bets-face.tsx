// expect: none
// Through the public face: allowed.
import { sportLabel } from '../bets/index.ts';

export const Sport = ({ sport }: { sport: string }) => <span>{sportLabel(sport)}</span>;
