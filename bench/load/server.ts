// The server of the load bench, in a process of its own (the devices' requests must not share its
// event loop): the real server on PGlite, or on PostgreSQL with TEST_DATABASE_URL, an organization
// with a vco and vehicles. Prints one JSON line: where it listens and who may sign in.
import { randomWorkflowId } from '../../core/schema/workflow.ts';
import { workflows } from '../../server/db/schema/index.ts';
import { createOrg, createUser, createVehicle } from '../../tests/support/factories.ts';
import { startTestServer } from '../../tests/support/server.ts';

const VEHICLES = 40;

// The server's default limit unless the bench sets one ('' is the default, '0' none).
const server = await startTestServer({ env: { MAX_CONCURRENT_REQUESTS: process.env.MAX_CONCURRENT_REQUESTS ?? '' } });
const { orgId, sectionId } = await createOrg(server.ctx);
const workflowId = randomWorkflowId();
await server.ctx.write(orgId, undefined, async ({ tx, rev }) => {
  await tx.insert(workflows).values({ id: String(workflowId), orgId, rev, title: 'Daily', active: true });
});
const vco = await createUser(server.ctx, orgId, sectionId, { role: 'vco', isAdmin: true });
const vehicleIds: string[] = [];
for (let i = 0; i < VEHICLES; i++) vehicleIds.push((await createVehicle(server.ctx, orgId, sectionId)).vehicleId);
console.log(JSON.stringify({ baseUrl: server.baseUrl, email: vco.email, password: vco.password, vehicleIds }));
const stop = () => void server.stop({ drop: true }).finally(() => process.exit(0));
process.on('SIGTERM', stop);
process.stdin.on('end', stop);
process.stdin.resume();
