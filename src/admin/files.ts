/**
 * createAdminFiles(input): the files of /admin/: the page, config.yml made from the schemas, the
 * page's preview script, and Decap CMS's own bundle, copied from node_modules as npm installed it
 * (never fetched from a CDN). Nothing here is linked from a public page, nor in the sitemap.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { HOME_DEFAULT_IDS } from '../content/home.ts';
import { KINDS, type ContentKind } from '../content/kinds.ts';
import type { SiteFile, Stat } from '../content/schema.ts';
import type { OutputFile } from '../output/plan.ts';
import { stampOf, vouchesSince } from '../file-stamp.ts';
import { clockNs } from '../racy.ts';
import {
  createCmsConfig,
  KEPT_FORMAT,
  LIST_FIELD,
  LIST_FORMAT,
  renderCmsConfig,
  renderShippedCmsConfig,
  type CmsRepository,
} from './cms-config.ts';
import { findToolRoot } from './preview-bundle.ts';
import { ADMIN, renderAdminPage } from './admin-page.ts';
import type { PreviewEntries } from './preview/data.ts';

export interface AdminInput {
  kinds: Readonly<Record<string, ContentKind>>;
  settings: SiteFile & { cms?: CmsRepository };
  stats: Stat[];
  /** home.yaml's sections as written: the copy the previews of services, portfolio and stats show around an entry. */
  homeSections: Array<Record<string, unknown>>;
  base: string;
  /** The site's stylesheet as a URL path (base included). */
  stylesheet: string;
  /** The bundled preview script (buildAdminPreview). */
  preview: string;
  /** What the shipped home sections show from other files (createPreviewEntries). */
  entries: PreviewEntries;
}

function cmsConfigText(kinds: AdminInput['kinds'], settings: AdminInput['settings']): string {
  const options = { repository: settings.cms, siteUrl: settings.url };
  return kinds === KINDS ? renderShippedCmsConfig(options) : renderCmsConfig(createCmsConfig(kinds, options));
}

/** The preview script's name, by a hash of all of it: the caller keeps the name while the script is the same. */
export function previewFileName(code: string): string {
  return `preview-${createHash('sha256').update(code).digest('hex').slice(0, 8)}.js`;
}

export function createAdminFiles(input: AdminInput): OutputFile[] {
  const { settings } = input;
  const configText = cmsConfigText(input.kinds, settings);
  const preview = previewFileName(input.preview);
  const data = {
    settings,
    stats: input.stats,
    homeSections: input.homeSections,
    base: input.base,
    stylesheet: input.stylesheet,
    listFormat: LIST_FORMAT,
    listField: LIST_FIELD,
    keptFormat: KEPT_FORMAT,
    sectionIds: HOME_DEFAULT_IDS,
    entries: input.entries,
  };
  const at = (file: string) => `${ADMIN.folder}/${file}`;
  return [
    {
      path: at('index.html'),
      contents: renderAdminPage({
        title: `Content manager | ${settings.name}`,
        language: settings.language,
        base: input.base,
        preview,
        data,
      }),
    },
    { path: at(ADMIN.config), contents: configText },
    { path: at(preview), contents: input.preview },
    { path: at(ADMIN.style), contents: adminStyle() },
    ...cmsBundle().map((file) => ({ ...file, path: at(file.path) })),
  ];
}

/** The stylesheet and Decap's bundle are the generator's own, the same for every build: read once per process. */
let style: Buffer | undefined;

/** src/admin/admin.css, beside this module in src/ (tests) or found from the compiled CLI. */
function adminStyle(): Buffer {
  style ??= readFileSync(path.join(findToolRoot(), 'src', 'admin', ADMIN.style));
  return style;
}

let bundle: OutputFile[] | undefined;

/**
 * decap-cms's dist (the main script, its chunks and WebAssembly), read once per process. Each file's key is its
 * stamp, taken before the read, so warm builds need not compare it; a file whose stamp cannot vouch for it
 * (src/file-stamp.ts) has no key and is compared.
 */
function cmsBundle(): OutputFile[] {
  if (bundle) return bundle;
  const dist = path.join(path.dirname(createRequire(import.meta.url).resolve('decap-cms/package.json')), 'dist');
  const vouches = vouchesSince(clockNs());
  bundle = readdirSync(dist)
    .filter((name) => name === ADMIN.cms || /^\d+\.decap-cms\.js$/.test(name) || name.endsWith('.wasm'))
    .sort()
    .map((name) => {
      const file = path.join(dist, name);
      const stats = statSync(file);
      return {
        path: name,
        contents: readFileSync(file),
        ...(vouches(stats) && { key: `decap-cms ${stampOf(stats)}` }),
      };
    });
  return bundle;
}
