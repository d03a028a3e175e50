import type { Page } from '@playwright/test';

// Camera photos for the benches that send them (upload-queue, inspection-app): made in the page, and
// the baseline both measure against, the originals PUT as they are.

/** Makes `count` distinct camera-like photos in the page (4000x3000 JPEG, about 4 MB) and keeps them as window.photos. */
export async function makePhotos(page: Page, count: number): Promise<number[]> {
  return page.evaluate(async (n) => {
    const files: File[] = [];
    for (let i = 0; i < n; i++) {
      const canvas = new OffscreenCanvas(4000, 3000);
      const g = canvas.getContext('2d')!;
      const gradient = g.createLinearGradient(0, 0, 4000, 3000);
      gradient.addColorStop(0, `hsl(${i * 17}, 40%, 45%)`);
      gradient.addColorStop(1, `hsl(${i * 17 + 120}, 35%, 60%)`);
      g.fillStyle = gradient;
      g.fillRect(0, 0, 4000, 3000);
      // Texture, as a real scene has: a camera photo's size comes from its detail.
      const noise = g.getImageData(0, 0, 4000, 3000);
      for (let p = 0; p < noise.data.length; p += 4) {
        const d = (Math.random() - 0.5) * 34;
        noise.data[p] = noise.data[p]! + d;
        noise.data[p + 1] = noise.data[p + 1]! + d;
        noise.data[p + 2] = noise.data[p + 2]! + d;
      }
      g.putImageData(noise, 0, 0);
      const blob = await canvas.convertToBlob({ type: 'image/jpeg', quality: 0.9 });
      files.push(new File([blob], `IMG_${1000 + i}.jpg`, { type: 'image/jpeg' }));
    }
    (window as unknown as { photos: File[] }).photos = files;
    return files.map((f) => f.size);
  }, count);
}

/**
 * The same originals PUT as they are, two at a time, over the link: the baseline. Each PUT asks
 * `token` for a current access token: on a slow link the whole takes longer than one token lives.
 */
export async function uploadOriginals(page: Page, token: () => Promise<string>): Promise<{ ms: number; bytes: number }> {
  await page.exposeFunction('benchAccessToken', token);
  return page.evaluate(async () => {
    const accessToken = () => (window as unknown as { benchAccessToken: () => Promise<string> }).benchAccessToken();
    const files = (window as unknown as { photos: File[] }).photos;
    const hex = async (f: Blob) =>
      [...new Uint8Array(await crypto.subtle.digest('SHA-256', await f.arrayBuffer()))].map((b) => b.toString(16).padStart(2, '0')).join('');
    const queue = [...files];
    let bytes = 0;
    const t0 = performance.now();
    const worker = async () => {
      for (let file = queue.shift(); file; file = queue.shift()) {
        const res = await fetch(`/data/v1/files/${await hex(file)}`, {
          method: 'PUT',
          body: file,
          headers: { authorization: `Bearer ${await accessToken()}`, 'content-type': 'application/octet-stream' },
        });
        if (!res.ok) throw new Error(`upload answered ${res.status}: ${await res.text()}`);
        bytes += file.size;
      }
    };
    await Promise.all([worker(), worker()]);
    return { ms: performance.now() - t0, bytes };
  });
}

export async function accessToken(page: Page): Promise<string> {
  return page.evaluate(() => {
    for (const store of [sessionStorage, localStorage]) {
      for (let i = 0; i < store.length; i++) {
        const value = store.getItem(store.key(i)!) ?? '';
        if (value.includes('access_token')) return (JSON.parse(value) as { access_token: string }).access_token;
      }
    }
    throw new Error('No access token in the page');
  });
}

/** The photos makePhotos made, as files for an input (setInputFiles). */
export async function photoFiles(page: Page): Promise<{ name: string; mimeType: string; buffer: Buffer }[]> {
  const encoded = await page.evaluate(async () => {
    const out: { name: string; b64: string }[] = [];
    for (const file of (window as unknown as { photos: File[] }).photos) {
      const bytes = new Uint8Array(await file.arrayBuffer());
      let binary = '';
      for (let b = 0; b < bytes.length; b += 0x8000) binary += String.fromCharCode(...bytes.subarray(b, b + 0x8000));
      out.push({ name: file.name, b64: btoa(binary) });
    }
    return out;
  });
  return encoded.map((f) => ({ name: f.name, mimeType: 'image/jpeg', buffer: Buffer.from(f.b64, 'base64') }));
}
