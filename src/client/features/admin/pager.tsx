import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from '../../components/ui/button.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { formatWholeNumber } from '../../../shared/number-format.ts';

interface PagerProps {
  /** What is listed, for the summary and the buttons' names ('users', 'issues'). */
  noun: string;
  /** 0-based index of the first row shown. */
  from: number;
  shown: number;
  total: number;
  /** `total` is a lower bound ('1,000+'). */
  totalCapped?: boolean;
  hasPrevious: boolean;
  hasNext: boolean;
  onPrevious: () => void;
  onNext: () => void;
  loading?: boolean;
}

/** 'Showing 21–40 of 1,234 users' with Previous / Next. */
export function Pager({
  noun,
  from,
  shown,
  total,
  totalCapped,
  hasPrevious,
  hasNext,
  onPrevious,
  onNext,
  loading,
}: PagerProps) {
  const summary =
    total === 0
      ? `No ${noun}`
      : `Showing ${formatWholeNumber(from + 1)}–${formatWholeNumber(from + shown)} of ${formatWholeNumber(total)}${totalCapped ? '+' : ''} ${noun}`;
  return (
    <nav aria-label={`${noun} pages`} className="flex flex-wrap items-center justify-between gap-3 pt-2">
      <p className="flex items-center gap-2 text-sm text-muted-foreground" aria-live="polite">
        {summary}
        {loading && <Spinner className="size-4" />}
      </p>
      <div className="flex gap-2">
        <Button variant="outline" size="sm" onClick={onPrevious} disabled={!hasPrevious || loading}>
          <ChevronLeft aria-hidden="true" />
          Previous
        </Button>
        <Button variant="outline" size="sm" onClick={onNext} disabled={!hasNext || loading}>
          Next
          <ChevronRight aria-hidden="true" />
        </Button>
      </div>
    </nav>
  );
}

/**
 * Pager for a list read `pageSize` rows at a time from an offset (the issues, events and audit
 * log tabs): Previous and Next move the offset by a page, never below 0. `onOffset` is given the
 * change, so a second click before the page arrives moves on from the first.
 */
export function OffsetPager({
  noun,
  offset,
  shown,
  total,
  pageSize,
  onOffset,
  loading,
}: {
  noun: string;
  offset: number;
  shown: number;
  total: number;
  pageSize: number;
  onOffset: (change: (offset: number) => number) => void;
  loading: boolean;
}) {
  return (
    <Pager
      noun={noun}
      from={offset}
      shown={shown}
      total={total}
      hasPrevious={offset > 0}
      hasNext={offset + shown < total}
      onPrevious={() => onOffset((o) => Math.max(0, o - pageSize))}
      onNext={() => onOffset((o) => o + pageSize)}
      loading={loading}
    />
  );
}
