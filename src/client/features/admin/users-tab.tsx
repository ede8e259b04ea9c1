import { useEffect, useId, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Eye, ShieldCheck, UserX, Users, X } from 'lucide-react';
import {
  LOAD_USERS_FAILED,
  NO_USERS_DESCRIPTION,
  NO_USERS_TITLE,
  USERS_PAGE_DEFAULT,
  USER_STATUS_FILTERS,
  type AdminUser,
  type UserStatusFilter,
  type VerificationStatus,
} from '../../../shared/admin.ts';
import { publicProfilePath } from '../../../shared/routes.ts';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Label } from '../../components/ui/label.tsx';
import { SearchInput } from '../../components/ui/search-input.tsx';
import { LabelledSelect, Options } from '../../components/ui/native-select.tsx';
import { LoadingStatus, Spinner } from '../../components/ui/spinner.tsx';
import { FIGURES, NOTHING_MEASURED } from '../../../shared/figures.ts';
import { formatDate, formatPercent } from '../../lib/format.ts';
import { useSettled } from '../../lib/use-settled.ts';
import { useAdminUsers, useSetVerification } from './api/admin.ts';
import { DataBody, DataHead, DataTable, Td, Th, Tr } from './data-table.tsx';
import { Pager } from './pager.tsx';
import { VerificationBadge } from './status-badges.tsx';
import { formatWholeNumber } from '../../../shared/number-format.ts';
import { TabEmpty, TabLoadFailed } from './tab-states.tsx';

const FILTER_LABELS: Record<UserStatusFilter, string> = {
  all: 'All',
  verified: 'Verified',
  unverified: 'Unverified',
  pending: 'Pending',
};

const isFilter = (v: string | null): v is UserStatusFilter => USER_STATUS_FILTERS.includes(v as UserStatusFilter);

/**
 * The Users tab: server-side search and status filter (both kept in the address, so Back and a
 * reload keep them), keyset pages with Previous / Next, and a verify / unverify / decline action
 * per row.
 */
export function UsersTab({ viewerId }: { viewerId: string }) {
  const [params, setParams] = useSearchParams();
  const statusParam = params.get('status');
  const status: UserStatusFilter = isFilter(statusParam) ? statusParam : 'all';
  const [searchText, setSearchText] = useState(params.get('q') ?? '');
  const search = useSettled(searchText.trim(), 300);
  // Cursors of the pages before the current one (null = the first page).
  const [cursors, setCursors] = useState<(string | null)[]>([null]);
  const [filterKey, setFilterKey] = useState(`${search}|${status}`);
  if (filterKey !== `${search}|${status}`) {
    // A new search or filter starts again at its first page.
    setFilterKey(`${search}|${status}`);
    setCursors([null]);
  }
  const cursor = cursors.at(-1) ?? null;
  const users = useAdminUsers(viewerId, { search, status, cursor });
  const searchId = useId();

  useEffect(() => {
    const next = new URLSearchParams(params);
    if (search) next.set('q', search);
    else next.delete('q');
    if (next.toString() !== params.toString()) setParams(next, { replace: true });
  }, [search, params, setParams]);

  const setStatus = (value: string) => {
    const next = new URLSearchParams(params);
    if (value === 'all') next.delete('status');
    else next.set('status', value);
    setParams(next, { replace: true });
  };

  const page = users.data;
  const pageIndex = cursors.length - 1;

  return (
    <section aria-labelledby={`${searchId}-heading`} className="flex flex-col gap-4">
      <h2 id={`${searchId}-heading`} className="sr-only">
        Users
      </h2>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <div className="flex flex-1 flex-col gap-1.5">
          <Label htmlFor={searchId}>Search users</Label>
          <SearchInput
            id={searchId}
            value={searchText}
            onChange={(e) => setSearchText(e.target.value)}
            placeholder="Name, username or email"
            className="pr-9 [&::-webkit-search-cancel-button]:appearance-none"
            maxLength={100}
            autoComplete="off"
            end={
              searchText && (
                <button
                  type="button"
                  onClick={() => setSearchText('')}
                  className="absolute top-1/2 right-2 -translate-y-1/2 cursor-pointer rounded-sm p-1 text-muted-foreground outline-none hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring"
                >
                  <X className="size-4" aria-hidden="true" />
                  <span className="sr-only">Clear search</span>
                </button>
              )
            }
          />
        </div>
        <LabelledSelect
          label="Verification status"
          className="sm:w-48"
          value={status}
          onChange={(e) => setStatus(e.target.value)}
        >
          <Options values={USER_STATUS_FILTERS} label={(f) => FILTER_LABELS[f]} />
        </LabelledSelect>
      </div>

      {users.isPending ? (
        <LoadingStatus>Loading users...</LoadingStatus>
      ) : !page ? (
        <TabLoadFailed query={users}>{LOAD_USERS_FAILED}</TabLoadFailed>
      ) : page.users.length === 0 ? (
        <TabEmpty icon={Users} title={NO_USERS_TITLE}>
          {NO_USERS_DESCRIPTION}
        </TabEmpty>
      ) : (
        <>
          <DataTable caption="Users, newest first">
            <DataHead>
              <Th>Display Name</Th>
              <Th>Email</Th>
              <Th>Username</Th>
              <Th>Join Date</Th>
              <Th className="text-right">{FIGURES.totalBets.label}</Th>
              <Th className="text-right">
                <abbr title={FIGURES.winRate.explanation} className="no-underline">
                  {FIGURES.winRate.label}
                </abbr>
              </Th>
              <Th>Verification</Th>
              <Th className="text-right">Actions</Th>
            </DataHead>
            <DataBody>
              {page.users.map((user) => (
                <UserRow key={user.userId} user={user} viewerId={viewerId} />
              ))}
            </DataBody>
          </DataTable>
          <Pager
            noun="users"
            from={pageIndex * USERS_PAGE_DEFAULT}
            shown={page.users.length}
            total={page.total}
            totalCapped={page.totalCapped}
            hasPrevious={pageIndex > 0}
            hasNext={page.nextCursor !== null}
            onPrevious={() => setCursors((c) => (c.length > 1 ? c.slice(0, -1) : c))}
            onNext={() => page.nextCursor && setCursors((c) => [...c, page.nextCursor])}
            loading={users.isPlaceholderData}
          />
        </>
      )}
    </section>
  );
}

