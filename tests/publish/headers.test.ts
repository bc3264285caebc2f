import { beforeAll, describe, expect, it } from 'vitest';
import { resolveConfig, type Options } from '../../src/config.ts';
import type { Site, SiteFile } from '../../src/content/schema.ts';
import { loadSite } from '../../src/content/load.ts';
import { CACHE_IMMUTABLE, CACHE_REVALIDATE, createContentSecurityPolicy, createHeaderRules, renderHeadersFile } from '../../src/publish/headers.ts';
import { createRoutes, createUrlPolicy } from '../../src/site/routes.ts';
import { PROJECT_ROOT } from '../helpers/project.ts';

let site: Site;

beforeAll(async () => {
  site = (await loadSite(resolveConfig({ root: PROJECT_ROOT }))).site;
});

const directives = (policy: string) => new Map(policy.split('; ').map((part) => [part.split(' ')[0]!, part.split(' ').slice(1)]));
const withForm = (settings: SiteFile, endpoint: string | undefined, netlify?: boolean): SiteFile => ({
  ...settings,
  contact: { ...settings.contact, form: { ...settings.contact.form, endpoint, netlify } },
});

function policy(options: Options) {
  const urls = createUrlPolicy(resolveConfig({ root: PROJECT_ROOT, ...options }), site.settings.url);
  return { urls, routes: createRoutes(site, urls) };
}

describe('createContentSecurityPolicy', () => {
  it('allows only same-origin script, style, images (and data:), and nothing inline', () => {
    const csp = directives(createContentSecurityPolicy(site.settings, 'header'));
    expect(csp.get('default-src')).toEqual(["'self'"]);
    expect(csp.get('script-src')).toEqual(["'self'"]);
    expect(csp.get('style-src')).toEqual(["'self'"]);
    expect(csp.get('img-src')).toEqual(["'self'", 'data:']);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect([...csp.values()].flat().some((source) => /unsafe|nonce|sha\d/.test(source))).toBe(false);
  });

  it('allows frames only from the chat host of aiDemo.frameUrl', () => {
    const settings = { ...site.settings, aiDemo: { ...site.settings.aiDemo, frameUrl: 'https://bots.example.com/embed/v2?x=1' } };
    expect(directives(createContentSecurityPolicy(settings, 'header')).get('frame-src')).toEqual(['https://bots.example.com']);
  });

  it('allows exactly the form destination in form-action and connect-src: a full endpoint by its path', () => {
    const csp = directives(createContentSecurityPolicy(withForm(site.settings, 'https://formspree.io/f/abc123?source=site'), 'header'));
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
    const header = createContentSecurityPolicy(site.settings, 'header');
    const meta = createContentSecurityPolicy(site.settings, 'meta');
    expect(directives(header).get('frame-ancestors')).toEqual(["'none'"]);
    expect(meta).toBe(header.replace("; frame-ancestors 'none'", ''));
  });
});

describe('renderHeadersFile', () => {
  it('sets the security headers for every path, a year for hashed assets and revalidation for pages', () => {
    const { urls, routes } = policy({});
    const file = renderHeadersFile(site.settings, routes, urls);
    expect(file).toContain(`/*\n  Content-Security-Policy: ${createContentSecurityPolicy(site.settings, 'header')}\n`);
    for (const header of ['Referrer-Policy', 'X-Content-Type-Options: nosniff', 'Permissions-Policy']) expect(file).toContain(`  ${header}`);
    expect(file).toContain(`/assets/*\n  Cache-Control: ${CACHE_IMMUTABLE}\n`);
    for (const page of ['/', '/index.html', '/terms', '/terms.html', '/privacy-policy', '/404.html']) {
      expect(file).toContain(`\n${page}\n  Cache-Control: ${CACHE_REVALIDATE}\n`);
    }
  });

  it('puts the base in front of every path, and follows --format directory', () => {
    const { urls, routes } = policy({ base: '/sub/', format: 'directory' });
    const paths = createHeaderRules(site.settings, routes, urls).map((rule) => rule.path);
    expect(paths).toEqual(['/sub/*', '/sub/assets/*', '/sub/', '/sub/index.html', '/sub/terms/', '/sub/terms/index.html', '/sub/refund-policy/', '/sub/refund-policy/index.html', '/sub/privacy-policy/', '/sub/privacy-policy/index.html', '/sub/404.html']);
  });

  it('gives a noindex page (the thank-you page) the page rule at its URL too', () => {
    const urls = createUrlPolicy(resolveConfig({ root: PROJECT_ROOT, format: 'directory' }), site.settings.url);
    const routes = createRoutes(site, urls, [{ slug: 'thanks', title: 'Thank you', description: 'Thanks.', html: '', noindex: true }]);
    const rules = createHeaderRules(site.settings, routes, urls);
    expect(rules.find((rule) => rule.path === '/thanks/')?.headers).toEqual({ 'Cache-Control': CACHE_REVALIDATE });
    expect(rules.find((rule) => rule.path === '/thanks/index.html')?.headers).toEqual({ 'Cache-Control': CACHE_REVALIDATE });
  });

  it('sets Cache-Control once for any path, since hosts join repeated headers with a comma', () => {
    const { urls, routes } = policy({});
    const rules = createHeaderRules(site.settings, routes, urls).filter((rule) => 'Cache-Control' in rule.headers);
    const matches = (pattern: string, path: string) => (pattern.endsWith('*') ? path.startsWith(pattern.slice(0, -1)) : path === pattern);
    for (const path of ['/', '/terms', '/assets/site-X.css', '/assets/images/logo-1.avif', '/404.html']) {
      expect(rules.filter((rule) => matches(rule.path, path)), path).toHaveLength(1);
    }
  });
});
