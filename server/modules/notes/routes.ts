import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { mutationOf } from '../../context.ts';
import { route } from '../../http/route.ts';
import { WEBSITE, WRITERS } from '../../auth/access.ts';
import { entityId } from '../../../core/schema/common.ts';
import { createNoteBodySchema } from '../../../core/schema/note.ts';
import { addNote, listNotes } from './service.ts';

const params = z.object({ vehicleId: entityId });

/** Notes of a vehicle (part 1 §7 "Notes"). */
export function registerNoteRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, { method: 'GET', url: '/data/v1/vehicles/:vehicleId/notes', access: WEBSITE, params }, async ({ principal, params }) =>
    listNotes(ctx.db, principal.orgId, params.vehicleId),
  );

  route(app, { method: 'GET', url: '/data/v1/vehicles/:vehicleId/notes/recent', access: WEBSITE, params }, async ({ principal, params }) =>
    listNotes(ctx.db, principal.orgId, params.vehicleId, 1),
  );

  route(
    app,
    { method: 'POST', url: '/data/v1/vehicles/:vehicleId/notes', access: WRITERS, params, body: createNoteBodySchema },
    async ({ principal, params, body, request, reply }) => {
      const note = await addNote(ctx, principal, params.vehicleId, body, mutationOf(request, principal));
      reply.status(201);
      return note;
    },
  );
}
