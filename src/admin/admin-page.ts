/**
 * The admin page (/admin/index.html) and its Content-Security-Policy. Decap styles itself inline (emotion)
 * and compiles its schema at run time (ajv), so this policy allows inline styles and eval for its own
 * scripts; the public pages keep their own policy, as none of them loads the CMS.
 */
import type { PreviewData } from './preview/data.ts';

/** The admin's files, relative to /admin/. */
export const ADMIN = {
  folder: 'admin',
  cms: 'decap-cms.js',
  config: 'config.yml',
  style: 'admin.css',
} as const;

export function createAdminPolicy(delivery: 'header' | 'meta'): string {
  const directives: Array<[string, ...string[]]> = [
    ['default-src', "'self'"],
    ['script-src', "'self'", "'unsafe-eval'"],
    ['style-src', "'self'", "'unsafe-inline'"],
    [
      'img-src',
      "'self'",
      'data:',
      'blob:',
      'https://avatars.githubusercontent.com',
      'https://raw.githubusercontent.com',
    ],
    ['media-src', "'self'", 'blob:'],
    ['font-src', "'self'", 'data:'],
    ['connect-src', "'self'", 'blob:', 'https://api.github.com', 'https://raw.githubusercontent.com'],
    ['frame-src', "'self'", 'blob:'],
    ['worker-src', "'self'", 'blob:'],
    ['object-src', "'none'"],
    ['base-uri', "'self'"],
    ['form-action', "'self'"],
  ];
  if (delivery === 'header') directives.push(['frame-ancestors', "'none'"]);
  return directives.map((directive) => directive.join(' ')).join('; ');
}

/**
 * /admin/'s block of _headers: `! Name` (Cloudflare Pages; agency-site preview too) first takes away the
 * public policy and the opener policy, which would cut the GitHub sign-in window off from the CMS.
 */
export function renderAdminHeaders(urls: { base: string }): string {
  return [
    `${urls.base}${ADMIN.folder}/*`,
    '  ! Content-Security-Policy',
    '  ! Cross-Origin-Opener-Policy',
    `  Content-Security-Policy: ${createAdminPolicy('header')}`,
    '  Cross-Origin-Opener-Policy: same-origin-allow-popups',
    '  X-Robots-Tag: noindex, nofollow',
    '  Cache-Control: no-cache',
  ].join('\n');
}

/** Inside a <script type="application/json">: nothing may close the element or start a comment. */
function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');
}

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

export function renderAdminPage(options: {
  title: string;
  language: string;
  /** The site's base path: every link of the page is absolute under it. */
  base: string;
  preview: string;
  data: PreviewData;
}): string {
  const { title, language, preview, data } = options;
  const at = (file: string) => escapeAttribute(`${options.base}${ADMIN.folder}/${file}`);
  return `<!DOCTYPE html>
<html lang="${escapeAttribute(language)}">
<head>
<meta charset="utf-8" />
<meta name="viewport" content="width=device-width, initial-scale=1" />
<meta http-equiv="Content-Security-Policy" content="${escapeAttribute(createAdminPolicy('meta'))}" />
<meta name="robots" content="noindex, nofollow" />
<meta name="referrer" content="same-origin" />
<link rel="icon" href="data:," />
<title>${escapeAttribute(title)}</title>
<link rel="cms-config-url" type="text/yaml" href="${at(ADMIN.config)}" />
<link rel="stylesheet" href="${at(ADMIN.style)}" />
<script type="application/json" id="agency-site-data">${jsonForScript(data)}</script>
<script src="${at(preview)}"></script>
<script src="${at(ADMIN.cms)}"></script>
</head>
<body></body>
</html>
`;
}
