import { useId, useState } from 'react';
import { toast } from '../../components/ui/toast.ts';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { Switch } from '../../components/ui/switch.tsx';
import { DateTime } from '../../components/ui/date-time.tsx';
import { usePreferenceCookies } from '../../lib/preference-cookies.tsx';
import {
  DEFAULT_COOKIE_PREFERENCES,
  REJECT_ALL_PREFERENCES,
  parseCookieChoice,
  saveCookiePreferences,
  type CookiePreferences,
  type OptionalCookieCategory,
  type StoredCookiePreferences,
} from './cookie-preferences.ts';

export const COOKIE_CATEGORIES = [
  {
    key: 'essential',
    name: 'Essential cookies',
    description:
      'Keep you signed in, protect forms against forgery and remember these choices. The site cannot work without them.',
    examples: 'Session cookie, security token',
  },
  {
    key: 'analytics',
    name: 'Analytics cookies',
    description:
      'Help us understand which pages people use and where they get stuck, using aggregated, anonymous statistics.',
    examples: 'Page views, feature usage, load times',
  },
  {
    key: 'marketing',
    name: 'Marketing cookies',
    description:
      'Let us and our advertising partners show you relevant content and measure whether our campaigns work.',
    examples: 'Campaign attribution, ad frequency limits',
  },
  {
    key: 'personalization',
    name: 'Personalization cookies',
    description: 'Remember your preferences, such as favourite sports and display settings, to tailor what you see.',
    examples: 'Favourite sports, layout preferences',
  },
] as const;

/**
 * The four categories with their toggles; the choice is kept in this browser's cookie and applied
 * on return. The server reads the same cookie, so its HTML already shows the saved switches.
 */
export function CookieSettings() {
  return <CookieSettingsForm initial={parseCookieChoice(usePreferenceCookies().cookieChoice)} />;
}

function CookieSettingsForm({ initial }: { initial: StoredCookiePreferences | null }) {
  const [preferences, setPreferences] = useState<CookiePreferences>(initial ?? DEFAULT_COOKIE_PREFERENCES);
  const [savedAt, setSavedAt] = useState<string | null>(initial?.savedAt || null);

  const set = (category: OptionalCookieCategory, on: boolean) => setPreferences((p) => ({ ...p, [category]: on }));

  const save = (next: CookiePreferences, title: string) => {
    const stored = saveCookiePreferences(next);
    if (!stored) {
      toast.error('Preferences not saved', {
        description: 'Your browser is blocking cookies, so we cannot remember your choice.',
      });
      return;
    }
    setSavedAt(stored.savedAt);
    toast.success(title, { description: 'Your cookie preferences have been saved in this browser.' });
  };

  const rejectAll = () => {
    setPreferences(REJECT_ALL_PREFERENCES);
    save(REJECT_ALL_PREFERENCES, 'Optional cookies turned off');
  };

  return (
    <Card className="flex flex-col gap-1 p-2 sm:p-3" data-testid="cookie-settings">
      <ul className="flex flex-col divide-y divide-border">
        {COOKIE_CATEGORIES.map((category) => (
          <CategoryRow
            key={category.key}
            name={category.name}
            description={category.description}
            examples={category.examples}
            checked={category.key === 'essential' ? true : preferences[category.key]}
            disabled={category.key === 'essential'}
            onCheckedChange={category.key === 'essential' ? undefined : (on) => set(category.key, on)}
          />
        ))}
      </ul>
      <div className="flex flex-col gap-3 border-t border-border p-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-muted-foreground" aria-live="polite">
          {savedAt ? (
            <>
              Your choice was saved on <DateTime iso={savedAt} />.
            </>
          ) : (
            'You have not saved a choice yet; the defaults are shown.'
          )}
        </p>
        <div className="flex flex-col gap-2 sm:flex-row">
          <Button variant="outline" onClick={rejectAll}>
            Reject All
          </Button>
          <Button onClick={() => save(preferences, 'Preferences saved')}>Save Preferences</Button>
        </div>
      </div>
    </Card>
  );
}

function CategoryRow({
  name,
  description,
  examples,
  checked,
  disabled,
  onCheckedChange,
}: {
  name: string;
  description: string;
  examples: string;
  checked: boolean;
  disabled: boolean;
  onCheckedChange?: (checked: boolean) => void;
}) {
  const id = useId();
  return (
    <li className="flex items-start justify-between gap-4 p-3">
      <div className="flex min-w-0 flex-col gap-1">
        <label htmlFor={id} className="font-semibold">
          {name}
        </label>
        <p id={`${id}-description`} className="text-sm text-muted-foreground">
          {description} <span className="block text-xs">Examples: {examples}.</span>
        </p>
        {disabled && <p className="text-xs font-medium text-primary">Always on</p>}
      </div>
      <Switch
        id={id}
        checked={checked}
        disabled={disabled}
        onCheckedChange={onCheckedChange}
        aria-describedby={`${id}-description`}
        className="mt-0.5"
      />
    </li>
  );
}
