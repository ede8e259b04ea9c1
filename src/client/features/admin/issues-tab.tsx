import { useId, useState, type ChangeEvent, type Dispatch, type SetStateAction } from 'react';
import { Link } from 'react-router';
import { Inbox, Mail, MessageSquareText } from 'lucide-react';
import {
  INBOX_PRIORITIES,
  INBOX_STATUSES,
  ISSUES_PAGE_DEFAULT,
  ISSUE_STATUS_FILTERS,
  ISSUE_STATUS_LABELS,
  ISSUE_TYPE_FILTERS,
  type AdminIssue,
  type InboxKind,
  type InboxPriority,
  type InboxStatus,
} from '../../../shared/admin.ts';
import { AD_TYPE_LABELS, BUDGET_LABELS, type AdType, type Budget } from '../../../shared/inbox.ts';
import { publicProfilePath } from '../../../shared/routes.ts';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Dialog, DialogContent, DialogHeading } from '../../components/ui/dialog.tsx';
import { LabelledSelect, NativeSelect, Options } from '../../components/ui/native-select.tsx';
import { LoadingStatus, Spinner } from '../../components/ui/spinner.tsx';
import { formatDate, formatDateTime } from '../../lib/format.ts';
import { useAdminIssue, useAdminIssues, useUpdateIssue } from './api/admin.ts';
import { DataBody, DataHead, DataTable, Td, Th, Tr } from './data-table.tsx';
import { OffsetPager } from './pager.tsx';
import { IssueStatusBadge, PriorityBadge } from './status-badges.tsx';
import { TabEmpty, TabLoadFailed } from './tab-states.tsx';

/** The action selector: In Progress, Resolved, Closed. */
const ACTIONS: InboxStatus[] = ['in-progress', 'resolved', 'closed'];
const TYPE_LABELS: Record<InboxKind | 'all', string> = {
  all: 'All types',
  contact: 'Contact',
  advertising: 'Advertising',
};

/** The Issues tab: contact messages and advertiser inquiries, newest first, with a status action per row. */
export function IssuesTab({ viewerId }: { viewerId: string }) {
  const [status, setStatus] = useState<InboxStatus | 'all'>('all');
  const [type, setType] = useState<InboxKind | 'all'>('all');
  const [offset, setOffset] = useState(0);
  const [openId, setOpenId] = useState<string | null>(null);
  const issues = useAdminIssues(viewerId, { status, type, offset });
  const headingId = useId();

  const page = issues.data;
  /** A filter's change: the list starts again at its first page. */
  const refilter =
    <T extends string>(set: Dispatch<SetStateAction<T>>) =>
    (e: ChangeEvent<HTMLSelectElement>) => {
      set(e.target.value as T);
      setOffset(0);
    };

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-4">
      <h2 id={headingId} className="sr-only">
        Issues
      </h2>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <LabelledSelect label="Status" className="sm:w-48" value={status} onChange={refilter(setStatus)}>
          <Options
            values={ISSUE_STATUS_FILTERS}
            label={(s) => (s === 'all' ? 'All statuses' : ISSUE_STATUS_LABELS[s])}
          />
        </LabelledSelect>
        <LabelledSelect label="Type" className="sm:w-48" value={type} onChange={refilter(setType)}>
          <Options values={ISSUE_TYPE_FILTERS} label={(t) => TYPE_LABELS[t]} />
        </LabelledSelect>
      </div>

      {issues.isPending ? (
        <LoadingStatus>Loading issues...</LoadingStatus>
      ) : !page ? (
        <TabLoadFailed query={issues}>Failed to load issues</TabLoadFailed>
      ) : page.issues.length === 0 ? (
        <TabEmpty icon={Inbox} title="No issues found">
          Messages from the Contact page and advertising inquiries appear here.
        </TabEmpty>
      ) : (
        <>
          <DataTable caption="Issues, newest first">
            <DataHead>
              <Th>User</Th>
              <Th>Title</Th>
              <Th>Type</Th>
              <Th>Priority</Th>
              <Th>Status</Th>
              <Th>Created</Th>
              <Th className="text-right">Actions</Th>
            </DataHead>
            <DataBody>
              {page.issues.map((issue) => (
                <IssueRow key={issue.id} issue={issue} viewerId={viewerId} onOpen={() => setOpenId(issue.id)} />
              ))}
            </DataBody>
          </DataTable>
          <OffsetPager
            noun="issues"
            offset={offset}
            shown={page.issues.length}
            total={page.total}
            pageSize={ISSUES_PAGE_DEFAULT}
            onOffset={setOffset}
            loading={issues.isPlaceholderData}
          />
        </>
      )}
      <IssueDialog viewerId={viewerId} id={openId} onClose={() => setOpenId(null)} />
    </section>
  );
}

