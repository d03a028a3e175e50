import { z } from 'zod';
import { entityId } from '../../../core/schema/common.ts';
import { noteResource, recentNotePath } from '../../../core/schema/note.ts';
import { WEBSITE, WRITERS } from '../../auth/access.ts';
import { notes } from '../../db/schema/index.ts';
import { route } from '../../http/route.ts';
import { resourceFeed } from '../../sync/sync-table.ts';
import type { ServerModule } from '../module.ts';
import { noteToApi } from './presenter.ts';
import { addNote, listNotes } from './service.ts';

const params = z.object({ vehicleId: entityId });
const { paths } = noteResource;

/** Notes of a vehicle (part 1 §7 "Notes"). */
export const notesModule: ServerModule = {
  feeds: [resourceFeed(noteResource, notes, noteToApi)],
  register(app, ctx) {
    route(app, { method: 'GET', url: paths.list.pattern, access: WEBSITE, params }, async ({ principal, params }) =>
      listNotes(ctx.db, principal.orgId, params.vehicleId),
    );

    route(app, { method: 'GET', url: recentNotePath.pattern, access: WEBSITE, params }, async ({ principal, params }) =>
      listNotes(ctx.db, principal.orgId, params.vehicleId, 1),
    );

    route(
      app,
      { method: 'POST', url: paths.list.pattern, access: WRITERS, params, body: noteResource.createBody },
      async ({ principal, params, body, write, reply }) => {
        const note = await addNote(write, principal, params.vehicleId, body);
        reply.status(201);
        return note;
      },
    );
  },
};
