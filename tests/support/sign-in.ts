import { createHash, randomBytes } from 'node:crypto';

/**
 * The real authorization-code + PKCE flow against the embedded provider, driven like a browser:
 * manual redirects, a cookie jar, the sign-in form parsed from the page and posted back.
 */

export interface Tokens {
  accessToken: string;
  refreshToken: string;
  idToken: string;
  expiresIn: number;
}

export interface Discovery {
  issuer: string;
  authorization_endpoint: string;
  token_endpoint: string;
  userinfo_endpoint: string;
  end_session_endpoint: string;
  jwks_uri: string;
  [key: string]: unknown;
}

const DEFAULT_CLIENT = 'fleet-web';
const SCOPE = 'openid profile email offline_access';

export async function discover(baseUrl: string): Promise<Discovery> {
  const res = await fetch(`${baseUrl}/oidc/.well-known/openid-configuration`);
  if (!res.ok) throw new Error(`Discovery failed: ${res.status}`);
  return (await res.json()) as Discovery;
}

/** A cookie jar and manual redirects: what a browser tab keeps between requests. */
export class Browser {
  readonly cookies = new Map<string, string>();

  async fetch(url: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    if (this.cookies.size) headers.set('cookie', [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '));
    const res = await fetch(url, { ...init, headers, redirect: 'manual' });
    for (const line of res.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attributes.some((a) => /^\s*expires=/i.test(a) && Date.parse(a.split('=')[1]!) < Date.now());
      if (!value || expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return res;
  }
}

export interface Flow {
  browser: Browser;
  discovery: Discovery;
  clientId: string;
  redirectUri: string;
  verifier: string;
  state: string;
}

/** Where the browser ended up: a page to show, or the app's redirect URI with the response. */
export type Landing = { kind: 'page'; url: string; status: number; html: string } | { kind: 'callback'; params: URLSearchParams };

const base64url = (bytes: Buffer) => bytes.toString('base64url');

export async function authorize(
  baseUrl: string,
  opts: { clientId?: string; browser?: Browser; params?: Record<string, string> } = {},
): Promise<{ flow: Flow; landing: Landing }> {
  const discovery = await discover(baseUrl);
  const verifier = base64url(randomBytes(32));
  const flow: Flow = {
    browser: opts.browser ?? new Browser(),
    discovery,
    clientId: opts.clientId ?? DEFAULT_CLIENT,
    redirectUri: `${baseUrl}/signin-callback`,
    verifier,
    state: base64url(randomBytes(16)),
  };
  const url = new URL(discovery.authorization_endpoint);
  const query = {
    client_id: flow.clientId,
    response_type: 'code',
    scope: SCOPE,
    redirect_uri: flow.redirectUri,
    code_challenge: base64url(createHash('sha256').update(verifier).digest()),
    code_challenge_method: 'S256',
    state: flow.state,
    nonce: base64url(randomBytes(16)),
    ...opts.params,
  };
  for (const [k, v] of Object.entries(query)) url.searchParams.set(k, v);
  const landing = await follow(flow, url.href, await flow.browser.fetch(url.href));
  return { flow, landing };
}

async function follow(flow: Flow, url: string, res: Response): Promise<Landing> {
  for (let hops = 0; hops < 10; hops++) {
    const location = res.headers.get('location');
    if (res.status < 300 || res.status >= 400 || !location) {
      return { kind: 'page', url, status: res.status, html: await res.text() };
    }
    await res.arrayBuffer();
    url = new URL(location, url).href;
    if (url.startsWith(flow.redirectUri)) return { kind: 'callback', params: new URL(url).searchParams };
    res = await flow.browser.fetch(url);
  }
  throw new Error('Too many redirects');
}

export interface ParsedForm {
  action: string;
  method: string;
  fields: { name: string; type: string; value: string; autocomplete: string }[];
}

const decode = (s: string) =>
  s.replace(/&(#\d+|#x[\da-f]+|amp|lt|gt|quot|apos);/gi, (_, e: string) => {
    if (e[0] === '#') return String.fromCodePoint(e[1] === 'x' || e[1] === 'X' ? Number.parseInt(e.slice(2), 16) : Number(e.slice(1)));
    return ({ amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" } as Record<string, string>)[e.toLowerCase()]!;
  });

function attributes(tag: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const m of tag.matchAll(/([\w:-]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/g)) {
    out[m[1]!.toLowerCase()] = decode(m[2] ?? m[3] ?? m[4] ?? '');
  }
  return out;
}

/** The first form of a page with its inputs, as a browser would submit it. */
export function parseForm(html: string, pageUrl: string): ParsedForm | undefined {
  const form = /<form\b([^>]*)>([\s\S]*?)<\/form>/i.exec(html);
  if (!form) return undefined;
  const attrs = attributes(form[1]!);
  return {
    action: new URL(attrs.action || pageUrl, pageUrl).href,
    method: (attrs.method || 'get').toLowerCase(),
    fields: [...form[2]!.matchAll(/<input\b([^>]*)>/gi)]
      .map((m) => attributes(m[1]!))
      .filter((a) => a.name)
      .map((a) => ({ name: a.name!, type: (a.type || 'text').toLowerCase(), value: a.value ?? '', autocomplete: a.autocomplete ?? '' })),
  };
}

/** Text of the page's role="alert" element, if any. */
export function alertText(html: string): string | undefined {
  const m = /<(\w+)\b[^>]*role="alert"[^>]*>([\s\S]*?)<\/\1>/i.exec(html);
  return m ? decode(m[2]!.replace(/<[^>]+>/g, '')).trim() : undefined;
}

/** Fills the sign-in form (email into the username field, the password into the password field) and posts it. */
export async function submitSignIn(flow: Flow, page: Extract<Landing, { kind: 'page' }>, email: string, password: string): Promise<Landing> {
  const form = parseForm(page.html, page.url);
  if (!form) throw new Error(`Expected the sign-in form, got ${page.status}: ${page.html.slice(0, 200)}`);
  const body = new URLSearchParams();
  for (const field of form.fields) {
    if (field.type === 'password') body.append(field.name, password);
    else if (field.type === 'email' || field.autocomplete === 'username') body.append(field.name, email);
    else if (field.type !== 'submit' && field.type !== 'button') body.append(field.name, field.value);
  }
  const res = await flow.browser.fetch(form.action, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: body.toString(),
  });
  return follow(flow, form.action, res);
}

async function tokenRequest(discovery: Discovery, params: Record<string, string>): Promise<Tokens> {
  const res = await fetch(discovery.token_endpoint, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(params).toString(),
  });
  const body = (await res.json()) as Record<string, unknown>;
  if (!res.ok) throw new Error(`Token request failed (${res.status}): ${String(body.error)} ${String(body.error_description ?? '')}`);
  return {
    accessToken: String(body.access_token),
    refreshToken: String(body.refresh_token),
    idToken: String(body.id_token),
    expiresIn: Number(body.expires_in),
  };
}

export async function exchangeCode(flow: Flow, params: URLSearchParams): Promise<Tokens> {
  const code = params.get('code');
  if (!code) throw new Error(`Sign-in failed: ${params.get('error')} ${params.get('error_description') ?? ''}`);
  if (params.get('state') !== flow.state) throw new Error('State mismatch');
  return tokenRequest(flow.discovery, {
    grant_type: 'authorization_code',
    code,
    redirect_uri: flow.redirectUri,
    client_id: flow.clientId,
    code_verifier: flow.verifier,
  });
}

export async function signIn(baseUrl: string, email: string, password: string, opts: { clientId?: string } = {}): Promise<Tokens> {
  const { flow, landing } = await authorize(baseUrl, opts);
  if (landing.kind !== 'page') throw new Error('Expected the sign-in page');
  const after = await submitSignIn(flow, landing, email, password);
  if (after.kind === 'page') throw new Error(`Sign-in failed (${after.status}): ${alertText(after.html) ?? after.html.slice(0, 200)}`);
  return exchangeCode(flow, after.params);
}

export async function refresh(baseUrl: string, refreshToken: string, opts: { clientId?: string } = {}): Promise<Tokens> {
  return tokenRequest(await discover(baseUrl), {
    grant_type: 'refresh_token',
    refresh_token: refreshToken,
    client_id: opts.clientId ?? DEFAULT_CLIENT,
  });
}
