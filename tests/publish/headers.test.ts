import { createHash } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { resolveConfig, type Options } from '../../src/config.ts';
import type { SiteFile } from '../../src/content/schema.ts';
import type { Site } from '../../src/content/kinds.ts';
import { loadSite } from '../../src/content/load.ts';
import {
  CACHE_IMMUTABLE,
  checkHeadersFile,
  createContentSecurityPolicy,
  createHeaderRules,
  HOST_LIMITS,
  integrityOf,
  renderHeadersFile,
  type PolicyContent,
} from '../../src/publish/headers.ts';
import { createRoutes, createUrlPolicy } from '../../src/site/routes.ts';
import { PROJECT_ROOT } from '../helpers/project.ts';

let site: Site;

beforeAll(async () => {
  site = (await loadSite(resolveConfig({ root: PROJECT_ROOT }))).site;
});

const directives = (policy: string) =>
  new Map(policy.split('; ').map((part) => [part.split(' ')[0]!, part.split(' ').slice(1)]));
const withForm = (settings: SiteFile, endpoint: string | undefined, netlify?: boolean): PolicyContent => ({
  home: site.home,
  settings: { ...settings, contact: { ...settings.contact, form: { ...settings.contact.form, endpoint, netlify } } },
});

function policy(options: Options) {
  const urls = createUrlPolicy(resolveConfig({ root: PROJECT_ROOT, ...options }), site.settings.url);
  return { urls, routes: createRoutes(site, urls) };
}

describe('createContentSecurityPolicy', () => {
  it("allows same-origin style and images (and data:), the site's own script by hash and URL, no worker, nothing inline", () => {
    const script = { url: 'https://northwindstudio.dev/assets/main-ABC.js', integrity: integrityOf('run()') };
    const csp = directives(createContentSecurityPolicy(site, 'header', [script]));
    expect(csp.get('default-src')).toEqual(["'self'"]);
    expect(csp.get('script-src')).toEqual([`'${script.integrity}'`, script.url]);
    expect(csp.get('worker-src')).toEqual(["'none'"]);
    expect(csp.get('style-src')).toEqual(["'self'"]);
    expect(csp.get('img-src')).toEqual(["'self'", 'data:']);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect([...csp.values()].flat().some((source) => /unsafe|nonce/.test(source))).toBe(false);
  });

  it("names no script at all when there is none, never 'self', and escapes ';' and ',' in a script URL", () => {
    expect(directives(createContentSecurityPolicy(site, 'header')).get('script-src')).toEqual(["'none'"]);
    const odd = createContentSecurityPolicy(site, 'meta', [{ url: 'https://a.example/x;script-src *,/m.js' }]);
    expect(directives(odd).get('script-src')).toEqual(['https://a.example/x%3Bscript-src%20*%2C/m.js']);
    expect(integrityOf('run()')).toBe(`sha256-${createHash('sha256').update('run()').digest('base64')}`);
  });

  it('allows frames only from the chat hosts of the ai-demo sections', () => {
    const sections = site.home.sections.map((section) =>
      section.type === 'ai-demo'
        ? { ...section, data: { ...section.data, frameUrl: 'https://bots.example.com/embed/v2?x=1' } }
        : section,
    );
    const moved = { settings: site.settings, home: { sections } };
    expect(directives(createContentSecurityPolicy(moved, 'header')).get('frame-src')).toEqual([
      'https://bots.example.com',
    ]);
  });

  it('lets no frame in when home.yaml has no ai-demo section (regression: the chat host stayed in the policy)', () => {
    const home = { sections: site.home.sections.filter((section) => section.type !== 'ai-demo') };
    const csp = createContentSecurityPolicy({ settings: site.settings, home }, 'header');
    expect(directives(csp).get('frame-src')).toEqual(["'none'"]);
    expect(csp).not.toContain('chathive');
  });

  it('allows exactly the form destination in form-action and connect-src: a full endpoint by its path', () => {
    const csp = directives(
      createContentSecurityPolicy(withForm(site.settings, 'https://formspree.io/f/abc123?source=site'), 'header'),
    );
    expect(csp.get('form-action')).toEqual(['https://formspree.io/f/abc123']);
    expect(csp.get('connect-src')).toEqual(["'self'", 'https://formspree.io/f/abc123']);
  });

  it("allows only 'self' for a site-path endpoint and Netlify Forms, and mailto: for the mail app", () => {
    for (const settings of [withForm(site.settings, '/api/contact'), withForm(site.settings, undefined, true)]) {
      const csp = directives(createContentSecurityPolicy(settings, 'header'));
      expect(csp.get('form-action')).toEqual(["'self'"]);
      expect(csp.get('connect-src')).toEqual(["'self'"]);
    }
    const mail = directives(createContentSecurityPolicy(withForm(site.settings, undefined), 'header'));
    expect(mail.get('form-action')).toEqual(['mailto:']);
    // 'self' stays for the dev server's reload channel; the form itself connects nowhere.
    expect(mail.get('connect-src')).toEqual(["'self'"]);
  });

  it('leaves frame-ancestors out of the meta tag version, where browsers ignore it', () => {
    const header = createContentSecurityPolicy(site, 'header');
    const meta = createContentSecurityPolicy(site, 'meta');
    expect(directives(header).get('frame-ancestors')).toEqual(["'none'"]);
    expect(meta).toBe(header.replace("; frame-ancestors 'none'", ''));
  });
});

