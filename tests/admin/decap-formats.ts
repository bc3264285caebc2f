/**
 * Decap CMS's own YAML and front-matter formats (decap-cms-core's formats/, the code the CMS runs
 * in the browser to read and write entries), bundled with esbuild for Node: the round trip uses
 * the real serializer, not an imitation.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import * as esbuild from 'esbuild';
import type { CmsFormat } from '../../src/admin/preview/list-format.ts';

export interface DecapFormat {
  fromFile(text: string): Record<string, unknown>;
  toFile(data: unknown, sortedKeys?: string[]): string;
}

const require = createRequire(import.meta.url);

export async function loadDecapFormats(): Promise<{ yaml: DecapFormat; frontmatter: DecapFormat }> {
  const formats = path.join(path.dirname(require.resolve('decap-cms-core/package.json')), 'dist', 'esm', 'formats');
  const result = await esbuild.build({
    stdin: {
      contents: `export { default as yaml } from './yaml'; export { FrontmatterInfer as frontmatter } from './frontmatter';`,
      resolveDir: formats,
    },
    bundle: true,
    write: false,
    platform: 'node',
    format: 'cjs',
    logLevel: 'silent',
  });
  const module = { exports: {} as Record<string, DecapFormat> };
  new Function('module', 'exports', 'require', result.outputFiles[0]!.text)(module, module.exports, require);
  return { yaml: module.exports.yaml!, frontmatter: module.exports.frontmatter! };
}

/** What Decap's backend does after toFile: one line break at the end. */
export function asSaved(format: DecapFormat | CmsFormat, data: unknown, sortedKeys: string[]): string {
  const text = (format as DecapFormat).toFile(data, sortedKeys);
  return text.endsWith('\n') ? text : `${text}\n`;
}
