/** esbuild's messages as SiteErrors, pointing at the template or stylesheet line that failed. */
import path from 'node:path';
import type { Message } from 'esbuild';
import { createCodeFrame, createError, type SiteError } from '../errors.ts';

export function fromEsbuildMessages(
  messages: Message[],
  root: string,
  code: 'TemplateBuildFailed' | 'AssetBuildFailed',
): SiteError[] {
  return messages.map((message) => {
    const location = message.location;
    const file = location
      ? path.relative(root, path.resolve(root, location.file)).split(path.sep).join('/')
      : undefined;
    const place = {
      file,
      line: location?.line,
      column: location ? location.column + 1 : undefined,
      frame: location
        ? createCodeFrame(location.lineText, 1, location.column + 1, 0).replace(/^> 1 \|/m, `> ${location.line} |`)
        : undefined,
    };
    const text = message.text;
    return code === 'TemplateBuildFailed'
      ? createError(code, { problem: 'compile', text }, place)
      : createError(code, { text }, place);
  });
}
