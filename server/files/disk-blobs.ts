import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { BlobStore } from './blobs.ts';
import { discard } from './receive.ts';

/** Flushes a folder's entries (a rename into it) to disk. */
async function syncDir(dir: string): Promise<void> {
  const handle = await fsp.open(dir, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/**
 * Files on disk, named by their sha256 under two-character folders (`ab/abcd...`), as the embedded
 * setup's store. A file arrives in `tmp/`, flushed, and is renamed into place, so a crash leaves it
 * whole or absent; `open` empties `tmp/` of what a crash left.
 */
export function diskBlobStore(root: string): BlobStore {
  const tmpDir = path.join(root, 'tmp');
  const pathOf = (sha256: string) => path.join(root, sha256.slice(0, 2), sha256);

  return {
    tmpDir,

    async open() {
      await fsp.rm(tmpDir, { recursive: true, force: true });
      await fsp.mkdir(tmpDir, { recursive: true });
    },

    async has(sha256) {
      return fsp.access(pathOf(sha256)).then(
        () => true,
        () => false,
      );
    },

    async keep(file) {
      const target = pathOf(file.sha256);
      if (await this.has(file.sha256)) return discard(file.path);
      await fsp.mkdir(path.dirname(target), { recursive: true });
      await fsp.rename(file.path, target);
      await syncDir(path.dirname(target));
    },

    async read(sha256, range) {
      // Checked first, so that a missing file is a null rather than a stream's error after the headers
      // (a kept file is never changed or removed, so it is still there when the stream opens it).
      if (!(await this.has(sha256))) return null;
      return fs.createReadStream(pathOf(sha256), range ? { start: range.start, end: range.end } : {});
    },
  };
}