function UserRow({ user, viewerId }: { user: AdminUser; viewerId: string }) {
  const setVerification = useSetVerification(viewerId);
  const name = user.displayName || `@${user.username}`;
  const verified = user.verificationStatus === 'verified';
  const pending = user.verificationStatus === 'pending';
  const sent = setVerification.isPending ? setVerification.variables?.status : undefined;
  const declining = pending && sent === 'unverified';
  const change = (status: VerificationStatus) => setVerification.mutate({ userId: user.userId, status });

  return (
    <Tr>
      <Td label="Display Name" className="font-medium">
        <span className="flex items-center justify-end gap-2 [overflow-wrap:anywhere] md:[overflow-wrap:break-word] md:justify-start">
          {user.displayName ?? <span className="text-muted-foreground">—</span>}
          {user.role === 'admin' && <Badge variant="secondary">Admin</Badge>}
        </span>
      </Td>
      {/* Breaks anywhere: a long address wraps in its cell instead of widening the table past the page. */}
      <Td label="Email" className="min-w-40 [overflow-wrap:anywhere]">
        {user.email}
      </Td>
      <Td label="Username" className="min-w-28 [overflow-wrap:anywhere]">
        @{user.username}
        {!user.profilePublic && (
          <Badge variant="outline" className="ml-2 text-muted-foreground">
            Private
          </Badge>
        )}
      </Td>
      <Td label="Join Date" className="whitespace-nowrap">
        {formatDate(user.joinDate)}
      </Td>
      <Td label={FIGURES.totalBets.label} className="text-right tabular-nums">
        {formatWholeNumber(user.totalBets)}
      </Td>
      <Td label={FIGURES.winRate.label} className="text-right tabular-nums">
        {user.winRate === null ? NOTHING_MEASURED : formatPercent(user.winRate)}
      </Td>
      <Td label="Verification">
        <VerificationBadge status={user.verificationStatus} />
      </Td>
      <Td label="Actions">
        {/* Wraps (Verify above Decline) rather than widen the table past 1280 px. */}
        <div className="flex flex-wrap justify-end gap-2">
          <Button
            size="sm"
            variant={verified ? 'outline' : 'default'}
            disabled={setVerification.isPending}
            onClick={() => change(verified ? 'unverified' : 'verified')}
            aria-label={`${verified ? 'Unverify' : 'Verify'} ${name}`}
          >
            {sent && !declining ? (
              <Spinner className="size-4" />
            ) : verified ? (
              <UserX aria-hidden="true" />
            ) : (
              <ShieldCheck aria-hidden="true" />
            )}
            {verified ? 'Unverify' : 'Verify'}
          </Button>
          {pending && (
            <Button
              size="sm"
              variant="outline"
              disabled={setVerification.isPending}
              onClick={() => change('unverified')}
              aria-label={`Decline ${name}`}
            >
              {declining ? <Spinner className="size-4" /> : <X aria-hidden="true" />}
              Decline
            </Button>
          )}
          <Button size="icon-sm" variant="ghost" asChild>
            <Link
              to={publicProfilePath(user.username)}
              aria-label={`View ${name}'s profile`}
              title={`View ${name}'s profile`}
            >
              <Eye aria-hidden="true" />
            </Link>
          </Button>
        </div>
      </Td>
    </Tr>
  );
}
