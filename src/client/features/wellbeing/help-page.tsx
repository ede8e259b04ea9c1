import { useId, useState } from 'react';
import { Link } from 'react-router';
import { ExternalLink as ExternalLinkIcon, MessageCircle, Phone } from 'lucide-react';
import { paths } from '../../../shared/routes.ts';
import { BUNDLED_HELP_RESOURCES, countryFromLanguages, type HelpResource } from '../../../shared/help-resources.ts';
import { Card } from '../../components/ui/card.tsx';
import { NativeSelect } from '../../components/ui/native-select.tsx';
import { useHydrated } from '../../lib/use-hydrated.ts';
import { PageHero, Section } from '../marketing/index.ts';
import { useHelpResources } from './api/help-resources.ts';

const tel = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;

function ResourceItem({ resource }: { resource: HelpResource }) {
  return (
    <li>
      <Card className="flex h-full flex-col gap-2 p-5">
        <h3 className="font-semibold">{resource.name}</h3>
        <p className="text-sm text-muted-foreground">{resource.description}</p>
        <div className="flex flex-wrap gap-x-4 gap-y-1 text-sm font-medium">
          {resource.phone && (
            <a
              href={tel(resource.phone)}
              className="inline-flex items-center gap-1 text-primary underline underline-offset-4"
            >
              <Phone aria-hidden="true" className="size-4" />
              Call {resource.phone}
            </a>
          )}
          {resource.text && (
            <span className="inline-flex items-center gap-1">
              <MessageCircle aria-hidden="true" className="size-4" />
              {resource.text}
            </span>
          )}
          {resource.url && (
            <a
              href={resource.url}
              target="_blank"
              rel="noopener noreferrer"
              className="inline-flex items-center gap-1 text-primary underline underline-offset-4"
            >
              {new URL(resource.url).hostname.replace(/^www\./, '')}
              <ExternalLinkIcon aria-hidden="true" className="size-3.5" />
              <span className="sr-only">(opens in a new tab)</span>
            </a>
          )}
        </div>
        <p className="mt-auto text-xs text-muted-foreground">
          Checked {resource.checked} against{' '}
          <a href={resource.source} target="_blank" rel="noopener noreferrer" className="underline underline-offset-2">
            this source
            <span className="sr-only"> for {resource.name} (opens in a new tab)</span>
          </a>
          .
        </p>
      </Card>
    </li>
  );
}

/** "Need help?": who to talk to and how to block gambling, for the country chosen (the browser's region at first). */
export function HelpPage() {
  const list = useHelpResources().data ?? BUNDLED_HELP_RESOURCES;
  const hydrated = useHydrated();
  const [chosen, setChosen] = useState<string | null>(null);
  // The browser's region is known only in the browser: the server renders the first country.
  const guessed = hydrated ? countryFromLanguages(navigator.languages ?? [navigator.language], list) : null;
  const code = chosen ?? guessed ?? list.countries[0]?.code ?? '';
  const country = list.countries.find((c) => c.code === code);
  const selectId = useId();
  return (
    <>
      <PageHero
        eyebrow="Need help?"
        title="Talk to someone, or take a break"
        lead="If betting is costing you more money or time than you want, or worries someone close to you, these free services can help. You don't have to be in crisis to call."
      />
      <Section title="Help where you are">
        <div className="flex max-w-sm flex-col gap-2">
          <label htmlFor={selectId} className="text-sm font-medium">
            Country
          </label>
          <NativeSelect id={selectId} value={code} onChange={(e) => setChosen(e.target.value)}>
            {list.countries.map((c) => (
              <option key={c.code} value={c.code}>
                {c.name}
              </option>
            ))}
            <option value="elsewhere">Somewhere else</option>
          </NativeSelect>
        </div>
        {country ? (
          <ul className="mt-6 grid gap-4 md:grid-cols-2" aria-label={`Help in ${country.name}`}>
            {country.resources.map((r) => (
              <ResourceItem key={r.name} resource={r} />
            ))}
          </ul>
        ) : (
          <p className="mt-6 text-muted-foreground">
            We don&apos;t list services for your country yet. Gambling Therapy, below, offers free chat wherever you
            live.
          </p>
        )}
      </Section>
      <Section tone="muted" title="Wherever you are">
        <ul className="grid gap-4 md:grid-cols-2" aria-label="Help wherever you are">
          {list.everywhere.map((r) => (
            <ResourceItem key={r.name} resource={r} />
          ))}
        </ul>
      </Section>
      <Section title="On betproof">
        <p className="max-w-2xl text-muted-foreground">
          On your{' '}
          <Link
            to={`${paths.dashboard}#take-a-break`}
            className="font-medium text-primary underline underline-offset-4"
          >
            dashboard
          </Link>{' '}
          you can set a budget for the week, the month or from pay day, and take a break from recording bets for 24
          hours, 7 days, 30 days or 6 months. Only you see them. The list on this page was last checked on{' '}
          {list.checked}.
        </p>
      </Section>
    </>
  );
}
