/**
 * "{year}" in site.yaml's footer copyright is the year (UTC) of the build's now (`--now`, else the
 * clock), so the footer never goes stale; the span of that year bounds the instants at which the
 * same sources make the same site (the unchanged-build record's window).
 */
import type { TimeWindow } from '../news/time-window.ts';

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

/** `window` narrowed to the year of `now` when the copyright shows it. */
export function withinBuildYear(window: TimeWindow, site: WithFooter, now: string): TimeWindow {
  if (!site.settings.footer.copyright.includes(YEAR_PLACEHOLDER)) return window;
  const year = new Date(now).getUTCFullYear();
  const from = Date.UTC(year, 0, 1);
  const until = Date.UTC(year + 1, 0, 1);
  return {
    from: new Date(Math.max(from, window.from === undefined ? from : Date.parse(window.from))).toISOString(),
    until: new Date(Math.min(until, window.until === undefined ? until : Date.parse(window.until))).toISOString(),
  };
}
