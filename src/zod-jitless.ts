import { z } from 'zod';

/**
 * Zod compiles object parsers with `new Function` when it may, and probes whether it may by trying
 * one. Under the app's Content-Security-Policy (no 'unsafe-eval') the probe is refused and reported
 * as a violation. Every browser entry point (the page, its workers) imports this first, so zod
 * neither probes nor evals. The server keeps the compiled parsers. Code splitting runs a chunk before
 * the entry that imports it, so in the page's build this module goes in zod's own chunk (vite.config.ts).
 */
z.config({ jitless: true });
