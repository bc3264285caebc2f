/**
 * scanHtml: what the site check needs from one page (its element ids, the links and files it
 * references, its canonical URL), read by htmlparser2's tokenizer the way a browser reads
 * attributes: any quoting, any case, every character reference decoded, nothing from text,
 * comments or other attributes.
 */
import { Parser } from 'htmlparser2';

export interface PageReference {
  /** href, src, srcset or poster, in lower case. */
  attribute: string;
  value: string;
}

export interface HtmlScan {
  ids: string[];
  /** Ids that a second element of the page has too, once each. */
  duplicateIds: string[];
  references: PageReference[];
  canonical: string | undefined;
}

const LINKING = new Set(['href', 'src', 'srcset', 'poster']);

export function scanHtml(html: string): HtmlScan {
  const ids = new Set<string>();
  const duplicateIds = new Set<string>();
  const references: PageReference[] = [];
  let canonical: string | undefined;
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (attributes.id && ids.has(attributes.id)) duplicateIds.add(attributes.id);
        if (attributes.id) ids.add(attributes.id);
        for (const attribute in attributes)
          if (LINKING.has(attribute)) addReference(references, attribute, attributes[attribute]!);
        // The first canonical link is the one search engines take.
        if (
          canonical === undefined &&
          name === 'link' &&
          attributes.href !== undefined &&
          hasToken(attributes.rel, 'canonical')
        )
          canonical = attributes.href;
      },
    },
    // HTML rules: names in lower case (React writes srcSet), entities decoded, no XML modes.
    { lowerCaseTags: true, lowerCaseAttributeNames: true, decodeEntities: true },
  );
  parser.end(html);
  return { ids: [...ids], duplicateIds: [...duplicateIds], references, canonical };
}

function addReference(references: PageReference[], attribute: string, value: string): void {
  const values = attribute === 'srcset' ? value.split(',').map((part) => part.trim().split(/\s+/)[0]!) : [value];
  for (const item of values) if (item !== '') references.push({ attribute, value: item });
}

/** rel is a list of space-separated, case-insensitive tokens. */
function hasToken(list: string | undefined, token: string): boolean {
  return (
    list !== undefined &&
    list
      .toLowerCase()
      .split(/[\t\n\f\r ]+/)
      .includes(token)
  );
}
