import { BadgeCheck, Clock, ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { toast } from '../../components/ui/toast.ts';
import {
  APPLIED_DESCRIPTION,
  APPLIED_TITLE,
  VERIFICATION_CRITERIA,
  VERIFICATION_STATUS_LABELS,
  type VerificationStatus,
} from '../../../shared/verification.ts';
import { paths } from '../../../shared/routes.ts';
import { Badge } from '../../components/ui/badge.tsx';
import { Button, type ButtonProps } from '../../components/ui/button.tsx';
import { Dialog, DialogContent, DialogFooter, DialogHeading } from '../../components/ui/dialog.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { ApiError } from '../../lib/api.ts';
import { cn } from '../../lib/utils.ts';
import { useAuth, type AuthRedirectState } from '../auth/index.ts';
import { useApplyForVerification, useOwnVerification } from './api/verification.ts';

export interface ApplyForVerificationProps {
  /** The button's text while the user can apply. Default 'Apply for Verification'. */
  label?: string;
  /** Button look (the shared Button's variants and sizes). */
  variant?: ButtonProps['variant'];
  size?: ButtonProps['size'];
  className?: string;
  /**
   * What to show once the user has applied or is verified: 'badge' (default) replaces the button
   * with the status; 'hidden' renders nothing then.
   */
  whenDone?: 'badge' | 'hidden';
  /** Called after a successful application (the toast is shown either way). */
  onApplied?: () => void;
}

/**
 * 'Apply for Verification': says what verification is and asks before it sends; sending moves the
 * signed-in user's status from unverified to pending (an admin then verifies or declines). Shows the resulting status; a signed-out visitor is sent to
 * /auth first and brought back here after signing in. Drop it anywhere (profile, influencers page).
 */
export function ApplyForVerification({
  label = 'Apply for Verification',
  variant,
  size,
  className,
  whenDone = 'badge',
  onApplied,
}: ApplyForVerificationProps) {
  const { user, isPending: sessionPending } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const own = useOwnVerification(user?.id ?? null);
  const apply = useApplyForVerification(user?.id ?? '');
  const [asking, setAsking] = useState(false);

  if (!sessionPending && !user) {
    const state: AuthRedirectState = {
      from: { pathname: location.pathname, search: location.search, hash: location.hash },
    };
    return (
      <Button variant={variant} size={size} className={className} onClick={() => void navigate(paths.auth, { state })}>
        <ShieldCheck aria-hidden="true" />
        {label}
      </Button>
    );
  }

  const status: VerificationStatus | undefined = apply.data?.status ?? own.data?.status;
  if (status && status !== 'unverified') {
    if (whenDone === 'hidden') return null;
    return <VerificationStatusBadge status={status} className={className} />;
  }

  const busy = sessionPending || own.isPending || apply.isPending;
  const send = () =>
    apply.mutate(undefined, {
      onSuccess: () => {
        setAsking(false);
        toast.success(APPLIED_TITLE, { description: APPLIED_DESCRIPTION });
        onApplied?.();
      },
      onError: (error) => {
        const message = error instanceof ApiError ? error.message : 'Please try again.';
        toast.error('Application failed', { description: message });
      },
    });
  return (
    <>
      <Button variant={variant} size={size} className={className} disabled={busy} onClick={() => setAsking(true)}>
        <ShieldCheck aria-hidden="true" />
        {label}
      </Button>
      <Dialog open={asking} onOpenChange={(open) => !apply.isPending && setAsking(open)}>
        <DialogContent>
          <DialogHeading
            title="Apply for verification?"
            description="What verification is, before you send the application:"
          />
          <ul className="list-disc space-y-2 pl-5 text-sm">
            {VERIFICATION_CRITERIA.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
          <DialogFooter>
            <Button variant="outline" onClick={() => setAsking(false)} disabled={apply.isPending}>
              Cancel
            </Button>
            <Button onClick={send} disabled={apply.isPending}>
              {apply.isPending ? <Spinner className="size-4" /> : <ShieldCheck aria-hidden="true" />}
              Send application
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </>
  );
}

/** The own status as a badge: 'Verification pending' or 'Verified Bettor' (an announced status). */
export function VerificationStatusBadge({ status, className }: { status: VerificationStatus; className?: string }) {
  return (
    <span role="status" className={cn('inline-flex', className)}>
      {status === 'verified' ? (
        <Badge variant="success" className="px-3 py-1 text-sm">
          <BadgeCheck aria-hidden="true" className="!size-4" />
          {VERIFICATION_STATUS_LABELS.verified}
        </Badge>
      ) : status === 'pending' ? (
        <Badge variant="warning" className="px-3 py-1 text-sm">
          <Clock aria-hidden="true" className="!size-4" />
          {VERIFICATION_STATUS_LABELS.pending}
        </Badge>
      ) : (
        <Badge variant="outline" className="px-3 py-1 text-sm text-muted-foreground">
          {VERIFICATION_STATUS_LABELS.unverified}
        </Badge>
      )}
    </span>
  );
}
