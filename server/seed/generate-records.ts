import type { WaiverStatus, WaiverType } from '../../core/schema/waiver.ts';
import { DOCUMENTS, VEHICLE_NOTES, WAIVER_EXPLANATIONS } from './catalog.ts';
import { at, audit, later, person, type OrgContext } from './context.ts';
import { liveEvent } from './generate-events.ts';
import { storeFile } from './generate-files.ts';
import type { VehiclePlan } from './generate-fleet.ts';
import type { VehicleHistory } from './vehicle-history.ts';
import { canFail } from './generate-inspection.ts';
import type { Rng } from './random.ts';

/** Records a vehicle gets for certain, so that a small organization still shows every kind. */
export interface RecordsShowcase {
  noteOnLastDay?: boolean;
  waiver?: { type: WaiverType; status: WaiverStatus };
  document?: boolean;
}

/**
 * Waivers (one for every open discrepancy coded W, "Waiver for Repair", and some others of every
 * type and status), waiver cards, notes and documents of one vehicle.
 */
export function seedRecords(ctx: OrgContext, plan: VehiclePlan, history: VehicleHistory, showcase: RecordsShowcase = {}): void {
  const rng = ctx.rng.fork(`records-${plan.index}`);
  seedWaivers(ctx, rng, plan, history, showcase.waiver);
  seedNotes(ctx, rng, plan, showcase.noteOnLastDay ?? false);
  seedDocuments(ctx, rng, plan, showcase.document ?? false);
}

function seedWaivers(ctx: OrgContext, rng: Rng, plan: VehiclePlan, history: VehicleHistory, forced: RecordsShowcase['waiver']): void {
  const lead = person(ctx, 'sectionlead');
  const vco = person(ctx, 'vco');
  const waivers: { ruleId: string; type: WaiverType; status: WaiverStatus; created: Date }[] = history.open
    .filter((d) => d.code === 'W')
    .map((d) => ({ ruleId: d.rule.ruleId, type: 'warning', status: 'open', created: d.time }));
  // A vehicle newly in service has no waiver but the ones of its open discrepancies.
  if (forced || (rng.chance(0.12) && plan.inServiceDay === null)) {
    const rule = rng.pick(plan.workflow.rules.filter(canFail));
    waivers.push({
      ruleId: rule.ruleId,
      type: forced?.type ?? (rng.chance(0.25) ? 'fatal' : 'warning'),
      status:
        forced?.status ??
        rng.weighted([
          ['open', 5],
          ['fixed', 3],
          ['closed', 2],
        ] as const),
      created: at(ctx, rng.int(-120, ctx.days - 1), rng.float(8, 16)),
    });
  }
  for (const w of waivers) {
    const id = rng.id();
    const closing = w.status === 'open' ? null : later(at(ctx, Math.min(ctx.days - 1, rng.int(-30, ctx.days - 1)), rng.float(9, 16)), w.created);
    ctx.tables.waivers.push({
      id,
      orgId: ctx.orgId,
      vehicleId: plan.id,
      regNumber: plan.regNumber,
      ruleId: w.ruleId,
      waiverType: w.type,
      explanation: rng.pick(WAIVER_EXPLANATIONS),
      status: w.status,
      closingDate: closing,
      ...audit(lead, closing ? vco : lead),
      createdAt: w.created,
      updatedAt: closing ?? w.created,
    });
    if (rng.chance(0.3)) {
      const filename = `waiver_${rng.digits(4)}.png`;
      const file = storeFile(ctx, rng, 'photo', filename, lead.id, w.created);
      ctx.tables.waiverPictures.push({
        id: rng.id(),
        orgId: ctx.orgId,
        waiverId: id,
        fileId: file.sha256,
        filename,
        annotation: 'Item as waivered',
        createdAt: w.created,
        updatedAt: w.created,
      });
    }
  }
  if (waivers.length > 0 && rng.chance(0.6)) {
    const created = waivers[0]!.created;
    const filename = `Waiver card ${plan.regNumber}.pdf`;
    const file = storeFile(ctx, rng, 'waiverCard', filename, vco.id, created);
    ctx.tables.waiverCards.push({
      id: rng.id(),
      orgId: ctx.orgId,
      vehicleId: plan.id,
      regNumber: plan.regNumber,
      fileId: file.sha256,
      filename,
      mimeType: file.mimeType,
      creatorId: vco.id,
      createdAt: created,
      updatedAt: created,
    });
  }
}

/**
 * A note now and then (about one every three weeks, since the vehicle was put in service when it is
 * new); the newest is the vehicle's current note.
 */
function seedNotes(ctx: OrgContext, rng: Rng, plan: VehiclePlan, onLastDay: boolean): void {
  const authors = [person(ctx, 'dispatcher'), person(ctx, 'sectionlead'), person(ctx, 'jrsuper'), person(ctx, 'vco')];
  const lastDay = Math.min(ctx.days - 1, (plan.decommissionDay ?? ctx.days) - 1);
  const firstDay = Math.max(0, plan.inServiceDay ?? 0);
  const span = ctx.days - firstDay;
  const count = Math.floor(span / 21) + (rng.chance(((span % 21) + 7) / 28) ? 1 : 0);
  const days = Array.from({ length: count }, () => rng.int(Math.min(firstDay, lastDay), lastDay));
  if (onLastDay) days.push(ctx.days - 1);
  const times = days.map((d) => later(at(ctx, d, rng.float(6.5, 21)), plan.created)).sort((a, b) => a.getTime() - b.getTime());
  for (const time of times) {
    const author = rng.pick(authors);
    const id = rng.id();
    const note = rng.pick(VEHICLE_NOTES);
    ctx.tables.notes.push({
      id,
      orgId: ctx.orgId,
      vehicleId: plan.id,
      regNumber: plan.regNumber,
      note,
      userId: author.id,
      userName: author.name,
      createdAt: time,
      updatedAt: time,
    });
    liveEvent(ctx, rng.id(), plan, 'note', time, author.id, { note });
  }
}

function seedDocuments(ctx: OrgContext, rng: Rng, plan: VehiclePlan, forced: boolean): void {
  if (!rng.chance(0.25) && !forced) return;
  const vco = person(ctx, 'vco');
  for (const doc of rng.shuffle(DOCUMENTS).slice(0, rng.int(1, 2))) {
    const created =
      plan.inServiceDay === null
        ? at(ctx, rng.int(-200, ctx.days - 1), rng.float(8, 16))
        : later(at(ctx, rng.int(plan.inServiceDay, ctx.days - 1), rng.float(8, 16)), plan.created);
    const file = storeFile(ctx, rng, doc.kind === 'pdf' ? 'document' : 'photo', doc.filename, vco.id, created);
    ctx.tables.documents.push({
      id: rng.id(),
      orgId: ctx.orgId,
      vehicleId: plan.id,
      regNumber: plan.regNumber,
      fileId: file.sha256,
      filename: doc.filename,
      description: doc.description,
      mimeType: file.mimeType,
      ...audit(vco),
      createdAt: created,
      updatedAt: created,
    });
  }
}
