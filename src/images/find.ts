/**
 * The images a Markdown body shows (`![alt](src)` and `![alt][ref]`), with where they were
 * written: plain data, so the Markdown step's workers and cache carry it beside the HTML, and the
 * load can check each one (file in public/, alt text) at its line.
 */
import type { Definition, Image, ImageReference, Nodes, Root } from 'mdast';

export interface MarkdownImage {
  /** As written (a reference's definition resolved). */
  src: string;
  alt: string;
  /** 1-based, in the Markdown given. */
  line: number;
  column: number;
}

/** URLs the sanitizer removes (and reports) itself: not images to check here. */
const DROPPED = /^\s*(?:javascript|data|vbscript):/i;

export function findMarkdownImages(tree: Root): MarkdownImage[] {
  const definitions = new Map<string, Definition>();
  const found: Array<{ node: Image | ImageReference; src?: string }> = [];
  // One walk: a definition may come after the reference that uses it.
  const visit = (node: Nodes) => {
    if (node.type === 'definition') definitions.set(node.identifier, node);
    else if (node.type === 'image') found.push({ node, src: node.url });
    else if (node.type === 'imageReference') found.push({ node });
    if ('children' in node) for (const child of node.children) visit(child);
  };
  visit(tree);
  return found.flatMap(
    ({ node, src = node.type === 'imageReference' ? definitions.get(node.identifier)?.url : undefined }) => {
      // A reference without a definition is rendered as the text it is.
      if (src === undefined || DROPPED.test(src)) return [];
      const start = node.position?.start ?? { line: 1, column: 1 };
      return [{ src, alt: node.alt ?? '', line: start.line, column: start.column }];
    },
  );
}
