// A landed migration is never edited: every migration drizzle's journal lists must match the
// checksum recorded for it in server/db/migrations.lock.json, and no recorded one may disappear.
// Drizzle runs a migration once per database (by its journal `when`), so an edit to one that has
// landed would never reach the databases that already ran it; a change is always a new migration.
//
//   node scripts/check-migrations.mjs            check (run by `npm run lint`)
//   node scripts/check-migrations.mjs --update   add the migrations the lock lacks; never rewrites one
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const folder = path.join(root, 'server/db/migrations');
const lockPath = path.join(root, 'server/db/migrations.lock.json');
const rel = (file) => path.relative(root, file);
const update = process.argv.includes('--update');

/** sha256 of a migration's SQL; line endings are normalized so a checkout's settings do not matter. */
function checksum(file) {
  return createHash('sha256').update(readFileSync(file, 'utf8').replace(/\r\n/g, '\n')).digest('hex');
}

const journal = JSON.parse(readFileSync(path.join(folder, 'meta/_journal.json'), 'utf8'));
const lock = existsSync(lockPath)
  ? JSON.parse(readFileSync(lockPath, 'utf8'))
  : { note: 'Landed migrations and their sha256, checked by scripts/check-migrations.mjs. Add new ones with --update; never edit an entry.', migrations: {} };
const recorded = lock.migrations;
const problems = [];
const added = [];
const missing = [];

for (const { tag, when } of journal.entries) {
  const file = path.join(folder, `${tag}.sql`);
  if (!existsSync(file)) {
    problems.push(`${rel(file)} is listed in the journal but does not exist.`);
    continue;
  }
  const sha256 = checksum(file);
  const known = recorded[tag];
  if (!known) {
    if (update) {
      recorded[tag] = { when, sha256 };
      added.push(tag);
    } else missing.push(tag);
  } else if (known.sha256 !== sha256) {
    problems.push(`${rel(file)} was edited after it landed. Put it back as it was and make the change in a new migration (npm run db:generate).`);
  } else if (known.when !== when) {
    problems.push(
      `The journal's \`when\` of ${tag} changed (${known.when} -> ${when}): drizzle decides from it whether a database has run the migration. Put it back.`,
    );
  }
}

const listed = new Set(journal.entries.map((entry) => entry.tag));
for (const tag of Object.keys(recorded)) {
  if (!listed.has(tag)) problems.push(`${tag} landed (it is in ${rel(lockPath)}) but the journal no longer lists it. A landed migration is never removed.`);
}
for (const name of readdirSync(folder)) {
  if (name.endsWith('.sql') && !listed.has(name.slice(0, -4)))
    problems.push(`${rel(path.join(folder, name))} is not listed in meta/_journal.json, so drizzle would never run it.`);
}

if (added.length > 0) {
  writeFileSync(lockPath, `${JSON.stringify({ ...lock, migrations: recorded }, null, 2)}\n`);
  console.log(`Added to ${rel(lockPath)}: ${added.join(', ')}`);
}
if (missing.length > 0) {
  problems.push(
    `New migration${missing.length > 1 ? 's' : ''} not yet in ${rel(lockPath)}: ${missing.join(', ')}. Add ${missing.length > 1 ? 'them' : 'it'} with: node scripts/check-migrations.mjs --update`,
  );
}
if (problems.length > 0) {
  for (const problem of problems) console.error(`check-migrations: ${problem}`);
  process.exit(1);
}
console.log(`check-migrations: ${journal.entries.length} migrations match ${rel(lockPath)}.`);