function IssueRow({ issue, viewerId, onOpen }: { issue: AdminIssue; viewerId: string; onOpen: () => void }) {
  const update = useUpdateIssue(viewerId);
  const actionId = useId();
  return (
    <Tr>
      <Td label="User">
        <span className="flex min-w-0 flex-col items-end md:items-start">
          {issue.username ? (
            <Link to={publicProfilePath(issue.username)} className="font-medium text-primary hover:underline">
              @{issue.username}
            </Link>
          ) : (
            <span className="font-medium [overflow-wrap:anywhere] md:[overflow-wrap:break-word]">{issue.name}</span>
          )}
          <span className="text-xs text-muted-foreground [overflow-wrap:anywhere] md:[overflow-wrap:break-word]">
            {issue.email}
          </span>
        </span>
      </Td>
      <Td label="Title" className="md:max-w-xs">
        <button
          type="button"
          onClick={onOpen}
          className="cursor-pointer text-right font-medium break-words text-foreground underline-offset-4 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring md:text-left"
        >
          {issue.title}
        </button>
      </Td>
      <Td label="Type">
        <Badge variant="outline" className="capitalize">
          {issue.type}
        </Badge>
      </Td>
      <Td label="Priority">
        <PriorityBadge priority={issue.priority} />
      </Td>
      <Td label="Status">
        <IssueStatusBadge status={issue.status} />
      </Td>
      <Td label="Created" className="whitespace-nowrap">
        <time dateTime={issue.createdAt} title={formatDateTime(issue.createdAt)}>
          {formatDate(issue.createdAt)}
        </time>
      </Td>
      <Td label="Actions">
        <div className="flex items-center justify-end gap-2">
          <label htmlFor={actionId} className="sr-only">
            Change status of {issue.title}
          </label>
          <div className="w-40">
            <NativeSelect
              id={actionId}
              value=""
              disabled={update.isPending}
              onChange={(e) => {
                const status = e.target.value as InboxStatus;
                if (status) update.mutate({ id: issue.id, status });
              }}
              className="h-9"
            >
              <option value="" disabled>
                {update.isPending ? 'Saving...' : 'Set status'}
              </option>
              {ACTIONS.map((s) => (
                <option key={s} value={s} disabled={s === issue.status}>
                  {ISSUE_STATUS_LABELS[s]}
                </option>
              ))}
            </NativeSelect>
          </div>
          <Button size="sm" variant="ghost" onClick={onOpen} aria-label={`Open ${issue.title}`}>
            <MessageSquareText aria-hidden="true" />
            Open
          </Button>
        </div>
      </Td>
    </Tr>
  );
}

/** The whole message, with its status and priority editable (status here may also go back to Open). */
function IssueDialog({ viewerId, id, onClose }: { viewerId: string; id: string | null; onClose: () => void }) {
  const issue = useAdminIssue(viewerId, id);
  const update = useUpdateIssue(viewerId);
  const data = issue.data;

  return (
    <Dialog open={id !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-2xl">
        {!data ? (
          <>
            <DialogHeading
              title="Issue"
              description={issue.isError ? 'This issue could not be loaded.' : 'Loading...'}
            />
            {!issue.isError && <Spinner className="mx-auto size-6 text-primary" />}
          </>
        ) : (
          <>
            <DialogHeading
              titleClassName="break-words"
              title={data.title}
              description={
                <>
                  {data.type === 'advertising' ? 'Advertising inquiry' : 'Contact message'} received{' '}
                  {formatDateTime(data.createdAt)}
                </>
              }
            />
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
              <dt className="text-muted-foreground">From</dt>
              <dd className="[overflow-wrap:anywhere] md:[overflow-wrap:break-word]">
                {data.name}{' '}
                <a
                  href={`mailto:${data.email}`}
                  className="inline-flex items-center gap-1 text-primary hover:underline"
                >
                  <Mail className="size-3.5" aria-hidden="true" />
                  {data.email}
                </a>
              </dd>
              <dt className="text-muted-foreground">Account</dt>
              <dd>
                {data.username ? (
                  <Link to={publicProfilePath(data.username)} className="text-primary hover:underline">
                    @{data.username}
                  </Link>
                ) : (
                  'Not signed in'
                )}
              </dd>
              {data.subject && (
                <>
                  <dt className="text-muted-foreground">Subject</dt>
                  <dd className="break-words">{data.subject}</dd>
                </>
              )}
              {data.budget && (
                <>
                  <dt className="text-muted-foreground">Budget</dt>
                  <dd>{BUDGET_LABELS[data.budget as Budget] ?? data.budget}</dd>
                </>
              )}
              {data.adType && (
                <>
                  <dt className="text-muted-foreground">Ad type</dt>
                  <dd>{AD_TYPE_LABELS[data.adType as AdType] ?? data.adType}</dd>
                </>
              )}
            </dl>
            <div>
              <h3 className="mb-1.5 text-sm font-medium">Message</h3>
              <p
                className="max-h-72 overflow-y-auto rounded-md border border-border bg-muted/50 p-3 text-sm break-words whitespace-pre-wrap"
                data-testid="issue-message"
              >
                {data.message}
              </p>
            </div>
            <div className="grid gap-3 sm:grid-cols-2">
              <LabelledSelect
                label="Status"
                value={data.status}
                disabled={update.isPending}
                onChange={(e) => update.mutate({ id: data.id, status: e.target.value as InboxStatus })}
              >
                <Options values={INBOX_STATUSES} label={(s) => ISSUE_STATUS_LABELS[s]} />
              </LabelledSelect>
              <LabelledSelect
                label="Priority"
                value={data.priority}
                disabled={update.isPending}
                onChange={(e) => update.mutate({ id: data.id, priority: e.target.value as InboxPriority })}
                selectClassName="capitalize"
              >
                {INBOX_PRIORITIES.map((p) => (
                  <option key={p} value={p} className="capitalize">
                    {p}
                  </option>
                ))}
              </LabelledSelect>
            </div>
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
