/**
 * The record-bet dialog's listed event: a search of the catalog (GET /api/events) as the bettor
 * types, the event picked with its start as the catalog has it (never typed), and the pick on it:
 * market, selection and, for a spread or a total, the line. A bet on a listed event is graded from
 * its result; the free-text fields stay for an event the catalog does not list.
 */
import { useEffect, useId, useState } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { CalendarClock, X } from 'lucide-react';
import type { CatalogEvent } from '../../../shared/event-schemas.ts';
import {
  MARKET_LABELS,
  MARKET_SELECTIONS,
  MARKETS,
  eventName,
  marketHasLine,
  selectionLabel,
  type Market,
  type Selection,
} from '../../../shared/events.ts';
import { Button } from '../../components/ui/button.tsx';
import { DateTime } from '../../components/ui/date-time.tsx';
import { FormField } from '../../components/ui/form-field.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Options, SelectField } from '../../components/ui/native-select.tsx';
import { SearchInput } from '../../components/ui/search-input.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { sportLabel } from './sports.ts';
import { useEventSearch } from './api/event-search.ts';

/** The name of a selection on an event: "Arsenal", "Draw", "Over". */
export function selectionName(event: Pick<CatalogEvent, 'home' | 'away'>, selection: Selection): string {
  if (selection === 'home') return event.home;
  if (selection === 'away') return event.away;
  return selection === 'draw' ? 'Draw' : selection === 'over' ? 'Over' : 'Under';
}

interface EventSearchProps {
  onPick: (event: CatalogEvent) => void;
  error?: string | undefined;
  /** The search box's name: "Find a listed event", or a parlay leg's own. */
  label?: string;
  /** Lists the upcoming events before anything is typed (a parlay's legs wait for a search). */
  upcomingUntilTyped?: boolean;
}

/** "Find a listed event": the search box and its results, each a button that picks the event. */
export function EventSearch({
  onPick,
  error,
  label = 'Find a listed event',
  upcomingUntilTyped = true,
}: EventSearchProps) {
  const [q, setQ] = useState('');
  const waiting = !upcomingUntilTyped && q.trim() === '';
  const search = useEventSearch(q, !waiting);
  const resultsId = useId();
  const events = search.data?.events ?? [];
  return (
    <FormField
      label={label}
      error={error}
      description="By team or competition. A bet on a listed event is graded from its result."
    >
      {(field) => (
        <div className="flex flex-col gap-2">
          <SearchInput
            {...field}
            autoComplete="off"
            placeholder="e.g. Arsenal or Premier League"
            value={q}
            onChange={(e) => setQ(e.target.value)}
            aria-controls={resultsId}
          />
          <div id={resultsId} aria-live="polite" className="flex flex-col gap-1">
            {waiting ? null : search.isPending ? (
              <p className="flex items-center gap-2 text-xs text-muted-foreground">
                <Spinner className="size-3.5" /> Searching the catalog…
              </p>
            ) : search.isError ? (
              <p className="text-xs text-destructive">The catalog could not be searched. Try again.</p>
            ) : events.length === 0 ? (
              <p className="text-xs text-muted-foreground">
                No listed event matches. Describe it below instead: it will be self-reported.
              </p>
            ) : (
              <ul aria-label="Listed events" className="flex max-h-56 flex-col gap-1 overflow-y-auto">
                {events.map((event) => (
                  <li key={event.id}>
                    <Button
                      type="button"
                      variant="outline"
                      className="h-auto w-full justify-start py-2 text-left whitespace-normal"
                      aria-label={`Pick ${eventName(event)}`}
                      onClick={() => onPick(event)}
                    >
                      <span className="flex min-w-0 flex-col">
                        <span className="font-medium break-words">{eventName(event)}</span>
                        <span className="text-xs font-normal text-muted-foreground">
                          {event.competition} · {sportLabel(event.sport)} ·{' '}
                          {event.startsAt ? <DateTime iso={event.startsAt} /> : 'start not fixed'}
                        </span>
                      </span>
                    </Button>
                  </li>
                ))}
              </ul>
            )}
          </div>
        </div>
      )}
    </FormField>
  );
}

