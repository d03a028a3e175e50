// One worker of bench/fleet-data.ts: generates organizations with server/seed and sends back only the
// tables Fleet Details reads. Generation is pure and single-threaded, so two workers on two cores halve it.
import { parentPort } from 'node:worker_threads';
import { generateSeed } from '../server/seed/generate.ts';
import { KEPT_TABLES, type GenerateRequest, type GeneratedOrg, type KeptTables } from './fleet-data-types.ts';

const port = parentPort;
if (!port) throw new Error('fleet-data-worker.ts runs as a worker thread');

port.on('message', (request: GenerateRequest) => {
  // Fleet Details never reads an inspection's answers, and a year of them for 5,000 vehicles is gigabytes.
  const data = generateSeed({
    orgs: 1,
    firstOrg: request.org,
    vehicles: request.vehicles,
    days: request.days,
    today: new Date(request.today),
    answers: request.answers,
  });
  const tables = {} as Record<string, unknown[]>;
  for (const name of KEPT_TABLES) tables[name] = data.tables[name];
  const reply: GeneratedOrg = { org: request.org, organization: data.organizations[0]!, tables: tables as KeptTables };
  port.postMessage(reply);
});