describe('renderHeadersFile', () => {
  it('sets the security headers and HSTS for every path, and a year for hashed assets', () => {
    const { urls, routes } = policy({});
    const file = renderHeadersFile(site, routes, urls);
    expect(file).toContain(`/*\n  Content-Security-Policy: ${createContentSecurityPolicy(site, 'header')}\n`);
    for (const header of [
      'Referrer-Policy',
      'X-Content-Type-Options: nosniff',
      'X-Frame-Options: DENY',
      'Permissions-Policy',
    ])
      expect(file).toContain(`  ${header}`);
    expect(file).toContain('  Strict-Transport-Security: max-age=31536000\n');
    expect(file).not.toContain('includeSubDomains');
    expect(file).toContain(`/assets/*\n  Cache-Control: ${CACHE_IMMUTABLE}\n`);
  });

  it('adds includeSubDomains only when the site file asks for it', () => {
    const { urls, routes } = policy({});
    const file = renderHeadersFile(
      { ...site, settings: { ...site.settings, hsts: { includeSubDomains: true } } },
      routes,
      urls,
    );
    expect(file).toContain('  Strict-Transport-Security: max-age=31536000; includeSubDomains\n');
  });

  it('leaves HSTS out for a site served over plain http', () => {
    const { urls, routes } = policy({ siteUrl: 'http://intranet.example.com' });
    const rules = createHeaderRules(site, routes, urls);
    expect(rules[0]!.headers).not.toHaveProperty('Strict-Transport-Security');
    expect(rules[0]!.headers).toHaveProperty('Content-Security-Policy');
  });

  it('puts the base in front of every path', () => {
    const { urls, routes } = policy({ base: '/sub/', format: 'directory' });
    expect(createHeaderRules(site, routes, urls).map((rule) => rule.path)).toEqual(['/sub/*', '/sub/assets/*']);
  });

  // Regression (issue 14): two rules per page gave 133 rules for 60 pages, past Cloudflare Pages' 100.
  it('stays at two rules however many pages there are', () => {
    const { urls } = policy({});
    const pages = Array.from({ length: 500 }, (_, index) => ({
      path: `/page-${index}`,
      file: `page-${index}.html`,
      indexable: true,
      page: { kind: 'home' as const },
    }));
    const file = renderHeadersFile(site, pages, urls);
    expect(createHeaderRules(site, pages, urls)).toHaveLength(2);
    expect(checkHeadersFile(file)).toEqual([]);
  });

  it('gives a noindex page (the thank-you page) no rule of its own: pages keep the host default caching', () => {
    const urls = createUrlPolicy(resolveConfig({ root: PROJECT_ROOT, format: 'directory' }), site.settings.url);
    const routes = createRoutes(site, urls, [
      { slug: 'thanks', title: 'Thank you', description: 'Thanks.', html: '', noindex: true },
    ]);
    const rules = createHeaderRules(site, routes, urls);
    expect(rules.map((rule) => rule.path)).toEqual(['/*', '/assets/*']);
  });

  it('sets Cache-Control once for any path, since hosts join repeated headers with a comma', () => {
    const { urls, routes } = policy({});
    const rules = createHeaderRules(site, routes, urls).filter((rule) => 'Cache-Control' in rule.headers);
    const matches = (pattern: string, path: string) =>
      pattern.endsWith('*') ? path.startsWith(pattern.slice(0, -1)) : path === pattern;
    for (const path of ['/assets/site-X.css', '/assets/images/logo-1.avif']) {
      expect(
        rules.filter((rule) => matches(rule.path, path)),
        path,
      ).toHaveLength(1);
    }
    expect(rules.filter((rule) => matches(rule.path, '/terms'))).toHaveLength(0);
  });
});

describe('checkHeadersFile', () => {
  it('warns past the rule limit and the line length of Cloudflare Pages', () => {
    const many = Array.from({ length: HOST_LIMITS.rules + 1 }, (_, index) => `/p${index}\n  X-A: b`).join('\n');
    expect(checkHeadersFile(many).map((problem) => [problem.code, problem.message])).toEqual([
      [
        'HostLimit',
        `The output's _headers file has ${HOST_LIMITS.rules + 1} rules; Cloudflare Pages applies only the first ${HOST_LIMITS.rules}.`,
      ],
    ]);
    const long = `# comment\n/*\n  Content-Security-Policy: ${'a'.repeat(HOST_LIMITS.lineLength)}\n`;
    expect(checkHeadersFile(long)[0]!.message).toMatch(/^Line 3 of the output's _headers file has 20\d\d characters/);
    expect(checkHeadersFile(long.replace('a'.repeat(HOST_LIMITS.lineLength), 'self'))).toEqual([]);
  });
});
