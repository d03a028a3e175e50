import { describe, expect, it } from 'vitest';
import { createVehicle } from '../support/factories.ts';
import { useServerWithOrg } from '../support/session.ts';
import { bigFile, multipartBody, streamedRequest } from '../support/streamed-request.ts';

const MiB = 1024 * 1024;
// Room for the whole form, so that all twelve files pass through the server.
const env = useServerWithOrg({ env: { UPLOAD_REQUEST_LIMIT_BYTES: String(320 * MiB) } });

/** The process's resident memory, sampled every 20 ms while `work` runs; answers the highest. */
async function peakRss(work: () => Promise<unknown>): Promise<number> {
  let peak = process.memoryUsage.rss();
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 20);
  try {
    await work();
  } finally {
    clearInterval(timer);
  }
  return Math.max(peak, process.memoryUsage.rss());
}

describe('a large form is never held in memory (issue 51)', () => {
  it('takes a multipart of 12 x 24 MiB within 64 MiB of the memory it started with', async () => {
    const vehicle = await createVehicle(env.server.ctx, env.org.orgId, env.org.sectionId);
    const file = bigFile(24 * MiB, 7);
    const send = (files: number) => {
      const boundary = `memory-${files}`;
      const body = multipartBody(
        boundary,
        // Fields an inspection cannot be made of: the form is read whole, then refused.
        { version: 'x' },
        Array.from({ length: files }, (_, i) => ({ field: 'pictures', filename: `photo-${i}.png`, chunks: file.chunks })),
      );
      return streamedRequest(`${env.server.baseUrl}/data/v1/vehicles/${vehicle.vehicleId}/inspection/recent`, {
        method: 'POST',
        headers: { authorization: `Bearer ${env.org.admin.tokens.accessToken}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
        body: body(),
      }).done;
    };
    // One file first, so that what a first request loads (code, buffers) is in the baseline.
    expect((await send(1)).status).toBe(400);
    const before = process.memoryUsage.rss();
    let answer: Awaited<ReturnType<typeof send>> | undefined;
    const peak = await peakRss(async () => (answer = await send(12)));
    expect(answer!.status, answer!.body).toBe(400);
    expect(JSON.parse(answer!.body).errorMessage).toMatch(/^version: /);
    expect((peak - before) / MiB).toBeLessThan(64);
  }, 180_000);
});
