// expect: no-restricted-imports
// Another feature's file, not its public face (features/bets/index.ts).
import { sportLabel } from '../bets/sports.ts';

export const Sport = ({ sport }: { sport: string }) => <span>{sportLabel(sport)}</span>;
