/** How the pipeline's larger values are kept in the disk cache. */
import type { RenderedMarkdown } from '../markdown/processor.ts';
import { textOf } from './disk.ts';
import type { Codec } from './store.ts';

/**
 * A result as the store keeps it on disk: a NUL, the JSON of everything but the HTML (one line:
 * JSON escapes newlines), a newline, then the HTML itself, the same string the page is rendered
 * from (as JSON, a cold build held a second copy of every body's HTML until the cache was saved).
 */
export const renderedCodec: Codec<RenderedMarkdown> = {
  encode: ({ html, ...rest }) => `\0${JSON.stringify(rest)}\n${html}`,
  decode(bytes) {
    const end = bytes.indexOf(10);
    const rest = JSON.parse(textOf(bytes, 1, end)) as Omit<RenderedMarkdown, 'html'>;
    return { ...rest, html: textOf(bytes, end + 1) };
  },
};
