import { and, asc, eq, isNull } from 'drizzle-orm';
import { nanoid } from 'nanoid';
import { actorName } from '../../../core/rules/actor-name.ts';
import { completionAfter, completionDateError } from '../../../core/rules/completion.ts';
import type { CreateWashBody, UpdateWashBody, Wash } from '../../../core/schema/wash.ts';
import type { Principal } from '../../auth/principal.ts';
import type { Queryable } from '../../db/client.ts';
import { washes } from '../../db/schema/index.ts';
import { badRequest, conflict, notFound } from '../../http/errors.ts';
import type { RouteWrite } from '../../http/route.ts';
import { findVehicle } from '../vehicles/find-vehicle.ts';
import { washToApi } from './presenter.ts';

/** The server does not know the user's time zone: "today" reaches 14 hours past its own day (every zone). */
const TODAY_SLACK_MS = 14 * 3_600_000;

function actor(p: Principal) {
  return { id: p.userId, name: actorName({ firstName: p.givenName, lastName: p.familyName, email: p.email }) };
}

/** Washes of a vehicle, soonest first. */
export async function listWashes(q: Queryable, orgId: string, vehicleId: string): Promise<Wash[]> {
  await findVehicle(q, orgId, vehicleId);
  const rows = await q
    .select()
    .from(washes)
    .where(and(eq(washes.orgId, orgId), eq(washes.vehicleId, vehicleId), isNull(washes.deletedAt)))
    .orderBy(asc(washes.washDate), asc(washes.id));
  return rows.map(washToApi);
}

/** Schedules a wash (part 1 §5: a date with a time). */
export async function scheduleWash(write: RouteWrite, p: Principal, vehicleId: string, body: CreateWashBody): Promise<Wash> {
  const by = actor(p);
  return write(async ({ tx, rev, now }) => {
    const vehicle = await findVehicle(tx, p.orgId, vehicleId);
    const [row] = await tx
      .insert(washes)
      .values({
        id: body.washId ?? nanoid(),
        orgId: p.orgId,
        rev,
        vehicleId: vehicle.id,
        regNumber: vehicle.regNumber,
        washDate: new Date(body.washDate),
        completed: false,
        completionDate: null,
        creatorId: by.id,
        creatorName: by.name,
        lastModifierId: by.id,
        lastModifierName: by.name,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing()
      .returning();
    if (!row) throw conflict('A wash with this id exists already');
    return washToApi(row);
  });
}

/** Changes the fields sent; a completion date completes the wash, unticking Completed clears it (part 1 §4). */
export async function updateWash(write: RouteWrite, p: Principal, vehicleId: string, washId: string, body: UpdateWashBody): Promise<Wash> {
  const by = actor(p);
  return write(async ({ tx, rev, now }) => {
    const vehicle = await findVehicle(tx, p.orgId, vehicleId);
    const where = and(eq(washes.orgId, p.orgId), eq(washes.vehicleId, vehicle.id), eq(washes.id, washId), isNull(washes.deletedAt));
    const [current] = await tx.select().from(washes).where(where).for('update');
    if (!current) throw notFound('No such wash for this vehicle');
    const completion = completionAfter(washToApi(current), body, now);
    const error = body.completionDate !== undefined ? completionDateError(completion.completionDate, now, TODAY_SLACK_MS) : null;
    if (error) throw badRequest(`completionDate: ${error}`);
    const [row] = await tx
      .update(washes)
      .set({
        rev,
        ...(body.washDate ? { washDate: new Date(body.washDate) } : {}),
        completed: completion.completed,
        completionDate: completion.completionDate ? new Date(completion.completionDate) : null,
        lastModifierId: by.id,
        lastModifierName: by.name,
        updatedAt: now,
      })
      .where(where)
      .returning();
    return washToApi(row!);
  });
}
