/**
 * The wire side of the API fuzz test: requests sent exactly as given (raw path, any bytes, any
 * content type) over a keep-alive socket, and the checks every answer must pass.
 */
import http from 'node:http';

export interface RawRequest {
  method: string;
  /** Path and query as they go on the wire (already percent-encoded, or deliberately not). */
  path: string;
  body?: string | Buffer;
  /** Defaults to application/json when there is a body. */
  contentType?: string | null;
}

export interface RawAnswer {
  status: number;
  contentType: string;
  text: string;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 4 });

/** Sends one request; a socket the server closed mid-upload (an oversized body) is retried once without keep-alive. */
export async function sendRaw(baseUrl: string, token: string | undefined, req: RawRequest, retry = true): Promise<RawAnswer> {
  const url = new URL(baseUrl);
  const body = req.body === undefined ? undefined : Buffer.isBuffer(req.body) ? req.body : Buffer.from(req.body, 'utf8');
  const contentType = req.contentType === undefined ? (body ? 'application/json' : null) : req.contentType;
  try {
    return await new Promise<RawAnswer>((resolve, reject) => {
      const r = http.request(
        {
          host: url.hostname,
          port: url.port,
          method: req.method,
          path: req.path,
          agent: retry ? agent : false,
          headers: {
            ...(token ? { authorization: `Bearer ${token}` } : {}),
            ...(contentType ? { 'content-type': contentType } : {}),
            ...(body ? { 'content-length': String(body.length) } : {}),
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () =>
            resolve({ status: res.statusCode ?? 0, contentType: String(res.headers['content-type'] ?? ''), text: Buffer.concat(chunks).toString('utf8') }),
          );
          res.on('error', reject);
        },
      );
      r.on('error', reject);
      r.end(body);
    });
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (retry && (code === 'ECONNRESET' || code === 'EPIPE')) return sendRaw(baseUrl, token, req, false);
    throw err;
  }
}

export function closeFuzzAgent(): void {
  agent.destroy();
}

/** What is wrong with an answer, or null: no 5xx, every 4xx a JSON `{errorMessage}` with a message, no stack trace. */
export function answerProblem(answer: RawAnswer): string | null {
  if (answer.status >= 500) return `answered ${answer.status}`;
  if (answer.status === 0) return 'no status';
  if (/\bat .+\.(ts|js):\d+/.test(answer.text)) return 'the answer holds a stack trace';
  if (answer.status < 400) return null;
  if (!answer.contentType.startsWith('application/json')) return `a ${answer.status} answered as ${answer.contentType || 'no content type'}`;
  let body: unknown;
  try {
    body = JSON.parse(answer.text);
  } catch {
    return `a ${answer.status} whose body is not JSON`;
  }
  const message = (body as { errorMessage?: unknown } | null)?.errorMessage;
  if (typeof message !== 'string' || message.trim() === '') return `a ${answer.status} without an errorMessage`;
  return null;
}

/** The request for a failure report: long bodies and paths cut, so the report stays readable. */
export function describeRequest(req: RawRequest): string {
  const cut = (s: string, n: number) => (s.length > n ? `${s.slice(0, n)}… (${s.length} chars)` : s);
  const body = req.body === undefined ? '' : `\n  body: ${cut(Buffer.isBuffer(req.body) ? `<bytes ${req.body.toString('hex')}>` : req.body, 600)}`;
  const type = req.contentType === undefined ? '' : `\n  content-type: ${req.contentType}`;
  return `${req.method} ${cut(req.path, 300)}${type}${body}`;
}
