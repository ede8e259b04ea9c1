// The profiles feature's public face for other features (the community pages' rows).
export { RecordDisclosureLine } from './record-disclosure.tsx';
