/**
 * The site's HTTP headers for static hosts: one Content-Security-Policy (also used by every
 * page's meta tag), the other security headers, and cache rules, written as a `_headers` file
 * (the format Netlify and Cloudflare Pages read). Pure: no I/O.
 */
import { createHash } from 'node:crypto';
import type { SiteFile } from '../content/schema.ts';
import type { Site } from '../content/kinds.ts';
import { createError, type SiteError } from '../errors.ts';
import type { Route, UrlPolicy } from '../site/routes.ts';
import { renderAdminHeaders } from '../admin/admin-page.ts';

export const HEADERS_FILE = '_headers';

/** Where the policy is delivered: a meta tag ignores frame-ancestors, so it is left out there. */
export type PolicyDelivery = 'header' | 'meta';

/** A script the site's pages load: the only scripts its policy lets run. */
export interface SiteScript {
  /** Its absolute URL on the site's own address. */
  url: string;
  /** Its Subresource Integrity value, `sha256-<base64>`: the page's script tag carries it too. */
  integrity?: string;
}

/** `sha256-<base64>` of a file, as the integrity attribute and the policy's hash sources write it. */
export function integrityOf(contents: Uint8Array | string): string {
  return `sha256-${createHash('sha256').update(contents).digest('base64')}`;
}

/** What the policy is made from: the form's delivery (site.yaml) and the chat frames the home page shows. */
export type PolicyContent = Pick<Site, 'settings' | 'home'>;

/** The chat hosts of the home page's ai-demo sections: a page without one lets no frame in. */
function frameSources({ home }: PolicyContent): [string, ...string[]] {
  const origins = home.sections.flatMap((section) =>
    section.type === 'ai-demo' ? [new URL(section.data.frameUrl).origin] : [],
  );
  const unique = [...new Set(origins)];
  return unique.length > 0 ? [unique[0]!, ...unique.slice(1)] : ["'none'"];
}

/**
 * Same-origin everything but scripts, which are named one by one (scriptSources); no inline script or
 * style, no workers, frames only from the chat host, and only the form's destination (formDestinations).
 */
export function createContentSecurityPolicy(
  site: PolicyContent,
  delivery: PolicyDelivery,
  scripts: readonly SiteScript[] = [],
): string {
  const form = formDestinations(site.settings.contact.form);
  const directives: Array<[string, ...string[]]> = [
    ['default-src', "'self'"],
    ['script-src', ...scriptSources(scripts)],
    ['worker-src', "'none'"],
    ['style-src', "'self'"],
    ['img-src', "'self'", 'data:'],
    ['font-src', "'self'"],
    ['connect-src', ...form.connect],
    ['frame-src', ...frameSources(site)],
    ['form-action', form.action],
    ['object-src', "'none'"],
    ['base-uri', "'self'"],
  ];
  if (delivery === 'header') directives.push(['frame-ancestors', "'none'"]);
  return directives.map((directive) => directive.join(' ')).join('; ');
}

/**
 * Each script by its hash (valid on any origin) and by its URL on the site's own address, for browsers that
 * do not check integrity. Never 'self': then any same-origin file, even one the build did not make, would run.
 */
function scriptSources(scripts: readonly SiteScript[]): [string, ...string[]] {
  const sources = scripts.flatMap((script) => [
    ...(script.integrity ? [`'${script.integrity}'`] : []),
    // ';' and ',' separate directives and policies; escaped, they still match the same path.
    script.url.replace(/;/g, '%3B').replace(/,/g, '%2C').replace(/\s/g, '%20'),
  ]);
  return sources.length > 0 ? [sources[0]!, ...sources.slice(1)] : ["'none'"];
}

/**
 * Where the form may post and its script send: an https endpoint by origin and exact path; a site path or
 * Netlify Forms as 'self' (the origin differs between hosts); the mail app as mailto:. connect-src always
 * keeps 'self' for the dev server's reload channel.
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

/** Hashed assets never change under their name. Pages keep the hosts' default: revalidate on every visit. */
export const CACHE_IMMUTABLE = 'public, max-age=31536000, immutable';

/** One year, the figure HSTS checkers ask for; subdomains only when the site file says they are all on https. */
export function strictTransportSecurity(settings: SiteFile): string {
  return `max-age=31536000${settings.hsts?.includeSubDomains ? '; includeSubDomains' : ''}`;
}

/**
 * Every header for a response of this site, by URL pattern: two rules however many pages there
 * are, so no host's rule limit is reached. `routes` is unused since pages need no rule of their own.
 */
export function createHeaderRules(
  site: PolicyContent,
  _routes: Route[],
  urls: UrlPolicy,
  scripts: readonly SiteScript[] = [],
): Array<{ path: string; headers: Record<string, string> }> {
  const everyResponse: Record<string, string> = {
    'Content-Security-Policy': createContentSecurityPolicy(site, 'header', scripts),
    ...SECURITY_HEADERS,
  };
  // Browsers ignore the header over plain http, and a site served over http must not claim it.
  if (urls.siteUrl.startsWith('https:'))
    everyResponse['Strict-Transport-Security'] = strictTransportSecurity(site.settings);
  return [
    { path: `${urls.base}*`, headers: everyResponse },
    { path: `${urls.base}assets/*`, headers: { 'Cache-Control': CACHE_IMMUTABLE } },
  ];
}

export function renderHeadersFile(
  site: PolicyContent,
  routes: Route[],
  urls: UrlPolicy,
  scripts: readonly SiteScript[] = [],
): string {
  const blocks = createHeaderRules(site, routes, urls, scripts).map(({ path, headers }) =>
    [path, ...Object.entries(headers).map(([name, value]) => `  ${name}: ${value}`)].join('\n'),
  );
  // After the rule for every path, whose policy it takes away: the CMS has a policy of its own.
  blocks.push(renderAdminHeaders(urls));
  return `# Made by agency-site: security headers for every response, and how long each file may be cached.\n${blocks.join('\n\n')}\n`;
}

/** Cloudflare Pages reads at most 100 rules and 2,000 characters a line; Netlify has no such limits. */
export const HOST_LIMITS = { rules: 100, lineLength: 2000 } as const;

/** Warnings for a _headers file that a host would cut short. */
export function checkHeadersFile(text: string): SiteError[] {
  const lines = text.split('\n');
  const rules = lines.filter((line) => line !== '' && !/^[\s#]/.test(line)).length;
  const problems: SiteError[] = [];
  if (rules > HOST_LIMITS.rules) {
    problems.push(createError('HostLimit', { file: HEADERS_FILE, rules, max: HOST_LIMITS.rules }));
  }
  const long = lines.findIndex((line) => line.length > HOST_LIMITS.lineLength);
  if (long !== -1) {
    const facts = { file: HEADERS_FILE, line: long + 1, length: lines[long]!.length, max: HOST_LIMITS.lineLength };
    problems.push(createError('HostLimit', facts));
  }
  return problems;
}
