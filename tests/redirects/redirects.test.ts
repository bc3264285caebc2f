import { describe, expect, it } from 'vitest';
import { pageKey, renderRedirectsFile } from '../../src/redirects/redirects.ts';

describe('redirects', () => {
  it('takes /a, /a/, /a.html and /a/index.html for one page', () => {
    expect(['/a', '/a/', '/a.html', '/a/index.html'].map(pageKey)).toEqual(['/a', '/a', '/a', '/a']);
    expect(['/', '/index.html'].map(pageKey)).toEqual(['/', '/']);
  });

  it('writes _redirects as Netlify and Cloudflare Pages read it, old paths under the base', () => {
    const text = renderRedirectsFile(
      [
        { from: '/old', to: '/new', status: 301, href: '/sub/new/', absolute: '' },
        {
          from: '/promo.html',
          to: 'https://shop.example.com/',
          status: 302,
          href: 'https://shop.example.com/',
          absolute: '',
        },
      ],
      { base: '/sub/' },
    );
    expect(text.split('\n').slice(1)).toEqual([
      '/sub/old /sub/new/ 301',
      '/sub/promo.html https://shop.example.com/ 302',
      '',
    ]);
  });
});
