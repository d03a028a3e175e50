/// <reference lib="webworker" />
import '../zod-jitless.ts';
import * as Comlink from 'comlink';
import { renderAf1800 } from '../../core/af1800/index.ts';
import type { Af1800Form } from '../../core/schema/af1800.ts';

/**
 * The AF1800 generator off the main thread: a combined report of hundreds of vehicles takes seconds,
 * and the tab must stay responsive meanwhile. The bytes are transferred, not copied.
 */
const api = {
  async render(forms: Af1800Form[], title: string): Promise<Uint8Array> {
    const bytes = await renderAf1800(forms, { title });
    return Comlink.transfer(bytes, [bytes.buffer as ArrayBuffer]);
  },
};

export type Af1800WorkerApi = typeof api;

Comlink.expose(api);
