// A worker thread running a TypeScript module of the benches: a worker starts without the TypeScript
// loader this process runs under, so it registers tsx first.
import { Worker } from 'node:worker_threads';

export function tsWorker(module: URL, workerData?: unknown): Worker {
  const boot = `import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))}).then(({ register }) => {
  register();
  return import(${JSON.stringify(module.href)});
});`;
  return new Worker(boot, { eval: true, workerData });
}
