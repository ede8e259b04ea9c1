// expect: none
// A type from the server is allowed (the typed RPC client is built on it).
import type { AppType } from '../../server/app.ts';

export type App = AppType;
