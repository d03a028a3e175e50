import http from 'node:http';
import { promisify } from 'node:util';
import { brotliDecompress, gunzip } from 'node:zlib';

/** zlib's output buffer for a whole answer: an 8 MiB page is decoded in eight steps, not 512. */
const DECODE_CHUNK_BYTES = 1024 * 1024;
const decoders: Record<string, (body: Buffer, options: { chunkSize: number }) => Promise<Buffer>> = {
  br: promisify(brotliDecompress),
  gzip: promisify(gunzip),
};

/**
 * GET requests answered as a browser's network stack answers them: the answer's body is read whole and
 * decoded in one call. Node's fetch decodes a compressed body 16 KiB at a time, each piece handed back
 * through web streams on the JS thread: an 8 MiB page of the pull took 87 ms to fetch and parse that
 * way, against 52 ms sent plain and about 47 ms decoded in one call (docs/performance.md, "Sync: a
 * device's first pull"). A browser decodes in its network process, off the page's thread; here the
 * decoding still runs on the one thread the bench's server and client share, and counts in full.
 * `headers` go with every request (Accept-Encoding among them).
 */
export function browserLikeGet(baseUrl: string, token: string, headers: Record<string, string>) {
  return {
    async get(path: string): Promise<{ status: number; body: unknown }> {
      const res = await getRaw(new URL(path, baseUrl), { ...headers, authorization: `Bearer ${token}` });
      const encoding = res.encoding ?? 'identity';
      const decode = decoders[encoding];
      if (!decode && encoding !== 'identity') throw new Error(`The server answered in ${encoding}, which this client does not decode`);
      const body = decode ? await decode(res.body, { chunkSize: DECODE_CHUNK_BYTES }) : res.body;
      return { status: res.status, body: JSON.parse(body.toString('utf8')) as unknown };
    },
  };
}

function getRaw(url: URL, headers: Record<string, string>): Promise<{ status: number; encoding: string | undefined; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', reject);
        res.on('end', () => resolve({ status: res.statusCode ?? 0, encoding: res.headers['content-encoding'], body: Buffer.concat(chunks) }));
      })
      .on('error', reject);
  });
}