/** The picked event as the catalog lists it, with "Change event" (`name`: a parlay leg's own). */
export function PickedEvent({
  event,
  onClear,
  name = 'Listed event',
}: {
  event: CatalogEvent;
  onClear: () => void;
  name?: string;
}) {
  return (
    <section
      aria-label={name}
      className="flex items-start justify-between gap-3 rounded-md border border-emerald-200 bg-emerald-50/60 p-3"
    >
      <div className="flex min-w-0 flex-col gap-1">
        <p className="font-semibold break-words">{eventName(event)}</p>
        <p className="text-xs text-muted-foreground">
          {event.competition} · {sportLabel(event.sport)}
        </p>
        <p className="flex items-center gap-1.5 text-sm">
          <CalendarClock className="size-4 shrink-0" aria-hidden="true" />
          <span>
            Starts {event.startsAt ? <DateTime iso={event.startsAt} /> : 'at a time not fixed yet'}{' '}
            <span className="text-xs text-muted-foreground">(from the catalog)</span>
          </span>
        </p>
      </div>
      <Button
        type="button"
        variant="ghost"
        size="sm"
        onClick={onClear}
        aria-label={name === 'Listed event' ? 'Change event' : `Change ${name.toLowerCase()}`}
      >
        <X aria-hidden="true" />
        Change
      </Button>
    </section>
  );
}

/**
 * A selection the newly chosen market does not have, or a line it does not take, is cleared
 * rather than sent (`clear` empties that field of the form).
 */
export function useClearStalePick(
  pick: { market: string; selection: string; line: string },
  clear: (field: 'selection' | 'line') => void,
) {
  const { market, selection, line } = pick;
  useEffect(() => {
    const chosen = (MARKETS as readonly string[]).includes(market) ? (market as Market) : null;
    if (selection !== '' && !(chosen && (MARKET_SELECTIONS[chosen] as readonly string[]).includes(selection)))
      clear('selection');
    if (line !== '' && !(chosen && marketHasLine(chosen))) clear('line');
  }, [market, selection, line, clear]);
}

interface PickFieldsProps {
  event: CatalogEvent;
  market: string;
  selection: string;
  line: string;
  /** The three inputs' registrations: a single bet's, or a parlay leg's (`legs.1.market`…). */
  inputs: Record<'market' | 'selection' | 'line', UseFormRegisterReturn>;
  errors: Partial<Record<'market' | 'selection' | 'line', string>>;
  /** Each input's label from its field's ("Market"): a parlay leg's say which leg ("Leg 2 market"). */
  labelOf?: (field: 'Market' | 'Selection' | 'Line') => string;
}

/** Market, selection and (spread, total) line on the picked event, with the pick said in words. */
export function PickFields({
  event,
  market,
  selection,
  line,
  inputs,
  errors,
  labelOf = (field) => field,
}: PickFieldsProps) {
  const offered = event.markets.map((m) => m.market);
  const markets = MARKETS.filter((m) => offered.length === 0 || offered.includes(m));
  const chosenMarket = (MARKETS as readonly string[]).includes(market) ? (market as Market) : null;
  const selections = chosenMarket ? MARKET_SELECTIONS[chosenMarket] : [];
  const withLine = chosenMarket !== null && marketHasLine(chosenMarket);
  const lineNumber = line.trim() === '' ? null : Number(line);
  const pick =
    chosenMarket && (selections as readonly string[]).includes(selection) && (!withLine || Number.isFinite(lineNumber))
      ? selectionLabel(event, chosenMarket, selection as Selection, withLine ? lineNumber : null)
      : null;
  return (
    <>
      <div className={withLine ? 'grid gap-4 sm:grid-cols-3' : 'grid gap-4 sm:grid-cols-2'}>
        <SelectField label={labelOf('Market')} error={errors.market} {...inputs.market}>
          <option value="">Choose a market</option>
          <Options values={markets} label={(m) => MARKET_LABELS[m]} />
        </SelectField>
        <SelectField
          label={labelOf('Selection')}
          error={errors.selection}
          disabled={!chosenMarket}
          {...inputs.selection}
        >
          <option value="">{chosenMarket ? 'Choose a selection' : 'Choose a market first'}</option>
          <Options values={selections} label={(s) => selectionName(event, s)} />
        </SelectField>
        {withLine && (
          <FormField
            label={labelOf('Line')}
            error={errors.line}
            description={chosenMarket === 'spread' ? `${event.home}'s handicap` : 'Total points or goals'}
          >
            {(field) => (
              <Input
                {...field}
                autoComplete="off"
                inputMode="decimal"
                placeholder={chosenMarket === 'spread' ? '-1.5' : '2.5'}
                {...inputs.line}
              />
            )}
          </FormField>
        )}
      </div>
      {pick && (
        <p className="text-sm" aria-live="polite">
          Your pick: <span className="font-semibold">{pick}</span>
        </p>
      )}
    </>
  );
}
