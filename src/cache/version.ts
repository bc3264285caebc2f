/**
 * The generator's version as the build cache sees it: the package version plus the hash of its sources,
 * so a changed generator never reuses what an older one cached. The bundled CLI gets the hash from the
 * bundle (src/bundle.js defines it); run from source (tests), the sources are hashed here, once.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import packageJson from '../../package.json' with { type: 'json' };

declare const __AGENCY_SITE_SOURCE_HASH__: string | undefined;

export const GENERATOR_VERSION = `${packageJson.version}+${typeof __AGENCY_SITE_SOURCE_HASH__ === 'string' ? __AGENCY_SITE_SOURCE_HASH__ : hashSources()}`;

function hashSources(): string {
  const folder = fileURLToPath(new URL('..', import.meta.url));
  const hash = createHash('sha256');
  for (const name of readdirSync(folder, { recursive: true }).map(String).sort()) {
    if (/\.(ts|tsx|js|json)$/.test(name))
      hash
        .update(`${name}\0`)
        .update(readFileSync(`${folder}/${name}`))
        .update('\0');
  }
  return `source-${hash.digest('hex').slice(0, 16)}`;
}
