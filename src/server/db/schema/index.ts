export * from './auth.ts';
export * from './profiles.ts';
export * from './bets.ts';
export * from './inbox.ts';
export * from './community.ts';
export * from './ledger.ts';
export * from './quotas.ts';
export * from './username-history.ts';
