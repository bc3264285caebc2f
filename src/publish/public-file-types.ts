/**
 * Which files public/ may hold: types a browser shows or plays but never runs, and HTML and SVG after a
 * parser has read them. Scripts, XML (it can carry XHTML scripts or XSLT), WebAssembly and hosts' config
 * files are refused by name; `--allow-scripts` admits them, except the two files the build writes itself.
 */
import path from 'node:path';
import { createError, type SiteError } from '../errors.ts';

export type PublicFileKind =
  | { type: 'copy' }
  | { type: 'html' }
  | { type: 'svg' }
  | { type: 'refused'; what: string; hint: string };

/** Shown, played or downloaded by a browser; never run. */
const INERT_EXTENSIONS = new Set([
  // images and icons
  '.png',
  '.jpg',
  '.jpeg',
  '.gif',
  '.webp',
  '.avif',
  '.apng',
  '.ico',
  '.cur',
  '.bmp',
  '.tif',
  '.tiff',
  '.jxl',
  '.heic',
  '.heif',
  // fonts
  '.woff',
  '.woff2',
  '.ttf',
  '.otf',
  '.eot',
  // documents, text and manifests
  '.pdf',
  '.txt',
  '.md',
  '.csv',
  '.tsv',
  '.vtt',
  '.srt',
  '.css',
  '.json',
  '.webmanifest',
  // media
  '.mp4',
  '.m4v',
  '.webm',
  '.ogv',
  '.mov',
  '.mp3',
  '.m4a',
  '.aac',
  '.oga',
  '.ogg',
  '.opus',
  '.wav',
  '.flac',
]);

const HOST_FILE_HINT =
  'Static hosts read this file to run code or rewrite requests for the whole site, so a pull request may not add it.';

/** Files that static hosts (Cloudflare Pages, Netlify, Vercel, Azure, Firebase) read as configuration or run as code. */
const HOST_FILES: Record<string, { what: string; hint: string }> = {
  _redirects: {
    what: "the host's redirect rules",
    hint: 'Put redirects in content/redirects.yaml: the build writes _redirects (and a page for each old path) from it.',
  },
  _headers: {
    what: "the host's header rules",
    hint: 'The build writes _headers itself (security headers and cache rules); remove this file from public/.',
  },
  '_worker.js': {
    what: 'a Cloudflare Pages worker, which runs on every request with the project’s secrets',
    hint: `${HOST_FILE_HINT} Server code belongs in the host's own functions folder, outside public/.`,
  },
  '_routes.json': { what: 'the Cloudflare Pages routing rules', hint: HOST_FILE_HINT },
  'vercel.json': { what: 'Vercel configuration', hint: HOST_FILE_HINT },
  'now.json': { what: 'Vercel configuration', hint: HOST_FILE_HINT },
  'serve.json': { what: 'server configuration', hint: HOST_FILE_HINT },
  'staticwebapp.config.json': { what: 'Azure Static Web Apps configuration', hint: HOST_FILE_HINT },
  'routes.json': { what: 'Azure Static Web Apps routing rules', hint: HOST_FILE_HINT },
  'firebase.json': { what: 'Firebase Hosting configuration', hint: HOST_FILE_HINT },
};

/** The files the build writes itself: refused even from a trusted repository. */
const BUILT_FILES = new Set(['_redirects', '_headers']);

const SCRIPT_HINT =
  'Files in public/ are served from the site’s own address, where a script could act for the site. Put browser code in templates/browser/ (it is bundled and named in the Content-Security-Policy); if the repository is trusted, build with --allow-scripts (README: Security).';

export function classifyPublicFile(relative: string, allowScripts: boolean): PublicFileKind {
  // GitHub Pages reads its custom domain from this plain-text file; no host runs it.
  if (relative === 'CNAME') return { type: 'copy' };
  const parts = relative.toLowerCase().split('/');
  const hostFile = parts.find((part) => Object.hasOwn(HOST_FILES, part));
  if (hostFile && (!allowScripts || BUILT_FILES.has(hostFile))) return { type: 'refused', ...HOST_FILES[hostFile]! };
  const extension = path.posix.extname(parts.at(-1)!);
  // SVGs are images, which never need a script: they are checked even in a trusted repository.
  if (extension === '.svg') return { type: 'svg' };
  if (allowScripts) return { type: 'copy' };
  if (extension === '.html' || extension === '.htm') return { type: 'html' };
  if (INERT_EXTENSIONS.has(extension)) return { type: 'copy' };
  return { type: 'refused', ...describeRefused(extension) };
}

function describeRefused(extension: string): { what: string; hint: string } {
  if (['.js', '.mjs', '.cjs', '.jsx', '.ts', '.tsx'].includes(extension))
    return { what: 'a script', hint: SCRIPT_HINT };
  if (extension === '.wasm') return { what: 'WebAssembly code', hint: SCRIPT_HINT };
  if (['.xml', '.xht', '.xhtml', '.xsl', '.xslt', '.rss', '.atom'].includes(extension)) {
    return {
      what: 'an XML document, which a browser may run as XHTML or transform with a style sheet',
      hint: 'Serve the page as .html (it is then checked for scripts), or export the image as .svg; the build writes sitemap.xml and the feeds itself.',
    };
  }
  if (extension === '.svgz') {
    return { what: 'a compressed SVG, which cannot be checked', hint: 'Save it as plain .svg.' };
  }
  return {
    what: extension ? `a ${extension} file, not a type public/ publishes` : 'a file without an extension',
    hint: 'public/ publishes images, fonts, PDF, plain text, icons, manifests, media, and HTML and SVG without scripts. Give the file the extension of its type, or remove it.',
  };
}

export function refusedType(shown: string, kind: Extract<PublicFileKind, { type: 'refused' }>): SiteError {
  return createError('PublicFileType', { shown, what: kind.what, next: kind.hint }, { file: shown });
}
