/**
 * The site file's url, read first because it decides the base, as the build reads it (readInside, the
 * same YAML parser), so a link to a device or to a file elsewhere is never read. A cold YAML parse is
 * slow, so the answer is kept in the cache folder under the hash of the file's text and the generator.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { GENERATOR_VERSION } from './cache/version.ts';
import { decodeText, MAX_CONTENT_BYTES } from './content/decode.ts';
import { parseYaml } from './content/yaml.ts';
import { readInside } from './project-paths.ts';

const KEPT_FILE = 'site-url.json';

interface KeptUrl {
  key: string;
  url: string | null;
}

/** `cacheDir`: where the last answer is kept; undefined (--no-cache): parsed every time, nothing kept. */
export function readSiteUrl(contentDir: string, cacheDir: string | undefined): string | undefined {
  const file = 'content/site.yaml';
  let text: string;
  try {
    text = decodeText(readInside(contentDir, path.join(contentDir, 'site.yaml'), file, MAX_CONTENT_BYTES), file);
  } catch {
    return undefined;
  }
  if (cacheDir === undefined) return urlOf(text, file);
  const key = createHash('sha256').update(`${GENERATOR_VERSION}\0${text}`).digest('base64url');
  const kept = readKept(path.join(cacheDir, KEPT_FILE));
  if (kept?.key === key) return kept.url ?? undefined;
  const url = urlOf(text, file);
  writeKept(path.join(cacheDir, KEPT_FILE), { key, url: url ?? null });
  return url;
}

function urlOf(text: string, file: string): string | undefined {
  try {
    const data = parseYaml(text, { file, source: text, lineOffset: 0, syntaxCode: 'YamlSyntax' }).data;
    const url: unknown = (data as { url?: unknown } | null)?.url;
    return typeof url === 'string' && URL.canParse(url) ? url : undefined;
  } catch {
    return undefined;
  }
}

function readKept(file: string): KeptUrl | undefined {
  try {
    const kept = JSON.parse(readFileSync(file, 'utf8')) as KeptUrl;
    return typeof kept.key === 'string' && (typeof kept.url === 'string' || kept.url === null) ? kept : undefined;
  } catch {
    return undefined;
  }
}

/** Renamed into place whole; one that cannot be written only means the next start parses again. */
function writeKept(file: string, kept: KeptUrl): void {
  const staging = `${file}.${process.pid}.tmp`;
  try {
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(staging, JSON.stringify(kept));
    renameSync(staging, file);
  } catch {
    try {
      rmSync(staging, { force: true });
    } catch {
      // A folder that cannot be written in holds no staging file either.
    }
  }
}
