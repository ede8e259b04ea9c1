/*
 * The owner's imported history (docs/decisions/009): the import dialog for the own profile, the
 * imported bets' list, and the dashboard's switch with the statistics it shows.
 */
export { ImportHistoryButton } from './import-history-dialog.tsx';
export { ImportedBadge, ImportedBetList } from './imported-bet-list.tsx';
export { IncludeImportedSwitch } from './include-imported-switch.tsx';
export { useStatsWithImported } from './api/imports.ts';
