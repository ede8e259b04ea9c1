import { BadgeCheck, Clock, Circle } from 'lucide-react';
import {
  ISSUE_STATUS_LABELS,
  VERIFICATION_STATUS_LABELS,
  type InboxPriority,
  type InboxStatus,
  type VerificationStatus,
} from '../../../shared/admin.ts';
import { Badge } from '../../components/ui/badge.tsx';

export function VerificationBadge({ status }: { status: VerificationStatus }) {
  if (status === 'verified')
    return (
      <Badge variant="success">
        <BadgeCheck aria-hidden="true" />
        {VERIFICATION_STATUS_LABELS.verified}
      </Badge>
    );
  if (status === 'pending')
    return (
      <Badge variant="warning">
        <Clock aria-hidden="true" />
        {VERIFICATION_STATUS_LABELS.pending}
      </Badge>
    );
  return (
    <Badge variant="outline" className="text-muted-foreground">
      <Circle aria-hidden="true" />
      {VERIFICATION_STATUS_LABELS.unverified}
    </Badge>
  );
}

const ISSUE_STATUS_VARIANTS = {
  open: 'warning',
  'in-progress': 'default',
  resolved: 'success',
  closed: 'secondary',
} as const;

export function IssueStatusBadge({ status }: { status: InboxStatus }) {
  return <Badge variant={ISSUE_STATUS_VARIANTS[status]}>{ISSUE_STATUS_LABELS[status]}</Badge>;
}

const PRIORITY_VARIANTS = { high: 'destructive', medium: 'warning', low: 'outline' } as const;

export function PriorityBadge({ priority }: { priority: InboxPriority }) {
  return (
    <Badge variant={PRIORITY_VARIANTS[priority]} className="capitalize">
      {priority}
    </Badge>
  );
}
