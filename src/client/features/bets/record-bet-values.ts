/**
 * The record-bet form's values and what it sends, apart from the dialog and its parlay fields, which
 * both use them.
 */
import type { RecordBetInput } from '../../../shared/bet-schemas.ts';
import type { RecordAnyParlayInput } from '../../../shared/parlay-schemas.ts';
import type { CatalogEvent, RecordListedBetInput } from '../../../shared/event-schemas.ts';

/** A single bet's pick on a listed event, and a parlay leg's: the event (null: self-reported) and the pick on it. */
export interface ListedPickValues {
  /** The listed event picked (its start comes from the catalog); null for a free-text, self-reported one. */
  event: CatalogEvent | null;
  /** On the listed event: the market, the selection and the line as typed ('' when none). */
  market: string;
  selection: string;
  line: string;
}

/** A parlay's leg: self-reported (description, sport, start) or on a listed event (the pick). */
export interface LegFormValues extends ListedPickValues {
  description: string;
  sport: string;
  odds: string;
  eventDate: string;
}

/**
 * What the inputs hold: the stake as typed, the event time as the datetime-local text; in Parlay
 * mode the stake and the legs (the single bet's fields are kept meanwhile, and the other way round).
 */
export interface RecordBetFormValues extends ListedPickValues {
  mode: 'single' | 'parlay';
  description: string;
  amount: string;
  odds: string;
  sport: string;
  eventDate: string;
  legs: LegFormValues[];
}

/** A single bet's (free-text or on a listed event) or a parlay's request body, as the shared schemas read it. */
export type RecordInput = RecordBetInput | RecordListedBetInput | RecordAnyParlayInput;
