/**
 * The landing page's upcoming-events cards: one entry per competition, edited here (and only
 * here) when a new season is scheduled. Dates are calendar dates (YYYY-MM-DD) of the first and
 * last scheduled game, shown as written, with no time-zone conversion.
 */
export interface UpcomingEvent {
  id: string;
  league: string;
  sport: string;
  season: string;
  /** First scheduled game, YYYY-MM-DD. */
  startDate: string;
  /** Final or last scheduled game, YYYY-MM-DD. */
  endDate: string;
  teams: number;
  /** One line on what to watch for. */
  highlight: string;
}

export const UPCOMING_EVENTS: readonly UpcomingEvent[] = [
  {
    id: 'premier-league',
    league: 'Premier League',
    sport: 'Soccer',
    season: '2026/27',
    startDate: '2026-08-22',
    endDate: '2027-05-23',
    teams: 20,
    highlight: '380 matches, with the title race and relegation battle running to the final day.',
  },
  {
    id: 'champions-league',
    league: 'Champions League',
    sport: 'Soccer',
    season: '2026/27',
    startDate: '2026-09-15',
    endDate: '2027-06-05',
    teams: 36,
    highlight: "Europe's elite in a single league phase, then knockouts to the final.",
  },
  {
    id: 'nba',
    league: 'NBA',
    sport: 'Basketball',
    season: '2026/27',
    startDate: '2026-10-20',
    endDate: '2027-06-20',
    teams: 30,
    highlight: '82 games each, then the playoffs: plenty of spreads and totals to track.',
  },
  {
    id: 'wnba',
    league: 'WNBA',
    sport: 'Basketball',
    season: '2027',
    startDate: '2027-05-14',
    endDate: '2027-10-15',
    teams: 15,
    highlight: 'A growing league with an expanded schedule and new rivalries.',
  },
  {
    id: 'nfl',
    league: 'NFL',
    sport: 'Football',
    season: '2026',
    startDate: '2026-09-10',
    endDate: '2027-02-14',
    teams: 32,
    highlight: '18 weeks of Sundays, then the playoffs and the Super Bowl.',
  },
  {
    id: 'la-liga',
    league: 'La Liga',
    sport: 'Soccer',
    season: '2026/27',
    startDate: '2026-08-16',
    endDate: '2027-05-23',
    teams: 20,
    highlight: 'Clásicos, derbies and 38 rounds of Spanish football.',
  },
];

export type SeasonPhase = 'upcoming' | 'in-season' | 'ended';

/** Where a season stands on `today` (YYYY-MM-DD in the visitor's calendar). */
export function seasonPhase(event: Pick<UpcomingEvent, 'startDate' | 'endDate'>, today: string): SeasonPhase {
  if (today < event.startDate) return 'upcoming';
  if (today > event.endDate) return 'ended';
  return 'in-season';
}

/** Today's date in the visitor's own calendar, YYYY-MM-DD. */
export function localToday(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
