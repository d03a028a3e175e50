// The feed server's thread (bench/fleet-grid/feed-server.ts): serves the cached feed files, each read
// whole and sent in one write, on a port of its own.
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { parentPort, workerData } from 'node:worker_threads';
import { feedFile } from '../fleet-data.ts';

const { cacheDir } = workerData as { cacheDir: string };
const HEADERS = {
  // The page's origin is the app server's.
  'access-control-allow-origin': '*',
  // Read once per fill: kept out of Chromium's HTTP cache, which would otherwise write the data set's
  // feeds (about 900 MB) to disk beside the mirror as it fills.
  'cache-control': 'no-store',
};

const server = http.createServer((request, response) => {
  const match = /^\/(\d+)\/(\w+)\.json$/.exec(request.url ?? '');
  if (!match) {
    response.writeHead(404, HEADERS).end();
    return;
  }
  fs.readFile(feedFile(cacheDir, Number(match[1]), match[2]!), (error, bytes) => {
    if (error) response.writeHead(404, HEADERS).end();
    else response.writeHead(200, { ...HEADERS, 'content-type': 'application/json' }).end(bytes);
  });
});
server.listen(0, '127.0.0.1', () => parentPort!.postMessage((server.address() as AddressInfo).port));
