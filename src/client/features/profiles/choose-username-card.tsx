import { useId, useState, type FormEvent } from 'react';
import { AtSign, Check, CircleAlert } from 'lucide-react';
import { publicProfilePath } from '../../../shared/routes.ts';
import { checkUsername, isGeneratedUsername } from '../../../shared/usernames.ts';
import { USERNAME_TAKEN_MESSAGE } from '../../../shared/profiles.ts';
import { ApiError } from '../../lib/api.ts';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Label } from '../../components/ui/label.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { toast } from '../../components/ui/toast.ts';
import { savePreferenceCookie, usePreferenceCookies } from '../../lib/preference-cookies.tsx';
import { useSettled } from '../../lib/use-settled.ts';
import { useOwnProfile, useUpdateProfile, useUsernameAvailability } from './api/profiles.ts';

/** How long typing pauses before the name is checked with the server. */
const CHECK_AFTER_MS = 350;

/*
 * "Skip for now" is remembered in this browser, per account, in a first-party cookie the server
 * reads too (shared/preference-cookies.ts): the server renders the dashboard with or without the
 * card, as the browser will, so nothing moves when the page is hydrated. The owner can still pick
 * a name on their profile. With cookies refused, it asks again next time.
 */
/**
 * The dashboard's onboarding prompt: while the account still has the neutral username it was given
 * at sign-up (bettor_xxxxxx), offer to pick a real one, checking as the owner types whether it is
 * valid and free. Skipping is fine: the username can be changed on the profile at any time.
 */
export function ChooseUsernameCard({ userId }: { userId: string }) {
  const profile = useOwnProfile(userId, { fresh: false });
  const [skipped, setSkipped] = useState(false);
  const skippedHere = usePreferenceCookies().usernamePromptSkipped === userId;
  const username = profile.data?.username;
  if (!username || !isGeneratedUsername(username) || skipped || skippedHere) return null;
  return (
    <ChooseUsernameForm
      userId={userId}
      current={username}
      onSkip={() => {
        savePreferenceCookie('usernamePromptSkipped', userId);
        setSkipped(true);
      }}
    />
  );
}

function ChooseUsernameForm({ userId, current, onSkip }: { userId: string; current: string; onSkip: () => void }) {
  const id = useId();
  const headingId = `${id}-heading`;
  const rulesId = `${id}-rules`;
  const messageId = `${id}-message`;
  const update = useUpdateProfile(userId);
  const [text, setText] = useState('');
  // A refusal from saving (taken meanwhile, or any other): shown until the text changes.
  const [saveError, setSaveError] = useState<string | null>(null);

  const checked = checkUsername(text);
  const settledText = useSettled(text, CHECK_AFTER_MS);
  // Only a name the shared rule accepts is asked about, and only once typing paused on it.
  const asking = checked.ok && settledText === text ? checked.username : null;
  const availability = useUsernameAvailability(userId, asking);

  const localError = text.trim() !== '' && !checked.ok ? checked.message : null;
  const serverError =
    availability.error instanceof ApiError
      ? (availability.error.fields?.username ?? availability.error.message)
      : availability.error
        ? "Couldn't check that name. You can still try to save it."
        : null;
  const taken = asking !== null && availability.data?.available === false;
  const free = asking !== null && availability.data?.available === true;
  const error = saveError ?? localError ?? (taken ? USERNAME_TAKEN_MESSAGE : null) ?? serverError;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!checked.ok) {
      setSaveError(checked.message);
      return;
    }
    try {
      await update.mutateAsync({ username: checked.username });
      // The profile in the cache now has the chosen name: this card goes away.
      toast.success('Username saved', {
        description: `Your profile is now at ${publicProfilePath(checked.username)}.`,
      });
    } catch (err) {
      setSaveError(
        err instanceof ApiError
          ? (err.fields?.username ?? err.message)
          : err instanceof Error
            ? err.message
            : String(err),
      );
    }
  };

  return (
    <Card role="region" aria-labelledby={headingId} className="flex flex-col gap-4 border-primary/30 p-5 sm:p-6">
      <div className="flex flex-col gap-1.5">
        <h2 id={headingId} className="text-lg font-semibold tracking-tight">
          Choose your username
        </h2>
        <p className="text-sm break-words text-muted-foreground">
          For now your profile is <span className="font-medium text-foreground">@{current}</span>. Pick the name people
          will see and find you by. You can change it later on your profile.
        </p>
      </div>
      <form noValidate onSubmit={(e) => void submit(e)} className="flex flex-col gap-2">
        <Label htmlFor={id}>Username</Label>
        <div className="flex flex-col gap-2 sm:flex-row sm:items-start">
          <div className="relative min-w-0 flex-1 sm:max-w-sm">
            <AtSign
              className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
              aria-hidden="true"
            />
            <Input
              id={id}
              value={text}
              onChange={(e) => {
                setText(e.target.value);
                setSaveError(null);
              }}
              autoComplete="username"
              autoCapitalize="none"
              spellCheck={false}
              maxLength={30}
              placeholder="your.name"
              aria-invalid={error ? true : undefined}
              aria-describedby={`${rulesId} ${messageId}`}
              className="pl-9"
              disabled={update.isPending}
            />
          </div>
          <div className="flex gap-2">
            <Button type="submit" disabled={update.isPending || taken}>
              {update.isPending ? <Spinner className="size-4" /> : <Check aria-hidden="true" />}
              Save username
            </Button>
            <Button type="button" variant="ghost" onClick={onSkip} disabled={update.isPending}>
              Skip for now
            </Button>
          </div>
        </div>
        <p id={rulesId} className="text-xs text-muted-foreground">
          3-30 characters: lowercase letters, digits, _ and .
        </p>
        <p id={messageId} role="status" className="min-h-5 text-sm font-medium">
          {error ? (
            <span className="inline-flex items-center gap-1.5 text-destructive">
              <CircleAlert className="size-4 shrink-0" aria-hidden="true" />
              {error}
            </span>
          ) : free ? (
            <span className="inline-flex items-center gap-1.5 text-emerald-700">
              <Check className="size-4 shrink-0" aria-hidden="true" />@{asking} is available
            </span>
          ) : asking !== null && availability.isFetching ? (
            <span className="text-muted-foreground">Checking…</span>
          ) : null}
        </p>
      </form>
    </Card>
  );
}
