/** TimeWindow: the instants at which a build's news schedule holds (src/news/schedule.ts). */
/** A span of instants, ISO 8601: `from` inclusive, `until` exclusive; an end left out is open. */
export interface TimeWindow {
  from?: string;
  until?: string;
}

/** True when `now` lies inside the window. */
export function isWithin(window: TimeWindow, now: string): boolean {
  const at = Date.parse(now);
  return (
    (window.from === undefined || at >= Date.parse(window.from)) &&
    (window.until === undefined || at < Date.parse(window.until))
  );
}
