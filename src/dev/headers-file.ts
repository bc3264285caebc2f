/**
 * Reads a built site's `_headers` file (Netlify and Cloudflare Pages format) so that preview
 * sends what the host would: the Content-Security-Policy, the other security headers and the
 * cache rules. A file opened directly in preview then runs under the same policy as in production.
 */

export interface HeaderRule {
  /** A URL path; `*` matches any run of characters (a "splat"). */
  path: string;
  headers: Array<[string, string]>;
}

export function parseHeadersFile(text: string): HeaderRule[] {
  const rules: HeaderRule[] = [];
  for (const line of text.split(/\r?\n/)) {
    if (line.trim() === '' || line.trimStart().startsWith('#')) continue;
    if (!/^\s/.test(line)) {
      rules.push({ path: line.trim(), headers: [] });
      continue;
    }
    const colon = line.indexOf(':');
    const rule = rules.at(-1);
    // `! Name` (Cloudflare Pages): this rule takes away a header that a broader rule set.
    if (rule && line.trimStart().startsWith('!')) rule.headers.push(['!', line.trim().slice(1).trim()]);
    if (!rule || colon === -1) continue;
    rule.headers.push([line.slice(0, colon).trim(), line.slice(colon + 1).trim()]);
  }
  return rules;
}

/** Every header of every matching rule; a name set by two rules gets both values, comma-joined, as hosts do. */
export function headersFor(rules: HeaderRule[], pathname: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const rule of rules) {
    if (!matches(rule.path, pathname)) continue;
    for (const [name, value] of rule.headers) {
      if (name === '!') {
        delete out[value.toLowerCase()];
        continue;
      }
      const key = name.toLowerCase();
      out[key] = out[key] === undefined ? value : `${out[key]}, ${value}`;
    }
  }
  return out;
}

function matches(pattern: string, pathname: string): boolean {
  const source = pattern
    .split('*')
    .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
    .join('.*');
  return new RegExp(`^${source}$`).test(pathname);
}
