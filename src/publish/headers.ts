/**
 * The site's HTTP headers for static hosts: one Content-Security-Policy (also used by every
 * page's meta tag), the other security headers, and cache rules, written as a `_headers` file
 * (the format Netlify and Cloudflare Pages read). Pure: no I/O.
 */
import type { SiteFile } from '../content/schema.ts';
import type { Route, UrlPolicy } from '../site/routes.ts';

export const HEADERS_FILE = '_headers';

/** Where the policy is delivered: a meta tag ignores frame-ancestors, so it is left out there. */
export type PolicyDelivery = 'header' | 'meta';

/**
 * Same-origin everything, no inline script or style, frames only from the chat host, form
 * posts only to the form endpoint (or to the visitor's mail client when there is none).
 */
export function createContentSecurityPolicy(settings: SiteFile, delivery: PolicyDelivery): string {
  const directives: Array<[string, ...string[]]> = [
    ['default-src', "'self'"],
    ['script-src', "'self'"],
    ['style-src', "'self'"],
    ['img-src', "'self'", 'data:'],
    ['font-src', "'self'"],
    ['connect-src', "'self'"],
    ['frame-src', new URL(settings.aiDemo.frameUrl).origin],
    ['form-action', formTarget(settings.contact.form.endpoint)],
    ['object-src', "'none'"],
    ['base-uri', "'self'"],
  ];
  if (delivery === 'header') directives.push(['frame-ancestors', "'none'"]);
  return directives.map((directive) => directive.join(' ')).join('; ');
}

/** The endpoint's origin and path (CSP matches the path exactly), or mailto: for the mail hand-off. */
function formTarget(endpoint: string | undefined): string {
  if (!endpoint) return 'mailto:';
  const url = new URL(endpoint);
  // ';' and ',' separate directives and policies; escaped, they still match the same path.
  return `${url.origin}${url.pathname.replace(/;/g, '%3B').replace(/,/g, '%2C')}`;
}

export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Permissions-Policy':
    'accelerometer=(), camera=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), payment=(), usb=()',
};

/** Hashed assets never change under their name; pages must be checked on every visit. */
export const CACHE_IMMUTABLE = 'public, max-age=31536000, immutable';
export const CACHE_REVALIDATE = 'public, max-age=0, must-revalidate';

/** Every header for a response of this site, by URL pattern, as the host applies them. */
export function createHeaderRules(settings: SiteFile, routes: Route[], urls: UrlPolicy): Array<{ path: string; headers: Record<string, string> }> {
  // Hosts join a header set by two matching rules with a comma, so each path gets Cache-Control once.
  const pages = new Set<string>();
  for (const route of routes) {
    if (route.indexable) pages.add(urls.href(route.path));
    pages.add(urls.asset(route.file));
  }
  return [
    { path: `${urls.base}*`, headers: { 'Content-Security-Policy': createContentSecurityPolicy(settings, 'header'), ...SECURITY_HEADERS } },
    { path: `${urls.base}assets/*`, headers: { 'Cache-Control': CACHE_IMMUTABLE } },
    ...[...pages].map((path) => ({ path, headers: { 'Cache-Control': CACHE_REVALIDATE } })),
  ];
}

export function renderHeadersFile(settings: SiteFile, routes: Route[], urls: UrlPolicy): string {
  const blocks = createHeaderRules(settings, routes, urls).map(({ path, headers }) =>
    [path, ...Object.entries(headers).map(([name, value]) => `  ${name}: ${value}`)].join('\n'),
  );
  return `# Made by agency-site: security headers for every response, and how long each file may be cached.\n${blocks.join('\n\n')}\n`;
}
