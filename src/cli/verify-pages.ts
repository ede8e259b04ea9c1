/**
 * `betproof verify --pages`: the ledger's JSON pages (GET …/ledger?after=&limit=, what the profile
 * page and most readers use) must hold the very entries of the NDJSON download that was verified,
 * so that a server cannot show one history to browsers and another to verifiers. Each page's
 * entries are written back as NDJSON lines (ledgerLine) and compared byte for byte; entries
 * appended after the download are not compared.
 */
import { LEDGER_PAGE_MAX, ledgerLine, ledgerPageSchema } from '../shared/ledger.ts';

export type PagesCheck = { ok: true; pages: number } | { ok: false; problem: string };

/** Could not read the pages (exit 2). */
export class PagesUnusable extends Error {}

/** The JSON pages' address beside the NDJSON download's (…/ledger.ndjson → …/ledger). */
export const pagesUrl = (ndjsonUrl: URL): URL => new URL(ndjsonUrl.href.replace(/\/ledger\.ndjson$/, '/ledger'));

/** Reads the pages from the first entry until the download's last (`lines`: its lines, without "\n"). */
export async function comparePages(
  ndjsonUrl: URL,
  lines: readonly string[],
  fetchPage: typeof fetch = fetch,
): Promise<PagesCheck> {
  const base = pagesUrl(ndjsonUrl);
  let after = 0;
  let pages = 0;
  while (after < lines.length) {
    const url = new URL(base);
    url.search = `?after=${after}&limit=${LEDGER_PAGE_MAX}`;
    let res: Response;
    try {
      res = await fetchPage(url, { headers: { accept: 'application/json' } });
    } catch (err) {
      throw new PagesUnusable(`could not fetch ${url}: ${(err as Error).message}`);
    }
    if (res.status !== 200) throw new PagesUnusable(`${url} answered ${res.status}`);
    const parsed = ledgerPageSchema.safeParse(await res.json().catch(() => null));
    if (!parsed.success) return { ok: false, problem: `${url} is not a ledger page` };
    pages += 1;
    const { entries } = parsed.data;
    if (entries.length === 0) {
      return {
        ok: false,
        problem: `the JSON pages end at entry ${after}, the download at entry ${lines.length}`,
      };
    }
    for (const entry of entries) {
      if (entry.seq !== after + 1) {
        return { ok: false, problem: `the JSON pages have entry ${entry.seq} where entry ${after + 1} belongs` };
      }
      if (entry.seq > lines.length) break;
      if (ledgerLine(entry) !== lines[entry.seq - 1]) {
        return { ok: false, problem: `the JSON pages' entry ${entry.seq} differs from the download's` };
      }
      after = entry.seq;
    }
    if (entries.at(-1)!.seq > lines.length) break;
  }
  return { ok: true, pages };
}
