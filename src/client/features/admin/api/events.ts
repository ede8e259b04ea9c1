/**
 * The admin's Events tab's requests: the catalog listed with status and score, a feed file
 * imported as published, an event corrected. Apart from api.ts so the tab's code stays together.
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { EventStatus, FeedFormat } from '../../../../shared/events.ts';
import type { CorrectEventInput, ImportEventsRefusal, ImportEventsResult } from '../../../../shared/event-schemas.ts';
import { EVENTS_PAGE_DEFAULT } from '../../../../shared/event-schemas.ts';
import { api, ApiError, toApiError, unwrap } from '../../../lib/api.ts';
import { adminKeys } from './admin.ts';

/** An event's status in words. */
export const STATUS_NAMES: Record<EventStatus, string> = {
  scheduled: 'Scheduled',
  live: 'Live',
  final: 'Final',
  postponed: 'Postponed',
  cancelled: 'Cancelled',
};

export interface AdminEventsQuery {
  q: string;
  status: EventStatus | '';
  offset: number;
}

const eventKeys = {
  all: (viewerId: string) => [...adminKeys.all(viewerId), 'events'] as const,
  page: (viewerId: string, q: AdminEventsQuery) => [...adminKeys.all(viewerId), 'events', q] as const,
};

export function useAdminEvents(viewerId: string, q: AdminEventsQuery) {
  return useQuery({
    queryKey: eventKeys.page(viewerId, q),
    queryFn: () =>
      unwrap(
        api.api.admin.events.$get({
          query: {
            limit: String(EVENTS_PAGE_DEFAULT),
            offset: String(q.offset),
            ...(q.q.trim() ? { q: q.q.trim() } : {}),
            ...(q.status ? { status: q.status } : {}),
          },
        }),
      ),
    placeholderData: keepPreviousData,
  });
}

/** A refused file: the server's message and each bad row it named. */
export class ImportRefusedError extends ApiError {
  constructor(
    status: number,
    message: string,
    readonly rows: ImportEventsRefusal['rows'],
  ) {
    super(status, message);
  }
}

export interface ImportRequest {
  format: FeedFormat;
  timezone: string;
  competition: string;
  text: string;
}

const CONTENT_TYPE: Record<FeedFormat, string> = {
  'football-json': 'application/json',
  'football-data': 'text/csv',
  'the-odds-api': 'application/json',
};

/** POST /api/admin/events/import with the file as its body (the RPC client sends JSON only). */
export function useImportEvents(viewerId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ format, timezone, competition, text }: ImportRequest): Promise<ImportEventsResult> => {
      const params = new URLSearchParams({ format });
      if (timezone.trim()) params.set('timezone', timezone.trim());
      if (competition.trim()) params.set('competition', competition.trim());
      const res = await fetch(`/api/admin/events/import?${params}`, {
        method: 'POST',
        headers: { 'content-type': CONTENT_TYPE[format], accept: 'application/json' },
        body: text,
      });
      if (res.ok) return (await res.json()) as ImportEventsResult;
      const copy = res.clone();
      const error = await toApiError(res);
      let rows: ImportEventsRefusal['rows'];
      try {
        rows = ((await copy.json()) as ImportEventsRefusal).rows;
      } catch {
        rows = undefined;
      }
      throw new ImportRefusedError(error.status, error.message, rows);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: eventKeys.all(viewerId) }),
  });
}

/** PATCH /api/admin/events/:id: the start, status or score. */
export function useCorrectEvent(viewerId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, change }: { id: string; change: CorrectEventInput }) =>
      unwrap(api.api.admin.events[':id'].$patch({ param: { id }, json: change })),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: eventKeys.all(viewerId) }),
        queryClient.invalidateQueries({ queryKey: adminKeys.logs(viewerId) }),
      ]),
  });
}
