/**
 * copyProject with a warm image cache: the images are encoded once per test worker instead of
 * once per test. The cache is keyed by the source bytes' hash and the encoder settings, so
 * sharing it changes no output; tests about the image cache itself use copyProject.
 */
import { rmSync } from 'node:fs';
import { cp } from 'node:fs/promises';
import { buildSite } from '../../src/build.ts';
import { resolveConfig } from '../../src/config.ts';
import { copyProject, type TempProject } from './project.ts';

let seed: Promise<string> | undefined;

export async function copyWarmProject(prefix?: string): Promise<TempProject> {
  seed ??= (async () => {
    const project = await copyProject('agency-site-warm-seed-');
    process.once('exit', () => rmSync(project.root, { recursive: true, force: true }));
    const config = resolveConfig({ root: project.root });
    await buildSite(config, { write: false });
    return config.cacheDir;
  })();
  const project = await copyProject(prefix);
  await cp(await seed, resolveConfig({ root: project.root }).cacheDir, { recursive: true });
  return project;
}
