import { useState, type FormEvent } from 'react';
import { Bell } from 'lucide-react';
import {
  DIGEST_HOURS,
  NOTIFY_CHOICES,
  NOTIFY_LABELS,
  minutesText,
  type NotifyChoice,
} from '../../../shared/notifications.ts';
import type { NotificationSettings as Settings } from '../../../shared/notification-schemas.ts';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { FormAlert } from '../../components/ui/form-alert.tsx';
import { FormField } from '../../components/ui/form-field.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Options, SelectField } from '../../components/ui/native-select.tsx';
import { toast } from '../../components/ui/toast.ts';
import { ApiError } from '../../lib/api.ts';
import {
  pushSupported,
  subscribeThisDevice,
  useChooseNotify,
  useNotificationSettings,
  usePutNotificationSettings,
} from './api/notifications.ts';

/**
 * On /following: what the follower is told of each followed bettor's picks, their quiet hours in
 * their own time zone, and push on this device. Each choice saves when it is made.
 */
export function NotificationSettings({ userId }: { userId: string }) {
  const settings = useNotificationSettings(userId);
  if (!settings.data) return null;
  return (
    <section aria-labelledby="notifications-heading" className="flex flex-col gap-4">
      <h2 id="notifications-heading" className="flex items-center gap-2 text-lg font-semibold">
        <Bell className="size-5" aria-hidden="true" /> Notifications
      </h2>
      <Card className="flex flex-col gap-6 p-4">
        <BettorChoices userId={userId} settings={settings.data} />
        <QuietHoursForm userId={userId} settings={settings.data} />
        {settings.data.pushKey && <PushDevice pushKey={settings.data.pushKey} />}
      </Card>
    </section>
  );
}

const nameOf = (b: Settings['bettors'][number]) =>
  b.displayName ? `${b.displayName} (@${b.username})` : `@${b.username}`;

function BettorChoices({ userId, settings }: { userId: string; settings: Settings }) {
  const choose = useChooseNotify(userId);
  if (settings.bettors.length === 0) return null;
  const onChange = (username: string, notify: NotifyChoice) =>
    choose.mutate(
      { username, notify },
      {
        onSuccess: () =>
          toast.success('Notifications saved', { description: `${NOTIFY_LABELS[notify]} for @${username}.` }),
        onError: (error) => toast.error('Could not save', { description: error.message }),
      },
    );
  return (
    <ul aria-label="Notification choices" className="flex flex-col gap-3">
      {settings.bettors.map((b) => (
        <li key={b.username}>
          <SelectField
            label={`Notifications for ${nameOf(b)}`}
            value={b.notify}
            onChange={(e) => onChange(b.username, e.target.value as NotifyChoice)}
          >
            {NOTIFY_CHOICES.filter((c) => c !== 'push' || settings.pushKey || b.notify === 'push').map((c) => (
              <option key={c} value={c}>
                {NOTIFY_LABELS[c]}
              </option>
            ))}
          </SelectField>
        </li>
      ))}
    </ul>
  );
}

/** The browser's own zone, offered when the saved one is the default. */
const deviceZone = () => {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch {
    return 'UTC';
  }
};

function QuietHoursForm({ userId, settings }: { userId: string; settings: Settings }) {
  const [timeZone, setTimeZone] = useState(settings.timeZone);
  const [start, setStart] = useState(settings.quietStart ?? '');
  const [end, setEnd] = useState(settings.quietEnd ?? '');
  const [digestHour, setDigestHour] = useState(settings.digestHour);
  const [fields, setFields] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const put = usePutNotificationSettings(userId);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setFields({});
    setFormError(null);
    try {
      await put.mutateAsync({ timeZone, quietStart: start || null, quietEnd: end || null, digestHour });
    } catch (error) {
      // What was typed stays in the form; the server's words go next to the fields.
      if (error instanceof ApiError && error.fields) setFields(error.fields);
      else setFormError(error instanceof Error ? error.message : String(error));
      return;
    }
    toast.success('Times saved');
  };

  return (
    <form noValidate onSubmit={onSubmit} aria-label="When to be told" className="flex flex-col gap-4">
      <p className="text-sm text-muted-foreground">
        No email or push goes out during your quiet hours: it waits until they end. The daily digest comes at the hour
        you choose, in your time zone.
      </p>
      {formError && <FormAlert>{formError}</FormAlert>}
      <FormField
        label="Time zone"
        error={fields.timeZone}
        description={
          timeZone !== deviceZone() ? (
            <button type="button" className="underline underline-offset-4" onClick={() => setTimeZone(deviceZone())}>
              Use this device&apos;s time zone ({deviceZone()})
            </button>
          ) : undefined
        }
      >
        {(field) => <Input {...field} value={timeZone} onChange={(e) => setTimeZone(e.target.value)} />}
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="Quiet hours start" error={fields.quietStart}>
          {(field) => <Input {...field} type="time" value={start} onChange={(e) => setStart(e.target.value)} />}
        </FormField>
        <FormField label="Quiet hours end" error={fields.quietEnd}>
          {(field) => <Input {...field} type="time" value={end} onChange={(e) => setEnd(e.target.value)} />}
        </FormField>
      </div>
      <SelectField
        label="Daily digest at"
        error={fields.digestHour}
        className="sm:max-w-[calc(50%-0.5rem)]"
        value={digestHour}
        onChange={(e) => setDigestHour(Number(e.target.value))}
      >
        <Options values={DIGEST_HOURS} label={(hour) => minutesText(hour * 60)} />
      </SelectField>
      <div>
        <Button type="submit" disabled={put.isPending}>
          Save times
        </Button>
      </div>
    </form>
  );
}

function PushDevice({ pushKey }: { pushKey: string }) {
  const [state, setState] = useState<'idle' | 'working' | 'on'>('idle');
  if (!pushSupported())
    return <p className="text-sm text-muted-foreground">This browser cannot show push notifications.</p>;
  const onClick = async () => {
    setState('working');
    try {
      await subscribeThisDevice(pushKey);
      setState('on');
      toast.success('Push notifications are on for this device');
    } catch (error) {
      setState('idle');
      toast.error('Could not turn on push', { description: error instanceof Error ? error.message : String(error) });
    }
  };
  return (
    <div className="flex flex-col gap-2">
      <p className="text-sm text-muted-foreground">
        Push notifications come to each device where you turn them on; choose &quot;A push notification&quot; for a
        bettor above.
      </p>
      <div>
        <Button type="button" variant="outline" disabled={state !== 'idle'} onClick={() => void onClick()}>
          {state === 'on' ? 'Push is on for this device' : 'Turn on push for this device'}
        </Button>
      </div>
    </div>
  );
}
