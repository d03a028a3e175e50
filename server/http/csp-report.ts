import type { FastifyInstance } from 'fastify';

/** Where browsers send Content-Security-Policy violations (the policy's `report-uri`). */
export const CSP_REPORT_PATH = '/csp-report';
/** What the log line of a violation starts with (the e2e suite fails on any). */
export const CSP_VIOLATION_LOG = 'Content-Security-Policy violation';

const REPORT_TYPES = ['application/csp-report', 'application/reports+json'];
const MAX_REPORT_BYTES = 16 * 1024;
/** A stranger can post here: at most this many lines a minute reach the log. */
const LOG_PER_MINUTE = 60;

const FIELDS = ['document-uri', 'violated-directive', 'effective-directive', 'blocked-uri', 'source-file', 'line-number', 'disposition'] as const;

/** The fields worth logging, as short strings, from either report format. */
function summary(report: unknown): Record<string, string> {
  const r = (report ?? {}) as Record<string, unknown>;
  const body = (r['csp-report'] ?? r.body ?? r) as Record<string, unknown>;
  const camel = (k: string) => k.replace(/-(\w)/g, (_, c: string) => c.toUpperCase());
  const out: Record<string, string> = {};
  for (const field of FIELDS) {
    const value = body[field] ?? body[camel(field)];
    if (typeof value === 'string' || typeof value === 'number') out[field] = String(value).slice(0, 300);
  }
  return out;
}

/**
 * Logs the violations browsers report, as warnings: a policy too strict for the app shows up in the
 * server log rather than only in one user's console, workers and the service worker included.
 */
export function registerCspReports(app: FastifyInstance): void {
  app.register(async (scope) => {
    scope.addContentTypeParser(REPORT_TYPES, { parseAs: 'string', bodyLimit: MAX_REPORT_BYTES }, (_request, body, done) => {
      try {
        done(null, JSON.parse(body as string));
      } catch {
        done(null, undefined);
      }
    });
    let minute = 0;
    let logged = 0;
    scope.post(CSP_REPORT_PATH, { bodyLimit: MAX_REPORT_BYTES }, async (request, reply) => {
      const now = Math.floor(Date.now() / 60_000);
      if (now !== minute) [minute, logged] = [now, 0];
      const reports = Array.isArray(request.body) ? request.body : [request.body];
      for (const report of reports.slice(0, 10)) {
        if (logged++ < LOG_PER_MINUTE) request.log.warn({ report: summary(report) }, CSP_VIOLATION_LOG);
      }
      return reply.code(204).send();
    });
  });
}
