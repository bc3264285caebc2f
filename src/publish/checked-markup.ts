/**
 * What the build publishes of an HTML page or SVG from public/: the checker's own serialisation of the
 * tree it parsed, never the original bytes, so a browser that parses those differently still sees only
 * what the check saw. A page whose serialisation parses into another tree (mutation XSS) is refused.
 */
import { Parser } from 'htmlparser2';
import type { OutputFile } from '../output/plan.ts';
import { type DefaultTreeAdapterMap, defaultTreeAdapter, html, parse, serialize } from 'parse5';

type Element = DefaultTreeAdapterMap['element'];

/** parse5's serialisation of the page, or undefined when reading that serialisation again gives another tree. */
export function serializeCheckedHtml(text: string): string | undefined {
  const serialized = serialize(parse(text));
  return serialize(parse(serialized)) === serialized ? serialized : undefined;
}

/**
 * The checked page with its encoding declared first (a browser looks only in the first 1,024 bytes), then
 * the site's policy, so that a host that sends no headers still enforces it.
 */
export function addPagePolicy(checked: string, policy: string): string {
  const document = parse(checked);
  const root = document.childNodes.find((node): node is Element => 'tagName' in node && node.tagName === 'html');
  const head = root?.childNodes.find((node): node is Element => 'tagName' in node && node.tagName === 'head');
  if (!head) return checked;
  for (const node of [...head.childNodes])
    if ('tagName' in node && node.tagName === 'meta' && node.attrs.some((attribute) => attribute.name === 'charset'))
      defaultTreeAdapter.detachNode(node);
  const meta = (attrs: Array<{ name: string; value: string }>) =>
    defaultTreeAdapter.createElement('meta', html.NS.HTML, attrs);
  const first = head.childNodes[0];
  const added = [
    meta([{ name: 'charset', value: 'utf-8' }]),
    meta([
      { name: 'http-equiv', value: 'Content-Security-Policy' },
      { name: 'content', value: policy },
    ]),
  ];
  for (const node of added)
    if (first) defaultTreeAdapter.insertBefore(head, node, first);
    else defaultTreeAdapter.appendChild(head, node);
  return serialize(document);
}

/** public/'s files with the site's policy in each checked page (the others as they are). */
export function withPagePolicy(files: OutputFile[], policy: string): OutputFile[] {
  return files.map((file) => {
    if (file.checked !== 'html' || typeof file.contents !== 'string') return file;
    const contents = addPagePolicy(file.contents, policy);
    return { ...file, contents, size: Buffer.byteLength(contents) };
  });
}

/** An SVG as the checker's XML reading saw it, written out again, or why it is not well-formed XML. */
export type SerializedSvg = { text: string } | { problem: string; index: number };

/** Plain XML names only: a name a browser's XML parser would split or refuse is not one. */
const XML_NAME = /^[A-Za-z_][\w.-]*(:[A-Za-z_][\w.-]*)?$/;
/** What XML 1.0 does not allow in a document: a browser stops reading at the first one. */
const NOT_XML =
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/**
 * The SVG as htmlparser2's XML mode reads it (the reading the checker judges), written as well-formed XML
 * (every value escaped; no comments, DOCTYPE or processing instruction), so a browser reads exactly this tree.
 */
export function serializeCheckedSvg(text: string): SerializedSvg {
  const forbidden = NOT_XML.exec(text);
  if (forbidden) return { problem: 'a character that XML does not allow', index: forbidden.index };
  const out: string[] = [];
  /** Each open element and where its tag starts, to point at one that is never closed. */
  const starts: Array<{ name: string; at: number }> = [];
  let open = false;
  let problem: { problem: string; index: number } | undefined;
  const refuse = (what: string) => {
    problem ??= { problem: what, index: parser.startIndex };
  };
  const closeStart = () => {
    if (open) out.push('>');
    open = false;
  };
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        closeStart();
        const names = [name, ...Object.keys(attributes)];
        const bad = names.find((each) => !XML_NAME.test(each));
        if (bad !== undefined) refuse(`a name that is not plain XML (${bad.slice(0, 40)})`);
        // A character reference decodes to what the file could not hold as it is.
        if (Object.values(attributes).some((value) => NOT_XML.test(value)))
          refuse('a character that XML does not allow');
        starts.push({ name, at: parser.startIndex });
        out.push(`<${name}`);
        for (const [key, value] of Object.entries(attributes)) out.push(` ${key}="${escapeXml(value, true)}"`);
        open = true;
      },
      ontext(data) {
        if (NOT_XML.test(data)) refuse('a character that XML does not allow');
        closeStart();
        out.push(escapeXml(data, false));
      },
      onclosetag(name, isImplied) {
        // A tag cut off by the end of the file is closed without being opened: it starts at the last `<`.
        const start = starts.at(-1)?.name === name ? starts.pop()!.at : text.lastIndexOf('<');
        // Closed by the end of the file or by another element's end tag (not by its own `/>`):
        // a browser's XML parser stops there.
        const selfClosing = text.slice(parser.startIndex, parser.endIndex + 1).endsWith('/>');
        if (isImplied && !selfClosing) problem ??= { problem: `the element <${name}> is never closed`, index: start };
        if (open) out.push('/>');
        else out.push(`</${name}>`);
        open = false;
      },
    },
    { xmlMode: true, decodeEntities: true },
  );
  parser.end(text);
  return problem ?? { text: out.join('') };
}

function escapeXml(value: string, attribute: boolean): string {
  const escaped = value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/\r/g, '&#13;');
  // An XML parser turns a tab or line feed in an attribute into a space; as references they stay what was checked.
  return attribute ? escaped.replace(/"/g, '&quot;').replace(/\t/g, '&#9;').replace(/\n/g, '&#10;') : escaped;
}
