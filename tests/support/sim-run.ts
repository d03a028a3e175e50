import type { TestServer } from './server.ts';
import { check, settle } from './sim-checks.ts';
import { BATCH_FAULTS, PushFaults, REQUEST_FAULTS } from './sim-faults.ts';
import { describeOp, generateOps, OP_KINDS, OP_WEIGHTS, OpRunner, type Op, type OpKind } from './sim-ops.ts';
import { World } from './sim-world.ts';

export interface SeedOutcome {
  seed: number;
  ops: Op[];
  violations: string[];
  log: string[];
  faults: string[];
  seconds: number;
  /** Where the time went: setup, operations, settle, checks. */
  phases: Record<string, number>;
}

export interface Mix {
  weights: Record<OpKind, number>;
  skipFaults: Set<string>;
}

/**
 * The mix of operations: some kinds or faults left out (SYNC_FAULT_SKIP=badInput,expiresMidBatch) or
 * only some kinds kept (SYNC_FAULT_ONLY=edit,drain,pull).
 */
export function mixFromEnv(env: NodeJS.ProcessEnv = process.env): Mix {
  const list = (name: string) =>
    (env[name] ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
  const skip = new Set(list('SYNC_FAULT_SKIP'));
  const only = new Set(list('SYNC_FAULT_ONLY'));
  const known = new Set<string>([...OP_KINDS, ...REQUEST_FAULTS, ...BATCH_FAULTS, 'overlap', 'after']);
  for (const k of [...skip, ...only]) if (!known.has(k)) throw new Error(`Unknown operation kind or fault ${k}; known: ${[...known].join(', ')}`);
  const weights = Object.fromEntries(OP_KINDS.map((k) => [k, skip.has(k) || (only.size > 0 && !only.has(k)) ? 0 : OP_WEIGHTS[k]])) as Record<OpKind, number>;
  return { weights, skipFaults: new Set([...skip].filter((k) => !OP_KINDS.includes(k as OpKind))) };
}

/** Runs one seed's operations (or the given ones) in a fresh organization, settles and checks. */
export async function runSeed(server: TestServer, seed: number, options: { count: number; ops?: Op[]; mix?: Mix }): Promise<SeedOutcome> {
  const started = performance.now();
  const ops = options.ops ?? generateOps(seed, options.count, options.mix?.weights, options.mix?.skipFaults);
  const pushFaults = new PushFaults(server.app);
  pushFaults.install();
  const phases: Record<string, number> = {};
  let mark = performance.now();
  const phase = (name: string) => {
    const now = performance.now();
    phases[name] = +((now - mark) / 1000).toFixed(2);
    mark = now;
  };
  const world = await World.create(server, pushFaults);
  phase('setup');
  const violations: string[] = [];
  try {
    const runner = new OpRunner(world);
    for (const op of ops) {
      try {
        await runner.run(op);
      } catch (error) {
        world.unexpected.push(`${describeOp(op)} threw ${error instanceof Error ? `${error.name}: ${error.message}` : String(error)}`);
      }
      await world.settleNetwork();
    }
    phase('operations');
    violations.push(...(await settle(world)));
    phase('settle');
    violations.push(...(await check(world)));
    phase('checks');
  } finally {
    await world.destroy();
    pushFaults.uninstall();
  }
  return {
    seed,
    ops,
    violations,
    log: world.log,
    faults: world.devices.flatMap((d) => d.network.struck),
    seconds: (performance.now() - started) / 1000,
    phases,
  };
}

/** The kind of a violation ("lost update", "stuck outbox", ...): what a shrunk case must keep failing with. */
export const violationKind = (violation: string): string => violation.split(':')[0]!;

/**
 * The smallest list of operations found (removing chunks, then single operations) that still fails
 * with a violation holding `match` (default: the kind of the first violation): a minimal case for a
 * bug report. Each try runs the whole list again in a fresh organization.
 */
export async function shrink(server: TestServer, outcome: SeedOutcome, match = violationKind(outcome.violations[0]!), tries = 80): Promise<SeedOutcome> {
  const fails = (o: SeedOutcome) => o.violations.some((x) => x.includes(match));
  if (!fails(outcome)) return outcome;
  let best = outcome;
  let chunk = Math.ceil(best.ops.length / 2);
  let runs = 0;
  while (chunk >= 1 && runs < tries) {
    let removed = false;
    for (let start = 0; start < best.ops.length && runs < tries; start += chunk) {
      const candidate = [...best.ops.slice(0, start), ...best.ops.slice(start + chunk)];
      if (candidate.length === 0) continue;
      runs++;
      const attempt = await runSeed(server, outcome.seed, { count: candidate.length, ops: candidate });
      if (fails(attempt)) {
        best = attempt;
        removed = true;
        start -= chunk;
      }
    }
    if (!removed) chunk = Math.floor(chunk / 2);
  }
  return best;
}

/** SYNC_FAULT_PICK for a list that is not a whole prefix of the seed's operations. */
function pickOf(ops: readonly Op[]): string {
  const whole = ops.every((op, i) => op.i === i);
  return whole ? '' : ` SYNC_FAULT_PICK=${ops.map((op) => op.i).join(',')}`;
}

export function report(outcome: SeedOutcome, heading = 'sync fault simulation failed'): string {
  return [
    `${heading}: seed ${outcome.seed} (${outcome.ops.length} operations, ${outcome.seconds.toFixed(1)} s: ${Object.entries(outcome.phases)
      .map(([k, t]) => `${k} ${t} s`)
      .join(', ')})`,
    outcome.seed === 0
      ? 'replay: SYNC_FAULT_CASES=regression npx vitest run --project api tests/api/sync-faults.test.ts'
      : `replay: SYNC_FAULT_SEED=${outcome.seed} SYNC_FAULT_OPS=${outcome.ops.at(-1)!.i + 1}${pickOf(outcome.ops)} npx vitest run --project api tests/api/sync-faults.test.ts`,
    '',
    'violations:',
    ...outcome.violations.map((x) => `  - ${x}`),
    '',
    'operations:',
    `  ${outcome.ops.map(describeOp).join('\n  ')}`,
    '',
    'what they did:',
    ...outcome.log.map((l) => `  ${l}`),
    '',
    'faults that struck:',
    ...outcome.faults.map((f) => `  ${f}`),
  ].join('\n');
}
