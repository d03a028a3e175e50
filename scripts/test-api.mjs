// Runs the API tests on PGlite, then again on PostgreSQL when TEST_DATABASE_URL names a server
// (.ci/run starts one; see scripts/start-test-postgres.sh).
import { spawnSync } from 'node:child_process';

function run(label, env) {
  console.log(`\n== API tests on ${label} ==`);
  const r = spawnSync('npx', ['vitest', 'run', '--project', 'api'], { stdio: 'inherit', env });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

const { TEST_DATABASE_URL, ...rest } = process.env;
run('PGlite', rest);
if (TEST_DATABASE_URL) run('PostgreSQL', process.env);
else console.log('\nTEST_DATABASE_URL is not set: the PostgreSQL pass is skipped (see README, "Running on PostgreSQL").');
