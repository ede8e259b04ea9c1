import { useEffect, useId, useState } from 'react';
import { Check, Copy, Download, ShieldCheck } from 'lucide-react';
import type { LedgerHead } from '../../../shared/ledger.ts';
import { toast } from '../../components/ui/toast.ts';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { shareUrl } from './format.ts';
import { VerifyKindsNote } from './record-kinds.tsx';

/** The anchor of the section, for 'Verify this record' links higher up the page. */
export const VERIFY_SECTION_ID = 'verify-record';

/** How long the Copy button says 'Copied'. */
const COPIED_FOR_MS = 2500;

/** What a follower saves and later passes to `--since`: "42:3f2a9c…" with the full hash. */
export const headText = (head: LedgerHead) => `${head.seq}:${head.hash}`;

/** The ledger's download: one entry per line, exactly as each was hashed. */
export const ledgerNdjsonUrl = (username: string) => `/api/profiles/${encodeURIComponent(username)}/ledger.ndjson`;

function Command({ children }: { children: string }) {
  return (
    <code className="block rounded-md bg-muted px-3 py-2 font-mono text-xs break-all text-foreground">{children}</code>
  );
}

interface VerifyRecordProps {
  username: string;
  head: LedgerHead;
  /** On the owner's own page the words address them. */
  own?: boolean;
  /** A private profile's ledger is hidden from others (the owner is told). */
  profilePublic: boolean;
}

/**
 * 'Verify this record': the head of the profile's hash-chained ledger (Copy puts `seq:hash` on
 * the clipboard), what the ledger proves, and how a follower checks it on their own machine.
 */
export function VerifyRecord({ username, head, own = false, profilePublic }: VerifyRecordProps) {
  const headingId = useId();
  const headId = useId();
  const [copied, setCopied] = useState(false);
  const profileUrl = shareUrl(username);
  const short = head.hash.slice(0, 12);

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_FOR_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(headText(head));
      setCopied(true);
    } catch {
      // No clipboard (insecure context, permission denied): show it so it can be copied by hand.
      toast.error('Could not copy the ledger head', { description: headText(head) });
    }
  };

  return (
    <Card className="flex flex-col gap-5 p-5 sm:p-6" role="region" aria-labelledby={headingId} id={VERIFY_SECTION_ID}>
      <div className="flex flex-col gap-2">
        <h2 id={headingId} className="flex items-center gap-2 text-xl font-semibold tracking-tight">
          <ShieldCheck className="size-5 shrink-0 text-primary" aria-hidden="true" />
          Verify this record
        </h2>
        <p className="max-w-3xl text-sm text-muted-foreground">
          Every bet {own ? 'you record' : `@${username} records`}, every settlement, and every bet deleted before its
          event started is appended to a public ledger for this profile. Each entry carries the hash of the entry before
          it, so nothing in the history can be changed or removed without breaking the chain, and anyone can check that
          it is intact.
        </p>
        <VerifyKindsNote />
      </div>

      <div className="flex flex-col gap-3 rounded-lg border border-border bg-muted/40 p-4 sm:flex-row sm:items-center sm:justify-between">
        <div className="flex min-w-0 flex-col gap-1">
          <p id={headId} className="text-sm font-medium tabular-nums">
            Ledger head #{head.seq} · <span className="font-mono">{short}…</span>
          </p>
          <p className="text-xs text-muted-foreground">
            {head.seq === 0
              ? 'No entries yet: the first recorded bet starts the chain.'
              : `The latest entry: its number and hash stand for the whole history up to it (${head.seq} ${head.seq === 1 ? 'entry' : 'entries'}).`}
          </p>
        </div>
        <Button
          variant="outline"
          size="sm"
          className="self-start sm:self-center"
          aria-describedby={headId}
          onClick={() => void copy()}
        >
          {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
          {copied ? 'Copied' : 'Copy'}
          <span className="sr-only"> ledger head</span>
        </Button>
        <span role="status" className="sr-only">
          {copied ? 'Ledger head copied' : ''}
        </span>
      </div>

      <div className="flex flex-col gap-3">
        <h3 className="font-semibold">Check it yourself</h3>
        <ol className="max-w-3xl list-decimal space-y-4 pl-5 text-sm text-muted-foreground marker:font-semibold marker:text-foreground">
          <li className="space-y-2 pl-1">
            <p>
              Download the ledger: one entry per line, exactly as each was hashed.
              {own && !profilePublic && ' While your profile is private, only you can download it.'}
            </p>
            <Button asChild variant="outline" size="sm">
              <a href={ledgerNdjsonUrl(username)} download>
                <Download aria-hidden="true" />
                Download the ledger
              </a>
            </Button>
          </li>
          <li className="space-y-2 pl-1">
            <p>
              Run the verifier (it needs Node.js). It fetches the ledger, recomputes every hash and stops with an error
              on any mismatch:
            </p>
            <Command>{`npx betproof verify ${profileUrl}`}</Command>
            <p>It checks a downloaded file the same way:</p>
            <Command>{`npx betproof verify betproof-ledger-${username}.ndjson`}</Command>
          </li>
          <li className="space-y-2 pl-1">
            <p>
              Save today&apos;s head (Copy above). Later, pass it to the verifier: it proves that the history up to that
              head is unchanged and has only been added to since.
            </p>
            <Command>{`npx betproof verify ${profileUrl} --since ${headText(head)}`}</Command>
          </li>
        </ol>
        <p className="max-w-3xl text-xs text-muted-foreground">
          The format is specified in <span className="font-mono">docs/LEDGER.md</span> in the betproof source, precisely
          enough to write your own verifier.
        </p>
      </div>

      <PublicLog profileUrl={profileUrl} />
    </Card>
  );
}

