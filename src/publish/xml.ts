/** Text and attribute values for the XML this generator writes (sitemap.xml, the share image's SVG). */

/**
 * What XML 1.0 does not allow anywhere, even as a reference: a feed reader stops at the first one.
 * Text fields refuse them at their line (NO_CONTROL); a Markdown body's text may still hold them.
 */
const NOT_XML = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ud800-\udfff\ufffe\uffff]/gu;

/** Escapes the five characters XML reserves, so the text is safe in content and in quoted attributes. */
export function escapeXml(text: string): string {
  return text
    .replace(NOT_XML, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}
