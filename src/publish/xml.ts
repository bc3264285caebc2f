/** Text and attribute values for the XML this generator writes (sitemap.xml, the share image's SVG). */

/** Escapes the five characters XML reserves, so the text is safe in content and in quoted attributes. */
export function escapeXml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}
