/** Environments, chosen by host name (part 1 §1). */
export type Environment = 'production' | 'dev' | 'local';

export interface EnvironmentDomains {
  production: string;
  dev: string;
}

/** The product's domains; a deployment elsewhere is local dev unless its host contains one of them. */
export const DOMAINS: EnvironmentDomains = { production: 'fleet-readiness.af.mil', dev: 'dev.fleet-readiness.af.mil' };

/** The pwa sub-host (www replaced by pwa) behaves as its main host. */
export function mainHostOf(hostname: string): string {
  return hostname.replace(/^pwa\./, 'www.');
}

/**
 * Production when the host contains the production domain, dev when it contains the dev domain,
 * otherwise local. The dev domain is checked first: it contains the production one.
 */
export function environmentOf(hostname: string, domains: EnvironmentDomains = DOMAINS): Environment {
  const host = mainHostOf(hostname.toLowerCase());
  if (host.includes(domains.dev)) return 'dev';
  if (host.includes(domains.production)) return 'production';
  return 'local';
}
