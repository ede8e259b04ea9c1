import { useState } from 'react';
import { ScrollText } from 'lucide-react';
import {
  ADMIN_ACTION_LABELS,
  LOGS_PAGE_DEFAULT,
  ISSUE_STATUS_LABELS,
  VERIFICATION_STATUS_LABELS,
  type AdminLog,
} from '../../../shared/admin.ts';
import { LoadingStatus } from '../../components/ui/spinner.tsx';
import { formatDateTime } from '../../lib/format.ts';
import { useAdminLogs } from './api/admin.ts';
import { DataBody, DataHead, DataTable, Td, Th, Tr } from './data-table.tsx';
import { OffsetPager } from './pager.tsx';
import { TabEmpty, TabLoadFailed } from './tab-states.tsx';

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
        <TabEmpty icon={ScrollText} title="No admin actions yet">
          Verification changes and issue updates are recorded here.
        </TabEmpty>
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
          <OffsetPager
            noun="entries"
            offset={offset}
            shown={page.logs.length}
            total={page.total}
            pageSize={LOGS_PAGE_DEFAULT}
            onOffset={setOffset}
            loading={logs.isPlaceholderData}
          />
        </>
      )}
    </section>
  );
}
