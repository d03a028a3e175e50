import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { errors, type Provider } from 'oidc-provider';
import type { ServerConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { verifyNothing, verifyPassword } from '../passwords.ts';
import { findUserByEmail } from './accounts.ts';
import type { OidcUrls } from './configuration.ts';
import { messagePage, PAGE_HEADERS, signInPage } from './pages.ts';
import { SignInThrottle, type Attempt } from './throttle.ts';
import { findTextFault } from '../../http/text-check.ts';

export interface InteractionDeps {
  provider: Provider;
  db: Db;
  config: ServerConfig;
  urls: OidcUrls;
}

const WRONG_CREDENTIALS = 'Incorrect email or password.';
const FORM = 'application/x-www-form-urlencoded';
/** RFC 5321: no address is longer. */
const EMAIL_MAX = 254;

const usableEmail = (email: string) => email.length <= EMAIL_MAX && findTextFault(email) === null;
/** The email shown back in the form: what the person typed, less what no page can show. */
const shownEmail = (email: string) => (findTextFault(email) === null ? email.slice(0, EMAIL_MAX) : '');

function tooManyMessage(seconds: number): string {
  const wait = seconds < 90 ? `${seconds} second${seconds === 1 ? '' : 's'}` : `${Math.ceil(seconds / 60)} minutes`;
  return `Too many failed sign-in attempts. Wait ${wait}, then try again.`;
}

type UidRequest = FastifyRequest<{ Params: { uid: string } }>;

/**
 * The sign-in page at /oidc/interaction/:uid and its form post. The uid is the provider's
 * interaction, bound to a SameSite cookie and destroyed once used, which is what makes the form
 * safe against cross-site posts without a separate token.
 */
export async function registerInteractionRoutes(app: FastifyInstance, deps: InteractionDeps): Promise<void> {
  const { provider, db, config, urls } = deps;
  const throttle = new SignInThrottle();
  const page = (reply: FastifyReply, status: number, html: string) => reply.code(status).headers(PAGE_HEADERS).send(html);
  const problem = (reply: FastifyReply, status: number, heading: string, message: string) =>
    page(
      reply,
      status,
      messagePage({ productName: config.productName, heading, message, link: { href: `${config.publicUrl}/`, text: `Back to ${config.productName}` } }),
    );
  const signIn = (reply: FastifyReply, status: number, uid: string, extra: { email?: string; error?: string; invalid?: boolean } = {}) =>
    page(reply, status, signInPage({ productName: config.productName, action: urls.interactionPath(uid), ...extra }));

  /** The pending login interaction for this uid, or undefined once the page answered "expired". */
  async function pendingLogin(request: UidRequest, reply: FastifyReply) {
    let details;
    try {
      details = await provider.interactionDetails(request.raw, reply.raw);
    } catch (err) {
      if (!(err instanceof errors.SessionNotFound)) throw err;
    }
    if (!details || details.uid !== request.params.uid || details.prompt.name !== 'login') {
      problem(reply, 400, 'This sign-in page has expired', `Go back to ${config.productName} and sign in again.`);
      return undefined;
    }
    return details;
  }

  await app.register(async (scope) => {
    // Only this page posts a form; the rest of the app keeps JSON-only bodies.
    if (!scope.hasContentTypeParser(FORM)) {
      scope.addContentTypeParser(FORM, { parseAs: 'string', bodyLimit: 16 * 1024 }, (_request, body, done) => {
        done(null, Object.fromEntries(new URLSearchParams(body as string)));
      });
    }
    scope.setErrorHandler((error: Error & { statusCode?: number }, request, reply) => {
      const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
      if (status === 500) request.log.error({ err: error }, 'sign-in page failed');
      return problem(
        reply,
        status,
        'Sign-in could not continue',
        status === 500
          ? 'Something went wrong on the server. Try again; if it keeps happening, tell your administrator.'
          : 'The sign-in form could not be read. Go back and try again.',
      );
    });

    scope.get('/oidc/interaction/:uid', async (request: UidRequest, reply) => {
      const details = await pendingLogin(request, reply);
      if (!details) return reply;
      const hint = details.params.login_hint;
      return signIn(reply, 200, details.uid, typeof hint === 'string' ? { email: hint } : {});
    });

    scope.post('/oidc/interaction/:uid', async (request: UidRequest, reply) => {
      const form = (request.body ?? {}) as Record<string, unknown>;
      const email = typeof form.email === 'string' ? form.email.trim() : '';
      const password = typeof form.password === 'string' ? form.password : '';
      // Counted before the first await, so a burst of concurrent guesses is counted as it arrives.
      let attempt: Attempt | undefined;
      if (email && password) {
        const admission = throttle.begin(email, request.ip);
        if (!admission.ok) {
          const seconds = Math.ceil(admission.retryAfterMs / 1000);
          reply.header('retry-after', String(seconds));
          return signIn(reply, 429, request.params.uid, { email: shownEmail(email), error: tooManyMessage(seconds) });
        }
        attempt = admission.attempt;
      }
      try {
        const details = await pendingLogin(request, reply);
        if (!details) return reply;
        if (!email || !password || !attempt) {
          return signIn(reply, 400, details.uid, { email: shownEmail(email), error: 'Enter your email and password.', invalid: true });
        }

        // An email no account can have (a NUL, a lone surrogate, too long) is a wrong email like any other.
        const user = usableEmail(email) ? await findUserByEmail(db, email) : undefined;
        const matches = user?.passwordHash ? await verifyPassword(user.passwordHash, password) : await verifyNothing(password);
        // An inactive user gets the same answer as a wrong password: nothing tells which emails exist.
        if (!user || !matches || !user.active) {
          attempt.fail();
          return signIn(reply, 401, details.uid, { email: shownEmail(email), error: WRONG_CREDENTIALS, invalid: true });
        }
        attempt.succeed();
        await db.update(users).set({ lastSignInAt: new Date() }).where(eq(users.id, user.id));

        const returnTo = await provider.interactionResult(
          request.raw,
          reply.raw,
          { login: { accountId: user.id, amr: ['pwd'] } },
          { mergeWithLastSubmission: false },
        );
        return reply.code(303).header('location', returnTo).send();
      } finally {
        // Not settled: the page had expired or the server failed before any password was checked.
        attempt?.cancel();
      }
    });
  });
}
