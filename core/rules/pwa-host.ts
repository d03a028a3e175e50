/**
 * The mobile-web (PWA) sub-host of a host (part 1 §1): the host with its first "www" replaced by
 * "pwa", in any case and also inside a label (www-dev becomes pwa-dev). A host without "www"
 * (localhost, a bare IP) has no separate sub-host, so it is its own. A port is kept, so local and test
 * setups on one machine still work. The one place this rule is written (src/app/hosts.ts uses it).
 */
export function pwaHostOf(host: string): string {
  return host.replace(/www/i, 'pwa');
}

/**
 * Whether a host is a mobile-web (PWA) sub-host: its first label is `pwa`, alone or before a dash
 * (pwa-dev, as pwaHostOf makes of www-dev). There the inspection app opens at the root (issue 49).
 */
export function isPwaHost(host: string): boolean {
  const first = host.split('.')[0] ?? '';
  return /^pwa(-|$)/i.test(first.split(':')[0] ?? '');
}

/** Where the inspection app lives on every host (issue 49); on a pwa host it is also what the root opens. */
export const INSPECT_PATH = '/inspect';

/** The inspection app's addresses: /inspect and below it. The server, the service worker and the page use this one rule. */
export const INSPECT_PAGE = /^\/inspect(\/|$)/;

export const isInspectPath = (pathname: string): boolean => INSPECT_PAGE.test(pathname);
