import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../context.ts';
import { route } from '../http/route.ts';
import { WEBSITE } from '../auth/access.ts';
import { errorBody } from '../http/errors.ts';
import { accessTag, issueTicket, redeemTicket } from './tickets.ts';
import { orgClocks } from '../db/schema/index.ts';
import { eq } from 'drizzle-orm';
import { PokePacer } from './poke-pacer.ts';
import { mayStream, StreamSessions, userRows, type StreamHolder } from './sessions.ts';

const HEARTBEAT_MS = 25_000;
/** How often the open streams are checked against the users table (for changes made elsewhere). */
export const SESSION_CHECK_MS = 5_000;
/** The close code of a stream whose user's access changed (policy violation). */
export const ACCESS_CHANGED_CLOSE = 1008;
const eventsQuery = z.object({ ticket: z.string().min(1).max(200) });

export function registerStreamRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, { method: 'GET', url: '/stream/ticket', access: WEBSITE }, async ({ principal }) => issueTicket(ctx.db, principal.userId, principal.orgId, principal));

  const embedded = !ctx.config.oidcIssuer;
  const sessions = new StreamSessions();
  // An administrator's change (server/modules/users/service.ts) ends the user's streams at once, here
  // and on the other instances; the periodic check catches changes made any other way.
  const stopEnding = ctx.bus.onEndSessions((userId) => void sessions.end(userId));
  let checking = false;
  const check = setInterval(() => {
    if (checking || sessions.size === 0) return;
    checking = true;
    sessions
      .sweep(ctx.db)
      .catch((err: unknown) => app.log.warn({ err }, 'checking the live streams against the users table failed'))
      .finally(() => (checking = false));
  }, SESSION_CHECK_MS);
  check.unref();
  app.addHook('onClose', async () => {
    clearInterval(check);
    stopEnding();
  });

  app.register(async (scoped) => {
    scoped.get(
      '/stream/events',
      {
        websocket: true,
        // Refuse before the upgrade, with an ordinary error body, when the ticket is missing or spent.
        preValidation: async (request, reply) => {
          // Before the ticket is redeemed: a plain GET must not use it up.
          if (request.headers.upgrade?.toLowerCase() !== 'websocket') {
            return reply.status(400).send(errorBody('The live stream is a WebSocket: open it with an upgrade request'));
          }
          const query = eventsQuery.safeParse(request.query);
          if (!query.success) return reply.status(400).send(errorBody('Open the stream with ?ticket= from GET /stream/ticket'));
          const ticket = await redeemTicket(ctx.db, query.data.ticket);
          if (!ticket) return reply.status(401).send(errorBody('The stream ticket is unknown, used or expired; fetch a new one'));
          // The user as they are now, not as when the ticket was fetched.
          const row = (await userRows(ctx.db, [ticket.userId])).get(ticket.userId);
          if (!row && embedded) return reply.status(401).send(errorBody('This account no longer exists; sign in again'));
          // Refused too when the role or admin flag changed since (however it was changed): the app
          // fetches a new ticket under the access the user has now.
          if (row && (!mayStream(row, ticket.orgId) || ticket.access !== accessTag(row))) {
            return reply.status(403).send(errorBody('Your access changed since this ticket was fetched; fetch a new one'));
          }
          const holder: StreamHolder = row
            ? { userId: row.id, orgId: ticket.orgId, role: row.role, isAdmin: row.isAdmin, known: true }
            : { userId: ticket.userId, orgId: ticket.orgId, role: null, isAdmin: false, known: false };
          (request as unknown as { streamHolder: StreamHolder }).streamHolder = holder;
        },
      },
      async (socket, request) => {
        const holder = (request as unknown as { streamHolder: StreamHolder }).streamHolder;
        const pokes = new PokePacer((rev, done) => {
          if (socket.readyState !== socket.OPEN) return done();
          socket.send(JSON.stringify({ type: 'poke', rev }), () => done());
        });
        const unsubscribe = ctx.bus.subscribe(holder.orgId, (message) => {
          if (message.type === 'poke') pokes.poke(message.rev);
          else if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
        });
        const heartbeat = setInterval(() => socket.ping(), HEARTBEAT_MS);
        let stopped = false;
        const stop = () => {
          if (stopped) return;
          stopped = true;
          clearInterval(heartbeat);
          pokes.stop();
          unsubscribe();
          forget();
        };
        // Ended: nothing more is sent, and the socket closes (the app fetches a new ticket, or learns why not).
        const forget = sessions.add(holder, () => {
          stop();
          socket.close(ACCESS_CHANGED_CLOSE, 'Your access changed');
        });
        socket.on('close', stop);
        // Tell the new connection where the organization stands so it can pull what it missed.
        const [clock] = await ctx.db.select().from(orgClocks).where(eq(orgClocks.orgId, holder.orgId));
        pokes.poke(clock?.rev ?? 0);
      },
    );
  });
}
