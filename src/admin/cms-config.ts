/**
 * The CMS's config.yml, made from the content kinds (src/content/kinds.ts), so a kind or a field added
 * there reaches the CMS with no code here. With a repository in site.yaml the backend is GitHub with the
 * editorial workflow; without one, only the local backend of `agency-site dev` edits.
 */
import { readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { stringify } from 'yaml';
import { type ContentKind, type FileKind, type FolderKind, KINDS } from '../content/kinds.ts';
import { type CmsField, fieldOf, fieldsOf, labelOf, MARKDOWN, unwrap } from './widgets.ts';

/** Where uploads go in the repository, and the site path they are served at. */
export const UPLOADS = { folder: 'public/images/uploads', path: '/images/uploads' } as const;
/** The format the admin page registers for a YAML file whose top level is a list (stats.yaml). */
export const LIST_FORMAT = 'yaml-list';
/**
 * The format the admin page registers for every collection (src/admin/preview/kept-formats.ts):
 * a save edits the file's text where its fields changed, with GitHub as with the local backend.
 */
export const KEPT_FORMAT = 'kept';
/** The field such a file's list is edited in. */
export const LIST_FIELD = 'items';

export interface CmsRepository {
  /** owner/name on GitHub. */
  repo: string;
  branch: string;
  /** The OAuth proxy's address (Decap's base_url); absent: Netlify's. */
  authUrl?: string;
}

interface Collection {
  name: string;
  label: string;
  [key: string]: unknown;
}

/** What the site file says of the CMS: its repository, and the site's address. */
type SiteOptions = { repository?: CmsRepository; siteUrl?: string };

export function createCmsConfig(
  kinds: Readonly<Record<string, ContentKind>>,
  options: SiteOptions = {},
): Record<string, unknown> {
  return { ...cmsBackend(options), ...cmsCollections(kinds) };
}

/** The part of config.yml that the site file decides: where saves go, and the site's address. */
function cmsBackend({ repository, siteUrl }: SiteOptions): Record<string, unknown> {
  return {
    backend: repository
      ? {
          ...{ name: 'github', repo: repository.repo, branch: repository.branch },
          ...(repository.authUrl ? { base_url: repository.authUrl } : {}),
        }
      : // The local backend replaces it in dev; anywhere else the CMS says it cannot reach one.
        { name: 'proxy', proxy_url: 'http://localhost:8081/api/v1', branch: 'main' },
    ...(repository ? { publish_mode: 'editorial_workflow' } : {}),
    ...(siteUrl ? { site_url: siteUrl, display_url: siteUrl } : {}),
  };
}

/** The part the kinds decide: the uploads and the collections, the same for every site of one generator. */
function cmsCollections(kinds: Readonly<Record<string, ContentKind>>): Record<string, unknown> {
  const entries = Object.entries(kinds);
  const files = entries.flatMap(([name, kind]) => ('file' in kind ? [fileEntry(name, kind)] : []));
  const folders = entries.flatMap(([name, kind]) => ('folder' in kind ? [folderCollection(name, kind)] : []));
  return {
    media_folder: UPLOADS.folder,
    public_folder: UPLOADS.path,
    collections: [
      { name: 'site', label: 'Site', format: KEPT_FORMAT, editor: { preview: true }, files },
      ...folders.map((folder) => ({ ...folder, format: KEPT_FORMAT })),
    ],
  };
}

const HEADER = '# Made by agency-site from the content schemas: edit the schemas, not this file.\n';
const yamlOf = (value: Record<string, unknown>) => stringify(value, { lineWidth: 0 });

export function renderCmsConfig(config: Record<string, unknown>): string {
  return `${HEADER}${yamlOf(config)}`;
}

/**
 * config.yml for the generator's own kinds. Their collections are the same for every site, so their YAML is
 * kept beside the bundled CLI (installCmsCollections); run from source, it is made once a process.
 */
export function renderShippedCmsConfig(options: SiteOptions): string {
  shipped ??= readInstalled() ?? installCmsCollections();
  return `${HEADER}${yamlOf(cmsBackend(options))}${shipped}`;
}

let shipped: string | undefined;
const installedFile = () => fileURLToPath(new URL('./cms-collections.yml', import.meta.url));
declare const __AGENCY_SITE_SOURCE_HASH__: string | undefined;

/** Only in the bundled CLI's folder, which is named by the hash of the sources that wrote it. */
function readInstalled(): string | undefined {
  if (typeof __AGENCY_SITE_SOURCE_HASH__ !== 'string') return undefined;
  try {
    const text = readFileSync(installedFile(), 'utf8');
    return text.startsWith('media_folder:') ? text : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The collections' YAML, written beside the bundled CLI by npm's prepare step (src/admin/install-preview.ts)
 * or by the first build of a bundle made at start; a folder that cannot be written only means each build makes it.
 */
export function installCmsCollections(): string {
  const text = yamlOf(cmsCollections(KINDS));
  if (typeof __AGENCY_SITE_SOURCE_HASH__ !== 'string') return text;
  const file = installedFile();
  try {
    writeFileSync(`${file}.tmp-${process.pid}`, text);
    renameSync(`${file}.tmp-${process.pid}`, file);
  } catch {
    rmSync(`${file}.tmp-${process.pid}`, { force: true });
  }
  return text;
}

function fileEntry(name: string, kind: FileKind): Record<string, unknown> {
  const entry = { name, label: kind.label ?? labelOf(name), file: `content/${kind.file}` };
  const { inner } = unwrap(kind.schema);
  if (kind.format === 'yaml' && inner instanceof z.ZodArray) {
    // A list at the top of the file: edited as one list field, written back as the list alone.
    return { ...entry, format: LIST_FORMAT, fields: [{ ...fieldOf(LIST_FIELD, kind.schema), label: entry.label }] };
  }
  return { ...entry, ...formatOf(kind), fields: withBody(kind, fieldsOf(inner)) };
}

function folderCollection(name: string, kind: FolderKind): Collection {
  const fields = withBody(kind, fieldsOf(unwrap(kind.schema).inner));
  return {
    name,
    label: kind.label ?? labelOf(name),
    label_singular: kind.entry,
    folder: `content/${kind.folder}`,
    extension: 'md',
    ...formatOf(kind),
    create: true,
    slug: '{{slug}}',
    identifier_field: fields.some((field) => field.name === 'title') ? 'title' : fields[0]!.name,
    ...(fields.some((field) => field.name === 'order') ? { sortable_fields: ['order', 'title'] } : {}),
    fields,
  };
}

function formatOf(kind: ContentKind): Record<string, string> {
  return kind.format === 'yaml' ? { format: 'yaml' } : { format: 'frontmatter' };
}

function withBody(kind: ContentKind, fields: CmsField[]): CmsField[] {
  if (kind.body !== 'text') return fields;
  const hint = 'The text of the page: GitHub-flavoured Markdown, as GitHub shows it.';
  return [...fields, { name: 'body', label: 'Text', ...MARKDOWN, hint }];
}
