// The profiles feature's public face for other features (the community pages' rows).
export { useOwnUsername } from './api/profiles.ts';
export { RecordDisclosureLine } from './record-disclosure.tsx';
