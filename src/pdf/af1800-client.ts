import * as Comlink from 'comlink';
import type { Af1800Form } from '../../core/schema/af1800.ts';
import type { Af1800WorkerApi } from './af1800.worker.ts';

let worker: Comlink.Remote<Af1800WorkerApi> | null = null;

/** One worker for the tab, started on the first form: pdf-lib stays out of the app's first load. */
function generator(): Comlink.Remote<Af1800WorkerApi> {
  worker ??= Comlink.wrap<Af1800WorkerApi>(new Worker(new URL('./af1800.worker.ts', import.meta.url), { type: 'module', name: 'af1800' }));
  return worker;
}

/** The AF1800 PDF of these forms (each vehicle's pages in turn), made on the device, offline too. */
export function renderAf1800Pdf(forms: Af1800Form[], title: string): Promise<Uint8Array> {
  return generator().render(forms, title);
}
