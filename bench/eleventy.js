/**
 * Eleventy for bench/cold-gate.js: installed from npm into a folder outside the project (once), and
 * the corpus as a one-layout Eleventy site, as bench/compare.js makes them.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { writeCorpus } from './corpus.js';

/** ELEVENTY_VERSION (default 3.1.7, the version issue 22's goal names). */
export const ELEVENTY_VERSION = process.env.ELEVENTY_VERSION ?? '3.1.7';
/** Kept between runs so Eleventy is installed once; outside the project (the folder bench/compare.js uses). */
const toolsFolder = path.join(os.tmpdir(), 'agency-site-bench-tools');
const LAYOUT_HEAD = '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>';

/** Eleventy's command, or undefined (said so) when it cannot be installed. */
export function installEleventy() {
  const folder = path.join(toolsFolder, `eleventy-${ELEVENTY_VERSION}`);
  const cmd = path.join(folder, 'node_modules', '@11ty', 'eleventy', 'cmd.cjs');
  if (existsSync(cmd)) return cmd;
  mkdirSync(folder, { recursive: true });
  writeFileSync(
    path.join(folder, 'package.json'),
    JSON.stringify({ private: true, name: 'eleventy-bench', type: 'module' }),
  );
  console.log(`Installing @11ty/eleventy@${ELEVENTY_VERSION} into ${folder} (not into the project)...`);
  const install = spawnSync(
    'npm',
    ['install', '--no-audit', '--no-fund', '--no-save', `@11ty/eleventy@${ELEVENTY_VERSION}`],
    { cwd: folder, stdio: 'inherit' },
  );
  if (install.status !== 0 || !existsSync(cmd)) {
    console.log('Eleventy could not be installed, so there is no Eleventy column.');
    return undefined;
  }
  return cmd;
}

/** One Liquid layout, every page of the corpus; Markdown is not run through a template engine first. */
export function createEleventySite(folder, count) {
  mkdirSync(path.join(folder, '_includes'), { recursive: true });
  writeFileSync(
    path.join(folder, 'eleventy.config.js'),
    "export default function () {\n  return { dir: { input: '.', output: '_site', includes: '_includes' }, markdownTemplateEngine: false };\n}\n",
  );
  writeFileSync(
    path.join(folder, '_includes', 'layout.liquid'),
    `${LAYOUT_HEAD}{{ title }}</title><meta name="description" content="{{ description }}"></head><body><main><h1>{{ title }}</h1>{{ content }}</main></body></html>\n`,
  );
  writeFileSync(path.join(folder, 'package.json'), JSON.stringify({ private: true, type: 'module' }));
  writeCorpus(path.join(folder, 'pages'), count);
  writeFileSync(path.join(folder, 'pages', 'pages.json'), JSON.stringify({ layout: 'layout.liquid' }));
}
