import { useEffect, useState } from 'react';
import { SITE_COUNTS, type SiteCount } from '../../../shared/site-counts.ts';
import { formatWholeNumber } from '../../../shared/number-format.ts';
import type { SiteCounts } from '../../../shared/community-schemas.ts';
import { Section, StatGrid } from './section.tsx';

type Counted = { state: 'loading' } | { state: 'failed' } | { state: 'counted'; counts: SiteCounts };

/**
 * The site's own counts (GET /api/community/counts), asked once the page is in the browser. A
 * plain fetch, not the query client: the landing page loads no query code (its JavaScript budget,
 * tests/e2e/page-budgets.spec.ts); the browser's HTTP cache keeps the answer as the server says
 * (SITE_COUNTS_MAX_AGE_SECONDS).
 */
function useSiteCounts(): Counted {
  const [counted, setCounted] = useState<Counted>({ state: 'loading' });
  useEffect(() => {
    const controller = new AbortController();
    fetch('/api/community/counts', { signal: controller.signal })
      .then(async (res) => {
        if (!res.ok) throw new Error(`counts: ${res.status}`);
        setCounted({ state: 'counted', counts: (await res.json()) as SiteCounts });
      })
      .catch(() => {
        if (!controller.signal.aborted) setCounted({ state: 'failed' });
      });
    return () => controller.abort();
  }, []);
  return counted;
}

const ORDER: readonly SiteCount[] = ['publicBettors', 'betsRecorded', 'betsGraded', 'ledgerEntries'];

/**
 * The marketing pages' "by the numbers": only what the database counted (docs/decisions/032).
 * Each figure reads "—" until the counts arrive (the page is prerendered without them, and the
 * band keeps its size); if they cannot be had, the band is left out rather than filled in.
 */
export function SiteCountsSection({
  eyebrow,
  title,
  tone,
}: {
  eyebrow: string;
  title: string;
  tone?: 'plain' | 'muted' | 'dark';
}) {
  const counted = useSiteCounts();
  if (counted.state === 'failed') return null;
  return (
    <Section id="statistics" tone={tone} eyebrow={eyebrow} title={title} align="center" data-testid="site-counts">
      <StatGrid
        tone={tone === 'dark' ? 'dark' : 'plain'}
        className="grid-cols-1 sm:grid-cols-2 lg:grid-cols-4"
        stats={ORDER.map((key) => ({
          label: SITE_COUNTS[key].label,
          value: counted.state === 'counted' ? formatWholeNumber(counted.counts[key]) : '—',
          detail: SITE_COUNTS[key].explanation,
        }))}
      />
    </Section>
  );
}