/**
 * What the transparency log (docs/LOG.md), its time-stamps and witnesses add to the chain, and
 * what they do not prove, in plain words; and the verifier's command that checks it.
 */
function PublicLog({ profileUrl }: { profileUrl: string }) {
  const headingId = useId();
  return (
    <section className="flex flex-col gap-3" aria-labelledby={headingId}>
      <h3 id={headingId} className="font-semibold">
        The public log: what it proves, and what it does not
      </h3>
      <ul className="max-w-3xl list-disc space-y-2 pl-5 text-sm text-muted-foreground">
        <li>
          Every entry of every profile also goes into one public, append-only log. betproof signs its state (a
          checkpoint) every few seconds. Keep one, and every entry in it is fixed from then on: the verifier proves the
          log was only added to since, for every profile at once.
        </li>
        <li>
          It does not prove by itself when a bet was recorded. The times in the ledger come from betproof&apos;s clock,
          and a checkpoint carries no time. What fixes a bet in time is an independent time-stamp authority signing a
          checkpoint that holds it: a bet &ldquo;Sealed 13:02 UTC by&nbsp;…&rdquo; was provably in the log at 13:02 UTC,
          whatever betproof&apos;s clock says. A bet shows its seal once an authority has stamped it.
        </li>
        <li>
          Witnesses run by others cosign each checkpoint only if it extends the last one they saw, so betproof cannot
          show one history to you and another to someone else without a witness noticing. &ldquo;Witnessed by n&rdquo;
          counts them.
        </li>
        <li>
          Entries recorded before the log existed were added to it when it was created, not when they were recorded.
        </li>
        <li>Neither the chain nor the log proves a result is true: bettors settle their own bets.</li>
      </ul>
      <p className="max-w-3xl text-sm text-muted-foreground">
        Check every entry against the signed log, with the log&apos;s published key (
        <a className="underline underline-offset-2" href="/api/log/key">
          the log&apos;s key
        </a>
        ), and keep the checkpoint for next time:
      </p>
      <Command>{`npx betproof verify ${profileUrl} --log-key <the log's key> --save-checkpoint checkpoint.txt`}</Command>
      <p className="max-w-3xl text-xs text-muted-foreground">
        Next time, pass <span className="font-mono">--since-checkpoint checkpoint.txt</span>; add{' '}
        <span className="font-mono">--tsa-roots roots.pem</span> (the authorities&apos; root certificates you trust) to
        check each bet&apos;s seal. The log is specified in <span className="font-mono">docs/LOG.md</span>.
      </p>
    </section>
  );
}
