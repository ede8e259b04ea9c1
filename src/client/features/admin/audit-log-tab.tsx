import { useState } from 'react';
import { ScrollText } from 'lucide-react';
import {
  ADMIN_ACTION_LABELS,
  LOGS_PAGE_DEFAULT,
  ISSUE_STATUS_LABELS,
  VERIFICATION_STATUS_LABELS,
  type AdminLog,
} from '../../../shared/admin.ts';
import { Card } from '../../components/ui/card.tsx';
import { LoadingStatus } from '../../components/ui/spinner.tsx';
import { formatDateTime } from '../../lib/format.ts';
import { useAdminLogs } from './api/admin.ts';
import { DataBody, DataHead, DataTable, Td, Th, Tr } from './data-table.tsx';
import { Pager } from './pager.tsx';
import { TabLoadFailed } from './tab-load-failed.tsx';

type Person = AdminLog['admin'];

const personName = (p: Person, fallback: string) => (p ? (p.username ? `@${p.username}` : p.email) : fallback);

/** Who acted or was acted on: @username (else the email), the email as the cell's title. */
function PersonCell({ label, person, fallback }: { label: string; person: Person; fallback: string }) {
  return (
    <Td label={label} className="[overflow-wrap:anywhere] md:[overflow-wrap:break-word]" title={person?.email}>
      {personName(person, fallback)}
    </Td>
  );
}

const label = (value: unknown): string => {
  const text = String(value);
  return (
    (VERIFICATION_STATUS_LABELS as Record<string, string>)[text] ??
    (ISSUE_STATUS_LABELS as Record<string, string>)[text] ??
    text
  );
};

/** What changed, in words: 'Pending → Verified'. */
function describe(log: AdminLog): string {
  const d = log.details;
  if ('status' in d && 'previous' in d) return `${label(d.previous)} → ${label(d.status)}`;
  if ('priority' in d && 'previous' in d) return `Priority ${String(d.previous)} → ${String(d.priority)}`;
  if ('role' in d && 'previousRole' in d)
    return `${String(d.previousRole)} → ${String(d.role)}${d.source ? ` (${String(d.source)})` : ''}`;
  const entries = Object.entries(d);
  return entries.length
    ? entries.map(([k, v]) => `${k}: ${typeof v === 'string' ? v : JSON.stringify(v)}`).join(', ')
    : '—';
}

/** The audit log: every admin action, newest first — who, what, whom, when. */
export function AuditLogTab({ viewerId }: { viewerId: string }) {
  const [offset, setOffset] = useState(0);
  const logs = useAdminLogs(viewerId, offset);
  const page = logs.data;

  return (
    <section aria-labelledby="admin-audit-heading" className="flex flex-col gap-4">
      <h2 id="admin-audit-heading" className="sr-only">
        Audit Log
      </h2>
      {logs.isPending ? (
        <LoadingStatus>Loading audit log...</LoadingStatus>
      ) : !page ? (
        <TabLoadFailed query={logs}>Failed to load the audit log</TabLoadFailed>
      ) : page.logs.length === 0 ? (
        <Card className="flex flex-col items-center gap-2 p-10 text-center">
          <ScrollText className="size-10 text-muted-foreground" aria-hidden="true" />
          <p className="font-semibold">No admin actions yet</p>
          <p className="text-sm text-muted-foreground">Verification changes and issue updates are recorded here.</p>
        </Card>
      ) : (
        <>
          <DataTable caption="Admin actions, newest first">
            <DataHead>
              <Th>When</Th>
              <Th>Admin</Th>
              <Th>Action</Th>
              <Th>User</Th>
              <Th>Details</Th>
            </DataHead>
            <DataBody>
              {page.logs.map((log) => (
                <Tr key={log.id}>
                  <Td label="When" className="whitespace-nowrap">
                    <time dateTime={log.createdAt}>{formatDateTime(log.createdAt)}</time>
                  </Td>
                  <PersonCell label="Admin" person={log.admin} fallback="System" />
                  <Td label="Action">{ADMIN_ACTION_LABELS[log.action] ?? log.action}</Td>
                  <PersonCell label="User" person={log.target} fallback="—" />
                  <Td label="Details" className="break-words">
                    {describe(log)}
                  </Td>
                </Tr>
              ))}
            </DataBody>
          </DataTable>
          <Pager
            noun="entries"
            from={offset}
            shown={page.logs.length}
            total={page.total}
            hasPrevious={offset > 0}
            hasNext={offset + page.logs.length < page.total}
            onPrevious={() => setOffset((o) => Math.max(0, o - LOGS_PAGE_DEFAULT))}
            onNext={() => setOffset((o) => o + LOGS_PAGE_DEFAULT)}
            loading={logs.isPlaceholderData}
          />
        </>
      )}
    </section>
  );
}
