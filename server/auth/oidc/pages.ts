import { createHash } from 'node:crypto';

/**
 * The provider's own pages: sign-in, sign-out and errors. Self-contained HTML (no external assets,
 * no script needed), readable at 320 px and in forced-colors mode, with visible focus.
 */

const CSS = `*,*::before,*::after{box-sizing:border-box}
html{font-family:system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;font-size:100%;line-height:1.5;color:#1b1f24;background:#eef1f4}
body{margin:0;padding:2rem 1rem;display:flex;justify-content:center}
main{width:100%;max-width:24rem;background:#fff;border:1px solid #c3cbd4;border-radius:.5rem;padding:1.5rem}
h1{font-size:1.5rem;line-height:1.25;margin:0 0 .25rem;overflow-wrap:anywhere}
p{margin:0 0 1rem}
.lead{color:#4a5563}
label{display:block;font-weight:600;margin:1rem 0 .25rem}
input{display:block;width:100%;font:inherit;font-size:1rem;padding:.625rem .75rem;border:1px solid #66717e;border-radius:.375rem;background:#fff;color:#1b1f24}
input[aria-invalid="true"]{border:2px solid #b42318}
button,.button{display:block;width:100%;margin-top:1.5rem;font:inherit;font-weight:600;padding:.75rem 1rem;border:2px solid #0b5cad;border-radius:.375rem;background:#0b5cad;color:#fff;cursor:pointer;text-align:center;text-decoration:none}
button:hover,.button:hover{background:#084785;border-color:#084785}
a{color:#0b5cad}
:focus-visible{outline:3px solid #1b1f24;outline-offset:2px}
.alert{border:2px solid #b42318;border-radius:.375rem;background:#fef3f2;color:#7a1a12;padding:.75rem;margin:1rem 0 0}
.details{font-size:.875rem;color:#4a5563;overflow-wrap:anywhere}
@media (max-width:360px){body{padding:1rem .5rem}main{padding:1rem}}
@media (forced-colors:active){main,input,.alert{border:1px solid CanvasText}button,.button{border:2px solid ButtonText}:focus-visible{outline:3px solid Highlight}}`;

const AUTO_SUBMIT = `document.getElementById('op.logoutForm').submit();`;

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

/** Headers for every page here: nothing but the inline style (and the one script) may run. */
export const PAGE_HEADERS: Readonly<Record<string, string>> = {
  'content-type': 'text/html; charset=utf-8',
  'cache-control': 'no-store',
  'content-security-policy': `default-src 'none'; style-src ${sha256(CSS)}; script-src ${sha256(AUTO_SUBMIT)}; base-uri 'none'; frame-ancestors 'none'`,
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
};

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function layout(title: string, body: string, script = ''): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>${CSS}</style>
</head>
<body>
<main>
${body}
</main>${script ? `\n<script>${script}</script>` : ''}
</body>
</html>`;
}

export interface SignInPageOptions {
  productName: string;
  action: string;
  email?: string;
  /** Shown in the alert; the fields are marked invalid when `invalid` is set. */
  error?: string;
  invalid?: boolean;
}

/** The sign-in form. Field names: `email`, `password`. */
export function signInPage(o: SignInPageOptions): string {
  const email = o.email ?? '';
  const described = o.error ? ' aria-describedby="sign-in-error"' : '';
  const invalid = o.error && o.invalid ? ' aria-invalid="true"' : '';
  return layout(
    `Sign in – ${o.productName}`,
    `<h1>${escapeHtml(o.productName)}</h1>
<p class="lead">Sign in to continue.</p>
${o.error ? `<p id="sign-in-error" class="alert" role="alert">${escapeHtml(o.error)}</p>\n` : ''}<form method="post" action="${escapeHtml(o.action)}">
<label for="email">Email</label>
<input id="email" name="email" type="email" autocomplete="username" autocapitalize="none" spellcheck="false" required value="${escapeHtml(email)}"${described}${invalid}${email ? '' : ' autofocus'}>
<label for="password">Password</label>
<input id="password" name="password" type="password" autocomplete="current-password" required${described}${invalid}${email ? ' autofocus' : ''}>
<button type="submit">Sign in</button>
</form>`,
  );
}

export interface MessagePageOptions {
  productName: string;
  heading: string;
  message: string;
  /** A technical detail worth quoting to an administrator (never a stack trace). */
  details?: string | undefined;
  link?: { href: string; text: string } | undefined;
}

export function messagePage(o: MessagePageOptions): string {
  return layout(
    `${o.heading} – ${o.productName}`,
    `<h1>${escapeHtml(o.heading)}</h1>
<p>${escapeHtml(o.message)}</p>
${o.details ? `<p class="details">Details: ${escapeHtml(o.details)}</p>\n` : ''}${o.link ? `<a class="button" href="${escapeHtml(o.link.href)}">${escapeHtml(o.link.text)}</a>` : ''}`,
  );
}

/**
 * The end-session confirmation. The app only sends people here when they chose to sign out, so the
 * form submits itself; without script the button does it. `logout=yes` ends the whole session.
 */
export function signOutPage(productName: string, providerForm: string): string {
  const form = providerForm.replace('</form>', '<input type="hidden" name="logout" value="yes"></form>');
  return layout(
    `Signing out – ${productName}`,
    `<h1>Sign out of ${escapeHtml(productName)}</h1>
<p>Signing you out…</p>
${form}
<button type="submit" form="op.logoutForm">Sign out</button>`,
    AUTO_SUBMIT,
  );
}
