/**
 * The dev client: runs in the browser, only on pages the dev server serves (never in a build).
 * It listens on the reload channel, reloads after a good build, swaps the stylesheet when only
 * the CSS changed, and shows the build's problems over the last good page.
 */
import { DEV_PATHS, type DevMessage, type OverlayEntry } from './protocol.ts';

const OVERLAY_TAG = 'agency-site-error-overlay';
const TITLE = 'Unexpected Application Error!';

const script = document.currentScript as HTMLScriptElement | null;
let build = script?.dataset.build ?? '';

const channel = new EventSource(DEV_PATHS.events);
channel.addEventListener('message', (event) => handle(JSON.parse((event as MessageEvent<string>).data) as DevMessage));

function handle(message: DevMessage): void {
  switch (message.type) {
    case 'hello':
      if (message.build !== '' && message.build !== build) {
        location.reload();
        return;
      }
      if (message.errors.length > 0) showOverlay(message.errors);
      else hideOverlay();
      return;
    case 'reload':
      location.reload();
      return;
    case 'css':
      build = message.build;
      hideOverlay();
      swapStylesheet(message.from, message.to);
      return;
    case 'clear':
      build = message.build;
      hideOverlay();
      return;
    case 'errors':
      showOverlay(message.errors);
      return;
  }
}

/** The new stylesheet loads beside the old one, which goes once the new one applies: no flash. */
function swapStylesheet(from: string, to: string): void {
  const links = [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].filter((link) => link.getAttribute('href') === from);
  if (links.length === 0) {
    location.reload();
    return;
  }
  for (const link of links) {
    const next = link.cloneNode() as HTMLLinkElement;
    next.href = to;
    next.addEventListener('load', () => link.remove(), { once: true });
    next.addEventListener('error', () => location.reload(), { once: true });
    link.after(next);
  }
}

function hideOverlay(): void {
  document.querySelector(OVERLAY_TAG)?.remove();
}

function showOverlay(errors: OverlayEntry[]): void {
  hideOverlay();
  const host = document.createElement(OVERLAY_TAG);
  const root = host.attachShadow({ mode: 'open' });
  // A constructed stylesheet, not a <style> element: the site's CSP allows no inline styles.
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(STYLE);
  root.adoptedStyleSheets = [sheet];
  const dialog = element('div', 'dialog');
  dialog.setAttribute('role', 'alertdialog');
  dialog.setAttribute('aria-modal', 'true');
  dialog.setAttribute('aria-labelledby', 'title');
  const title = element('h1', 'title', TITLE);
  title.id = 'title';
  const close = element('button', 'close', '×');
  close.setAttribute('aria-label', 'Close');
  close.addEventListener('click', hideOverlay);
  dialog.append(close, title);
  for (const error of errors) {
    const item = element('section', 'error');
    item.append(element('p', 'location', `${error.location || '(no file)'} [${error.code}]`), element('p', 'message', error.message));
    if (error.frame) item.append(element('pre', 'frame', error.frame));
    if (error.hint) item.append(element('p', 'hint', error.hint));
    dialog.append(item);
  }
  root.append(dialog);
  (document.body ?? document.documentElement).append(host);
  close.focus();
}

function element<K extends keyof HTMLElementTagNameMap>(tag: K, className: string, text?: string): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

const STYLE = `
:host { all: initial; position: fixed; inset: 0; z-index: 2147483647; display: block; overflow: auto;
  background: rgb(15 23 42 / 0.88); font: 15px/1.5 ui-sans-serif, system-ui, sans-serif; color: #f8fafc; }
.dialog { position: relative; max-width: 960px; margin: 5vh auto; padding: 28px 32px; background: #0f172a;
  border-top: 6px solid #ef4444; border-radius: 8px; box-shadow: 0 20px 50px rgb(0 0 0 / 0.5); }
.title { margin: 0 0 20px; font-size: 24px; color: #fca5a5; }
.close { position: absolute; top: 12px; right: 12px; width: 36px; height: 36px; border: 0; border-radius: 6px;
  background: transparent; color: #f8fafc; font-size: 24px; cursor: pointer; }
.close:hover, .close:focus-visible { background: #1e293b; outline: 2px solid #93c5fd; }
.error { padding: 16px 0; border-top: 1px solid #334155; }
.location { margin: 0; font: 600 14px/1.4 ui-monospace, SFMono-Regular, Menlo, monospace; color: #93c5fd; }
.message { margin: 8px 0; font-size: 16px; white-space: pre-wrap; }
.frame { margin: 8px 0; padding: 12px; overflow-x: auto; background: #020617; border-radius: 6px;
  font: 13px/1.5 ui-monospace, SFMono-Regular, Menlo, monospace; color: #e2e8f0; }
.hint { margin: 8px 0 0; color: #fde68a; }
`;
