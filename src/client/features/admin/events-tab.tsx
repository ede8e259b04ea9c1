/**
 * The admin's Events tab: import a fixtures or results file as published (the format picked, its
 * time zone and competition where the format needs them), list the catalog with each event's
 * status and score, and correct an event (start, status, score; every correction is in the audit
 * log). docs/FEEDS.md describes the formats.
 */
import { useId, useState, type FormEvent } from 'react';
import { CalendarDays, Upload } from 'lucide-react';
import { EVENT_STATUSES, FEED_FORMATS, eventName, type EventStatus, type FeedFormat } from '../../../shared/events.ts';
import { EVENTS_PAGE_DEFAULT, type CatalogEvent, type ImportEventsResult } from '../../../shared/event-schemas.ts';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { FormAlert } from '../../components/ui/form-alert.tsx';
import { FormField } from '../../components/ui/form-field.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Options, SelectField } from '../../components/ui/native-select.tsx';
import { SearchInput } from '../../components/ui/search-input.tsx';
import { LoadingStatus, Spinner } from '../../components/ui/spinner.tsx';
import { Textarea } from '../../components/ui/textarea.tsx';
import { formatDateTime } from '../../lib/format.ts';
import { DataBody, DataHead, DataTable, Td, Th, Tr } from './data-table.tsx';
import { OffsetPager } from './pager.tsx';
import {
  ImportRefusedError,
  STATUS_NAMES,
  useAdminEvents,
  useImportEvents,
  type AdminEventsQuery,
} from './api/events.ts';
import { CorrectEventDialog } from './correct-event-dialog.tsx';
import { TabEmpty, TabLoadFailed } from './tab-states.tsx';

const FORMAT_LABELS: Record<FeedFormat, string> = {
  'football-json': 'openfootball football.json',
  'football-data': 'football-data.co.uk results CSV',
  'the-odds-api': 'The Odds API v4 (events, scores, odds)',
};

/** "380 new events, 0 updated, 0 bets graded". */
export const importSummary = (r: ImportEventsResult) =>
  `${r.created} new ${r.created === 1 ? 'event' : 'events'}, ${r.updated} updated, ` +
  `${r.graded} ${r.graded === 1 ? 'bet' : 'bets'} graded`;

export function EventsTab({ viewerId }: { viewerId: string }) {
  return (
    <section aria-labelledby="admin-events-heading" className="flex flex-col gap-6">
      <h2 id="admin-events-heading" className="sr-only">
        Events
      </h2>
      <ImportEventsForm viewerId={viewerId} />
      <EventsList viewerId={viewerId} />
    </section>
  );
}

/** Upload or paste a feed file, pick its format, import it: all or nothing, each bad row named. */
function ImportEventsForm({ viewerId }: { viewerId: string }) {
  const importEvents = useImportEvents(viewerId);
  const [format, setFormat] = useState<FeedFormat>('football-json');
  const [timezone, setTimezone] = useState('Europe/London');
  const [competition, setCompetition] = useState('');
  const [text, setText] = useState('');
  const [fileError, setFileError] = useState<string | null>(null);
  const [done, setDone] = useState<ImportEventsResult | null>(null);
  const headingId = useId();

  const onFile = async (file: File | undefined) => {
    setFileError(null);
    if (!file) return;
    try {
      setText(await file.text());
    } catch {
      setFileError(`"${file.name}" could not be read`);
    }
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    setDone(null);
    if (text.trim() === '') {
      setFileError('Choose a file or paste its contents');
      return;
    }
    importEvents.mutate({ format, timezone, competition, text }, { onSuccess: setDone });
  };

  const refusal = importEvents.error;
  return (
    <Card className="flex flex-col gap-4 p-4 sm:p-6">
      <div className="flex flex-col gap-1">
        <h3 id={headingId} className="text-lg font-semibold">
          Import fixtures or results
        </h3>
        <p className="text-sm text-muted-foreground">
          A file as its feed publishes it. The same event imported again is updated, not duplicated; events that become
          final grade every pending bet on them. A file with any bad row imports nothing.
        </p>
      </div>
      <form noValidate aria-labelledby={headingId} onSubmit={onSubmit} className="flex flex-col gap-4">
        <div className="grid gap-4 sm:grid-cols-3">
          <SelectField label="Feed format" value={format} onChange={(e) => setFormat(e.target.value as FeedFormat)}>
            <Options values={FEED_FORMATS} label={(f) => FORMAT_LABELS[f]} />
          </SelectField>
          <FormField
            label="Time zone"
            description={
              format === 'the-odds-api'
                ? 'Not needed: its times are UTC.'
                : "The IANA zone of the file's local times (football-data defaults to Europe/London)."
            }
          >
            {(field) => (
              <Input
                {...field}
                autoComplete="off"
                value={timezone}
                disabled={format === 'the-odds-api'}
                onChange={(e) => setTimezone(e.target.value)}
              />
            )}
          </FormField>
          <FormField label="Competition (optional)" description="Where the file does not name it.">
            {(field) => (
              <Input
                {...field}
                autoComplete="off"
                value={competition}
                onChange={(e) => setCompetition(e.target.value)}
              />
            )}
          </FormField>
        </div>
        <FormField label="Feed file" error={fileError ?? undefined}>
          {(field) => (
            <Input
              {...field}
              type="file"
              accept=".json,.csv,application/json,text/csv"
              onChange={(e) => void onFile(e.target.files?.[0])}
            />
          )}
        </FormField>
        <FormField label="File contents" description="Filled from the file chosen above, or paste the file here.">
          {(field) => (
            <Textarea
              {...field}
              spellCheck={false}
              className="max-h-64 font-mono text-xs"
              value={text}
              onChange={(e) => setText(e.target.value)}
            />
          )}
        </FormField>
        {refusal && (
          <FormAlert>
            {refusal.message}
            {refusal instanceof ImportRefusedError && refusal.rows && refusal.rows.length > 0 && (
              <ul aria-label="Rows refused" className="mt-1 list-disc pl-5">
                {refusal.rows.map((r) => (
                  <li key={`${r.row}:${r.message}`}>{r.message}</li>
                ))}
              </ul>
            )}
          </FormAlert>
        )}
        {done && (
          <p
            role="status"
            className="rounded-md border border-emerald-200 bg-emerald-50 px-3 py-2 text-sm text-emerald-900"
          >
            Imported: {importSummary(done)}.
          </p>
        )}
        <div>
          <Button type="submit" disabled={importEvents.isPending}>
            {importEvents.isPending ? <Spinner className="size-4" /> : <Upload aria-hidden="true" />}
            Import
          </Button>
        </div>
      </form>
    </Card>
  );
}

