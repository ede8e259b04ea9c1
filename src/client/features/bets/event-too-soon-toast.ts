import { toast } from '../../components/ui/toast.ts';
import { EVENT_TOO_SOON_MESSAGE } from '../../../shared/bets.ts';

/**
 * The one refusal the record forms toast as well as show at its field (the record dialog's and the
 * demo's): the 6-hour rule, which the person may not see coming from the date picker alone.
 */
export const showEventTooSoon = () => toast.error('Invalid Event Time', { description: EVENT_TOO_SOON_MESSAGE });
