/**
 * What the dev server tells the browser, over server-sent events: one JSON message per event.
 * Shared by server.ts (sends) and client.ts (receives); the client bundle inlines these values.
 */
import type { Problem } from '../errors.ts';

/** Dev-only paths, outside any site's URLs; the static server never sees them. */
export const DEV_PATHS = {
  client: '/__agency-site/client.js',
  events: '/__agency-site/events',
} as const;

/** `build` names a page's good build (a session id and a counter, never reused on restart); a page showing an older build reloads. */
export type DevMessage =
  /** First message on every connection: the newest good build, the current problems and the newest good build's warnings. */
  | { type: 'hello'; build: string; errors: Problem[]; warnings: Problem[] }
  /** A good build changed the pages: load them again. */
  | { type: 'reload'; build: string }
  /** The next build's HTML of the page this browser has open, made before the rest of the site: morph it in now. */
  | { type: 'page'; html: string }
  /** A good build changed only the stylesheet: swap the link, keep the page. */
  | { type: 'css'; build: string; from: string; to: string }
  /** A good build changed nothing visible, after a failed one: hide the overlay. */
  | { type: 'clear'; build: string }
  /** The build failed: show these over the last good page. */
  | { type: 'errors'; errors: Problem[] }
  /** A good build's warnings differ from the last one's: list these instead (sent after its reload or css message). */
  | { type: 'warnings'; warnings: Problem[] };

export function formatMessage(message: DevMessage): string {
  // The same JSON as the whole message's; each problem's made once (dev keeps an unchanged
  // warning's problem as the same object, and a save among thousands of pages changes few).
  if (message.type === 'warnings')
    return `data: {"type":"warnings","warnings":[${message.warnings.map(problemJson).join(',')}]}\n\n`;
  return `data: ${JSON.stringify(message)}\n\n`;
}

const problemsJson = new WeakMap<Problem, string>();
function problemJson(problem: Problem): string {
  let json = problemsJson.get(problem);
  if (json === undefined) problemsJson.set(problem, (json = JSON.stringify(problem)));
  return json;
}
