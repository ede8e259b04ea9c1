/*
 * What other features use of the wellbeing tools: the dashboard's budget card, the record-bet
 * dialog's notes and question, and the query key the server's render fills.
 */
export { WellbeingCard } from './wellbeing-card.tsx';
export { RecordCheckNotes, useRecordChecks } from './record-checks.tsx';
export { wellbeingKey } from './api/wellbeing.ts';
