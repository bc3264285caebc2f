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
 * Same-origin everything, no inline script or style, frames only from the chat host, and the
 * contact form's destination alone in form-action and connect-src (see formDestinations).
 */
export function createContentSecurityPolicy(settings: SiteFile, delivery: PolicyDelivery): string {
  const form = formDestinations(settings.contact.form);
  const directives: Array<[string, ...string[]]> = [
    ['default-src', "'self'"],
    ['script-src', "'self'"],
    ['style-src', "'self'"],
    ['img-src', "'self'", 'data:'],
    ['font-src', "'self'"],
    ['connect-src', ...form.connect],
    ['frame-src', new URL(settings.aiDemo.frameUrl).origin],
    ['form-action', form.action],
    ['object-src', "'none'"],
    ['base-uri', "'self'"],
  ];
  if (delivery === 'header') directives.push(['frame-ancestors', "'none'"]);
  return directives.map((directive) => directive.join(' ')).join('; ');
}

/**
 * Where the form may post (form-action) and the script may send it (connect-src): a full-URL
 * endpoint by origin and exact path; a site path or Netlify Forms on this site, which CSP can only
 * name as 'self' (the origin differs between production, previews and 127.0.0.1); the mail app
 * as mailto:. connect-src keeps 'self' in every mode for the dev server's reload channel.
 */
function formDestinations(form: SiteFile['contact']['form']): { action: string; connect: [string, ...string[]] } {
  if (form.endpoint?.startsWith('https:')) {
    const url = new URL(form.endpoint);
    // ';' and ',' separate directives and policies; escaped, they still match the same path.
    const target = `${url.origin}${url.pathname.replace(/;/g, '%3B').replace(/,/g, '%2C')}`;
    return { action: target, connect: ["'self'", target] };
  }
  if (form.endpoint || form.netlify) return { action: "'self'", connect: ["'self'"] };
  return { action: 'mailto:', connect: ["'self'"] };
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
    if (route.page.kind !== 'not-found') pages.add(urls.href(route.path));
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
