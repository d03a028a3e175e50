import type { LiveEventType } from '../../core/schema/live-event.ts';
import { dayStart, type OrgContext } from './context.ts';
import type { VehiclePlan } from './generate-fleet.ts';

/**
 * A Fleet Updates event for something that happened on the last day of the history (the sync feed
 * carries the last day's events); earlier changes have none. The id comes from the caller's generator.
 */
export function liveEvent(
  ctx: OrgContext,
  id: string,
  plan: VehiclePlan,
  eventType: LiveEventType,
  time: Date,
  userId: string | null,
  payload: Record<string, unknown>,
): void {
  if (time.getTime() < dayStart(ctx, ctx.days - 1).getTime() || time.getTime() >= ctx.today.getTime()) return;
  ctx.tables.liveEvents.push({
    id,
    orgId: ctx.orgId,
    eventType,
    eventTime: time,
    vehicleId: plan.id,
    regNumber: plan.regNumber,
    vehicleType: plan.type.name,
    userId,
    payload,
    createdAt: time,
    updatedAt: time,
  });
}
