// expect: import-x/no-restricted-paths
// A small utility of src/server/lib imports nothing else of the server.
import { apiError } from '../edge/http.ts';

export const refuse = apiError;
