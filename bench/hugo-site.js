/** The Hugo side of the comparisons (bench/compare.js, bench/warm.js): the corpus under one layout. */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { writeCorpus } from './corpus.js';

export const LAYOUT_HEAD = '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>';

/** One layout, every page of the corpus, nothing else: what Hugo needs to build the same pages. */
export function createHugoSite(folder, count) {
  mkdirSync(path.join(folder, 'layouts', '_default'), { recursive: true });
  writeFileSync(
    path.join(folder, 'config.toml'),
    'baseURL = "https://example.com/"\ntitle = "Bench"\ndisableKinds = ["taxonomy", "term", "RSS", "sitemap", "robotsTXT", "home", "section", "404"]\n',
  );
  writeFileSync(
    path.join(folder, 'layouts', '_default', 'single.html'),
    `${LAYOUT_HEAD}{{ .Title }}</title><meta name="description" content="{{ .Description }}"></head><body><main><h1>{{ .Title }}</h1>{{ .Content }}</main></body></html>\n`,
  );
  writeCorpus(path.join(folder, 'content', 'pages'), count);
}
