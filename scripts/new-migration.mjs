// `npm run db:migration -- <name>`: a new, empty migration, src/server/db/migrations/NNNN_<name>.sql,
// and its entry in meta/_journal.json (the next number; a `when` later than every entry's, which
// Drizzle's migrator needs to apply it). Migrations are written by hand in SQL (docs/decisions/017):
// tables, indexes, constraints and data; a function or trigger is a file of src/server/db/functions/
// (docs/decisions/016). src/server/db/migrations.test.ts checks the folder and the journal agree.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import console from 'node:console';
import process from 'node:process';
import { fileURLToPath, URL } from 'node:url';

const folder = fileURLToPath(new URL('../src/server/db/migrations/', import.meta.url));
const name = process.argv[2];
if (!name || !/^[a-z][a-z0-9_]*$/.test(name)) {
  console.error('usage: npm run db:migration -- <name> (lowercase letters, digits and _, e.g. add_widgets)');
  process.exit(1);
}

const journalPath = `${folder}meta/_journal.json`;
const journal = JSON.parse(readFileSync(journalPath, 'utf8'));
const last = journal.entries.at(-1);
const idx = last.idx + 1;
const tag = `${String(idx).padStart(4, '0')}_${name}`;
const file = `${folder}${tag}.sql`;
if (existsSync(file)) {
  console.error(`${file} exists already`);
  process.exit(1);
}

writeFileSync(
  file,
  `-- What this migration changes, and why (cite the code or docs/decisions/, not an issue).
-- Statements are separated by a line \`--> statement-breakpoint\`. Tables, indexes, constraints and
-- data only: a function or trigger goes in src/server/db/functions/<name>.sql (docs/decisions/016).
`,
);
journal.entries.push({ idx, version: last.version, when: Math.max(Date.now(), last.when + 1), tag, breakpoints: true });
writeFileSync(journalPath, `${JSON.stringify(journal, null, 2)}\n`);
console.log(
  `created src/server/db/migrations/${tag}.sql and its journal entry; after writing it, run npm run db:schema`,
);