/** The catalog, latest start first, searchable, with each event's status and score and Correct. */
function EventsList({ viewerId }: { viewerId: string }) {
  const [query, setQuery] = useState<AdminEventsQuery>({ q: '', status: '', offset: 0 });
  const events = useAdminEvents(viewerId, query);
  const [correcting, setCorrecting] = useState<CatalogEvent | null>(null);
  const page = events.data;
  return (
    <div className="flex flex-col gap-4">
      <div className="grid gap-3 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <FormField label="Search events">
          {(field) => (
            <SearchInput
              {...field}
              autoComplete="off"
              placeholder="Team or competition"
              value={query.q}
              onChange={(e) => setQuery({ ...query, q: e.target.value, offset: 0 })}
            />
          )}
        </FormField>
        <SelectField
          label="Status"
          value={query.status}
          onChange={(e) => setQuery({ ...query, status: e.target.value as EventStatus | '', offset: 0 })}
        >
          <option value="">Any status</option>
          <Options values={EVENT_STATUSES} label={(s) => STATUS_NAMES[s]} />
        </SelectField>
      </div>
      {events.isPending ? (
        <LoadingStatus>Loading events...</LoadingStatus>
      ) : !page ? (
        <TabLoadFailed query={events}>Failed to load the events</TabLoadFailed>
      ) : page.events.length === 0 ? (
        <TabEmpty icon={CalendarDays} title="No events">
          Import a fixtures file above to list events bettors can pick.
        </TabEmpty>
      ) : (
        <>
          <DataTable caption="Events, latest start first">
            <DataHead>
              <Th>Event</Th>
              <Th>Competition</Th>
              <Th>Start</Th>
              <Th>Status</Th>
              <Th>Score</Th>
              <Th>
                <span className="sr-only">Actions</span>
              </Th>
            </DataHead>
            <DataBody>
              {page.events.map((event) => (
                <Tr key={event.id}>
                  <Td label="Event" className="font-medium break-words">
                    {eventName(event)}
                  </Td>
                  <Td label="Competition" className="break-words">
                    {event.competition}
                  </Td>
                  <Td label="Start" className="whitespace-nowrap">
                    {event.startsAt ? (
                      <time dateTime={event.startsAt}>{formatDateTime(event.startsAt)}</time>
                    ) : (
                      'Not fixed'
                    )}
                  </Td>
                  <Td label="Status">{STATUS_NAMES[event.status]}</Td>
                  <Td label="Score" className="tabular-nums">
                    {event.score ? `${event.score.home}–${event.score.away}` : '—'}
                  </Td>
                  <Td label="Actions">
                    <Button
                      variant="outline"
                      size="sm"
                      aria-label={`Correct ${eventName(event)}`}
                      onClick={() => setCorrecting(event)}
                    >
                      Correct
                    </Button>
                  </Td>
                </Tr>
              ))}
            </DataBody>
          </DataTable>
          <OffsetPager
            noun="events"
            offset={query.offset}
            shown={page.events.length}
            total={page.total}
            pageSize={EVENTS_PAGE_DEFAULT}
            onOffset={(change) => setQuery({ ...query, offset: change(query.offset) })}
            loading={events.isPlaceholderData}
          />
        </>
      )}
      {correcting && <CorrectEventDialog viewerId={viewerId} event={correcting} onClose={() => setCorrecting(null)} />}
    </div>
  );
}
