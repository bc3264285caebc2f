/**
 * "{year}" in site.yaml's footer copyright is the year (UTC) of the build's now (`--now`, else the
 * clock), so the footer never goes stale.
 */

export const YEAR_PLACEHOLDER = '{year}';

interface WithFooter {
  settings: { footer: { copyright: string } };
}

/** The settings with the year filled in: the same object again for the same settings and year (dev compares by identity). */
const filled = new WeakMap<object, { year: string; settings: object }>();

export function withBuildYear<Site extends WithFooter>(site: Site, now: string): Site {
  const { settings } = site;
  if (!settings.footer.copyright.includes(YEAR_PLACEHOLDER)) return site;
  const year = String(new Date(now).getUTCFullYear());
  let made = filled.get(settings);
  if (made?.year !== year) {
    const copyright = settings.footer.copyright.replaceAll(YEAR_PLACEHOLDER, year);
    made = { year, settings: { ...settings, footer: { ...settings.footer, copyright } } };
    filled.set(settings, made);
  }
  return { ...site, settings: made.settings as Site['settings'] };
}
