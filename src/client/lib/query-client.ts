import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-error.ts';

/** How a query's or mutation's failure is reported (see createQueryClient). */
interface ErrorToastMeta extends Record<string, unknown> {
  /**
   * The title of the error toast its failures get (the server's message is the description).
   * Leave it out when the caller shows the error itself, e.g. next to a form's inputs.
   */
  errorTitle?: string;
  /** The toast's description when not the server's message. */
  errorDescription?: (error: Error) => string | undefined;
}

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: ErrorToastMeta;
    mutationMeta: ErrorToastMeta;
  }
}

/** The session lookup's key (features/auth/auth-provider.tsx owns the query). */
export const SESSION_QUERY_KEY = ['auth', 'session'] as const;

/** What a person is told when a request finds their session gone. */
export const SESSION_ENDED_MESSAGE = 'Your session ended — sign in to continue';

export const isUnauthenticated = (error: unknown) => error instanceof ApiError && error.status === 401;

/*
 * The toast module mounts the toaster and carries sonner: loaded when a first error needs it, so
 * the entry chunk (which builds this client) stays small.
 */
const toastError = (meta: ErrorToastMeta | undefined, error: Error) => {
  if (meta?.errorTitle)
    showError(meta.errorTitle, meta.errorDescription ? meta.errorDescription(error) : error.message);
};

const showError = (title: string, description?: string) =>
  void import('../components/ui/toast.ts').then(({ toast }) =>
    // One toast per title: ten failed requests at once are one problem to read.
    toast.error(title, { id: title, description }),
  );

/**
 * The one place the client reacts to a failed query or mutation:
 * - a 401 anywhere means the session ended: say so once, and ask for the session again, which
 *   (with no session) sends the person to sign in, remembering the page (features/auth/require-auth.tsx);
 *   forms keep what was typed (lib/form-draft.ts);
 * - other failures get an error toast titled by the query's or mutation's `meta.errorTitle`, except
 *   a query's 403 or 404: that is an answer the page shows (a private or missing profile, not an admin).
 */
export function createQueryClient(): QueryClient {
  const sessionEnded = () => {
    showError(SESSION_ENDED_MESSAGE);
    void client.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
  };
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (isUnauthenticated(error)) sessionEnded();
        else if (!(error instanceof ApiError && (error.status === 403 || error.status === 404)))
          toastError(query.meta, error);
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        if (isUnauthenticated(error)) sessionEnded();
        else toastError(mutation.meta, error);
      },
    }),
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        // A 4xx answer will not change on retry; network and 5xx errors get two more tries.
        retry: (failures, error) =>
          !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failures < 2,
      },
    },
  });
  return client;
}
