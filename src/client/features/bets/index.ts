/*
 * What other features use of bets (the rest is the dashboard's own): the bet row and list a profile
 * shows (a parlay's legs with it), the record's time rules as a row applies them (the demo too),
 * the sport names, and the owner's bet pages.
 */
export { BetList, type BetPages } from './bet-list.tsx';
export {
  BetDetail,
  BetStatusBadge,
  ProfitLoss,
  SettleAfterHint,
  SettleButtons,
  BetRow,
  BetKindBadge,
  MoneyWithUnits,
  unitsText,
} from './bet-row.tsx';
export { OverdueBadge, OverdueNotice, PartOfRecordNote, useBetTiming } from './record-rules.tsx';
export { sportLabel } from './sports.ts';
/** Where a graded bet would have Won / Lost / Void: it settles itself from the result. */
export { GradedNote } from './graded-note.tsx';
/** A parlay's legs in its row (read-only unless `settleable`). */
export { LegSettleControls, ParlayLegs } from './parlay-legs.tsx';
/** Asks before a bet is settled (the dashboard's rows and the demo's). */
export { SettleConfirmDialog } from './settle-confirm.tsx';
/** A parlay's combined odds and potential win as its legs are typed (the demo's form too). */
export { ParlayPreview } from './parlay-preview.tsx';
/** The record form's Single bet / Parlay switch, a leg's heading in a form, a leg's summary in a row. */
export { BetTypeSwitch, LegFieldsHeader, LegSummary } from './parlay-parts.tsx';
export { useBetPages } from './api/bets.ts';
/** The four headline figures: the dashboard's, and the demo's over its own bets. */
export { BetStatsCards } from './bet-stats-cards.tsx';
/** The record forms' toast for an event starting too soon (the dashboard's dialog and the demo's form). */
export { showEventTooSoon } from './event-too-soon-toast.ts';
