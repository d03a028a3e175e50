import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../context.ts';
import { route } from '../http/route.ts';
import { WEBSITE } from '../auth/access.ts';
import { errorBody } from '../http/errors.ts';
import { issueTicket, redeemTicket } from './tickets.ts';
import { orgClocks } from '../db/schema/index.ts';
import { eq } from 'drizzle-orm';

const HEARTBEAT_MS = 25_000;
const eventsQuery = z.object({ ticket: z.string().min(1).max(200) });

export function registerStreamRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, { method: 'GET', url: '/stream/ticket', access: WEBSITE }, async ({ principal }) => issueTicket(ctx.db, principal.userId, principal.orgId));

  app.register(async (scoped) => {
    scoped.get(
      '/stream/events',
      {
        websocket: true,
        // Refuse before the upgrade, with an ordinary error body, when the ticket is missing or spent.
        preValidation: async (request, reply) => {
          const query = eventsQuery.safeParse(request.query);
          if (!query.success) return reply.status(400).send(errorBody('Open the stream with ?ticket= from GET /stream/ticket'));
          const holder = await redeemTicket(ctx.db, query.data.ticket);
          if (!holder) return reply.status(401).send(errorBody('The stream ticket is unknown, used or expired; fetch a new one'));
          (request as unknown as { streamHolder: typeof holder }).streamHolder = holder;
        },
      },
      async (socket, request) => {
        const holder = (request as unknown as { streamHolder: { userId: string; orgId: string } }).streamHolder;
        const unsubscribe = ctx.bus.subscribe(holder.orgId, (message) => {
          if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
        });
        const heartbeat = setInterval(() => socket.ping(), HEARTBEAT_MS);
        socket.on('close', () => {
          clearInterval(heartbeat);
          unsubscribe();
        });
        // Tell the new connection where the organization stands so it can pull what it missed.
        const [clock] = await ctx.db.select().from(orgClocks).where(eq(orgClocks.orgId, holder.orgId));
        socket.send(JSON.stringify({ type: 'poke', rev: clock?.rev ?? 0 }));
      },
    );
  });
}
