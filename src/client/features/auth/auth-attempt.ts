import { authErrorMessage, type AuthClientError } from '../../lib/auth-client.ts';
import { toast } from '../../components/ui/toast.ts';

/** What a Better Auth client call answers: its data, or the server's refusal. */
type AuthAnswer<T> = { data: T; error: null } | { data: null; error: AuthClientError };

/**
 * A form's Better Auth call: its data, or `null` once its failure is toasted under `failure` (the
 * server's refusal in words, or the thrown error's message). `onRefused` hears of a refusal first,
 * to show it on the field it is about. The sign-in, sign-up and both password-reset forms submit so.
 */
export async function authAttempt<T>(
  failure: string,
  call: () => Promise<AuthAnswer<T>>,
  onRefused?: (error: AuthClientError, message: string) => void,
): Promise<{ data: T } | null> {
  try {
    const answer = await call();
    if (answer.error) {
      const message = authErrorMessage(answer.error);
      onRefused?.(answer.error, message);
      toast.error(failure, { description: message });
      return null;
    }
    return { data: answer.data };
  } catch (err) {
    toast.error(failure, { description: err instanceof Error ? err.message : String(err) });
    return null;
  }
}
