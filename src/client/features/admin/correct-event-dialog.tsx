/**
 * An admin's correction of one event: its start, status and score. Only what changed is sent; the
 * server grades the bets when the correction makes the event final or cancelled, refuses to change
 * a final result, and writes the correction to the audit log.
 */
import { useState, type FormEvent } from 'react';
import { EVENT_STATUSES, eventName, type EventStatus } from '../../../shared/events.ts';
import type { CatalogEvent, CorrectEventInput } from '../../../shared/event-schemas.ts';
import { FormDialog } from '../../components/ui/form-dialog.tsx';
import { FormField } from '../../components/ui/form-field.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Options, SelectField } from '../../components/ui/native-select.tsx';
import { toast } from '../../components/ui/toast.ts';
import { ApiError } from '../../lib/api.ts';
import { localDateTimeToIso, toLocalDateTimeValue } from '../../lib/local-date-time.ts';
import { STATUS_NAMES, useCorrectEvent } from './api/events.ts';

const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;

/** A score as typed: a whole number, or null when blank (NaN, which the server refuses, otherwise). */
const typedScore = (text: string): number | null => (text.trim() === '' ? null : Number(text.trim()));

export function CorrectEventDialog({
  viewerId,
  event,
  onClose,
}: {
  viewerId: string;
  event: CatalogEvent;
  onClose: () => void;
}) {
  const correct = useCorrectEvent(viewerId);
  const initialStart = event.startsAt ? toLocalDateTimeValue(new Date(event.startsAt)) : '';
  const [start, setStart] = useState(initialStart);
  const [status, setStatus] = useState<EventStatus>(event.status);
  const [home, setHome] = useState(event.score ? String(event.score.home) : '');
  const [away, setAway] = useState(event.score ? String(event.score.away) : '');
  const [problem, setProblem] = useState<string | null>(null);
  const [fields, setFields] = useState<Record<string, string>>({});
  const name = eventName(event);

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    setProblem(null);
    setFields({});
    const change: CorrectEventInput = {};
    if (start !== initialStart) {
      const iso = localDateTimeToIso(start);
      if (!iso) {
        setFields({ startsAt: 'Enter the start as a date and time' });
        return;
      }
      change.startsAt = iso;
    }
    if (status !== event.status) change.status = status;
    const [h, a] = [typedScore(home), typedScore(away)];
    const before = event.score;
    if (h !== (before?.home ?? null) || a !== (before?.away ?? null)) {
      if ((h === null) !== (a === null)) {
        setFields({ score: 'Enter both scores, or neither' });
        return;
      }
      change.score = h === null || a === null ? null : { home: h, away: a };
    }
    if (Object.keys(change).length === 0) {
      setProblem('Nothing changed');
      return;
    }
    correct.mutate(
      { id: event.id, change },
      {
        onSuccess: (result) => {
          toast.success('Event corrected', {
            description: `${name}: ${result.graded} ${result.graded === 1 ? 'bet' : 'bets'} graded.`,
          });
          onClose();
        },
        onError: (error) => {
          setProblem(error.message);
          if (error instanceof ApiError && error.fields) setFields(error.fields);
        },
      },
    );
  };

  const scoreError = fields.score ?? fields['score.home'] ?? fields['score.away'];
  return (
    <FormDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={`Correct ${name}`}
      description={
        <>
          {event.competition}. Making it final with a score, or cancelled, grades its pending bets. A final result can't
          be changed. Every correction is in the audit log.
        </>
      }
      onSubmit={onSubmit}
      problem={problem}
      pending={correct.isPending}
      submitLabel="Save correction"
    >
      <FormField label="Start" error={fields.startsAt} description={`Your time zone (${timeZone}).`}>
        {(field) => <Input {...field} type="datetime-local" value={start} onChange={(e) => setStart(e.target.value)} />}
      </FormField>
      <SelectField
        label="Status"
        error={fields.status}
        value={status}
        onChange={(e) => setStatus(e.target.value as EventStatus)}
      >
        <Options values={EVENT_STATUSES} label={(s) => STATUS_NAMES[s]} />
      </SelectField>
      <div className="grid grid-cols-2 gap-4">
        <FormField label={`${event.home} score`} error={scoreError}>
          {(field) => <Input {...field} inputMode="numeric" value={home} onChange={(e) => setHome(e.target.value)} />}
        </FormField>
        <FormField label={`${event.away} score`}>
          {(field) => <Input {...field} inputMode="numeric" value={away} onChange={(e) => setAway(e.target.value)} />}
        </FormField>
      </div>
    </FormDialog>
  );
}
