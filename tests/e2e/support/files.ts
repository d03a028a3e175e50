import type { Vehicle } from '../../../core/schema/vehicle.ts';
import { tinyPdf, tinyPng } from '../../../server/seed/placeholder-files.ts';
import type { apiAs } from './accounts.ts';

export interface FileSpec {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

/** A real PNG: a gradient of its own colours (other shades make another file). */
export const photo = (name: string, shade: number): FileSpec => ({
  name,
  mimeType: 'image/png',
  buffer: Buffer.from(tinyPng(140, [shade, 90, 120], [200, 160, shade])),
});

/** A real one-page PDF showing `text`. */
export const pdf = (name: string, text: string): FileSpec => ({ name, mimeType: 'application/pdf', buffer: Buffer.from(tinyPdf(text)) });

type Api = Awaited<ReturnType<typeof apiAs>>;

/**
 * Through the spec's multipart calls (as another client would): a waiver of the vehicle's first rule
 * with two pictures (one captioned), the waiver card and two documents.
 */
export async function addVehicleFiles(api: Api, vehicle: Vehicle): Promise<{ waiverId: string }> {
  const at = (path: string) => `/data/v1/vehicles/${vehicle.vehicleId}/${path}`;
  const workflow = (await api.get(at('workflow'))).body as { rules: { ruleId: string }[] };
  const waiver = (await api.post(at('waivers'), { ruleId: workflow.rules[0]!.ruleId, waiverType: 'fatal', explanation: 'Horn weak, replacement on order' }))
    .body as {
    waiverId: string;
  };
  const added = await api.multipart(at(`waivers/${waiver.waiverId}`), 'PATCH', { pictures: [photo('horn.png', 150), photo('horn-wiring.png', 30)] });
  if (added.status !== 200) throw new Error(`Could not add waiver pictures: ${added.status} ${JSON.stringify(added.body)}`);
  const [first] = (added.body as { pictures: { waiverPictureId: string }[] }).pictures;
  await api.patch(at(`waivers/${waiver.waiverId}/pictures/${first!.waiverPictureId}`), { annotation: 'Horn button, corroded contact' });
  await api.multipart(at('waivers/file'), 'POST', { card: pdf('waiver-card.pdf', `Waiver card ${vehicle.regNumber}`) });
  await api.multipart(at('files/aux'), 'POST', { file: pdf('manual.pdf', 'Operator manual'), description: 'Operator manual' });
  await api.multipart(at('files/aux'), 'POST', { file: photo('bumper.png', 90), description: 'Front bumper damage' });
  return waiver;
}
