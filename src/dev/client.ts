/**
 * The dev client, run only in pages the dev server serves: after a good build it morphs the new page into the
 * open one (idiomorph keeps scroll, focus and typed text) or swaps the stylesheet; it shows a failed build's
 * problems over the last good page, and a good build's warnings behind a button in a corner.
 */
import { Idiomorph } from 'idiomorph';
import type { Problem } from '../errors.ts';
import { DEV_PATHS, type DevMessage } from './protocol.ts';

const OVERLAY_TAG = 'agency-site-error-overlay';
const WARNINGS_TAG = 'agency-site-warnings';
const TITLE = 'Unexpected Application Error!';
/** Whether the list of warnings is open: kept across the reloads of one tab. */
const OPEN_KEY = 'agency-site-warnings-open';

const script = document.currentScript as HTMLScriptElement | null;
let build = script?.dataset.build ?? '';

// The page it has open: a build renders it first and sends it over the channel.
const channel = new EventSource(`${DEV_PATHS.events}?page=${encodeURIComponent(location.pathname)}`);
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
      showWarnings(message.warnings);
      return;
    case 'reload':
      build = message.build;
      updatePage(fetchPage).then(hideOverlay, () => location.reload());
      return;
    case 'page':
      // A good build's reload follows; a page that cannot be morphed waits for it.
      updatePage(async () => message.html).catch(() => {});
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
    case 'warnings':
      showWarnings(message.warnings);
      return;
  }
}

/** Updates run one after another: a second save while the first page is fetched morphs after it. */
let updating = Promise.resolve();

function updatePage(html: () => Promise<string | undefined>): Promise<void> {
  const morph = () => morphPage(html);
  updating = updating.then(morph, morph);
  return updating;
}

/** The page as the server now serves it; undefined when it is not a page any more (reloaded). */
async function fetchPage(): Promise<string | undefined> {
  const response = await fetch(location.href, { cache: 'no-store' });
  if (!response.ok || !(response.headers.get('content-type') ?? '').startsWith('text/html')) {
    location.reload();
    return undefined;
  }
  return response.text();
}

async function morphPage(html: () => Promise<string | undefined>): Promise<void> {
  const text = await html();
  if (text === undefined) return;
  const next = new DOMParser().parseFromString(text, 'text/html');
  // DOMParser reads as if scripts were off; the open page read noscript's content as text.
  for (const noscript of next.querySelectorAll('noscript')) noscript.textContent = noscript.innerHTML;
  // A policy added by a <meta> tag adds to the first instead of replacing it: only a load applies a new one.
  if (policyOf(next) !== policyOf(document)) {
    location.reload();
    return;
  }
  Idiomorph.morph(document.documentElement, next.documentElement, {
    head: { style: 'merge' },
    callbacks: {
      beforeNodeRemoved: (node) => !(node instanceof Element && isOurs(node)),
      // The chat frame's address comes from the page's script; taking it away would blank the frame.
      beforeAttributeUpdated: (name, node, kind) =>
        !(kind === 'remove' && name === 'src' && node.localName === 'iframe'),
    },
  });
}

function policyOf(page: Document): string | undefined {
  return page.querySelector('meta[http-equiv="Content-Security-Policy" i]')?.getAttribute('content') ?? undefined;
}

/** The overlay and the warnings are the client's, not the page's: a morph leaves them. */
function isOurs(node: Element): boolean {
  return node.localName === OVERLAY_TAG || node.localName === WARNINGS_TAG;
}

/** The new stylesheet loads beside the old one, which goes once the new one applies: no flash. */
function swapStylesheet(from: string, to: string): void {
  const links = [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].filter(
    (link) => link.getAttribute('href') === from,
  );
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

function showOverlay(errors: Problem[]): void {
  hideOverlay();
  const { host, root } = createHost(OVERLAY_TAG);
  const dialog = element('div', 'dialog');
  dialog.setAttribute('role', 'alertdialog');
  dialog.setAttribute('aria-modal', 'true');
  dialog.setAttribute('aria-labelledby', 'title');
  const title = element('h1', 'title', TITLE);
  title.id = 'title';
  const close = element('button', 'close', '×');
  close.setAttribute('aria-label', 'Close');
  close.addEventListener('click', hideOverlay);
  dialog.append(close, title, ...errors.map(entry));
  root.append(dialog);
  (document.body ?? document.documentElement).append(host);
  close.focus();
}

/** The warnings' button and list, made again for each new list; never takes the focus, and keeps it when it had it. */
function showWarnings(warnings: Problem[]): void {
  const old = document.querySelector(WARNINGS_TAG);
  const focused = old?.shadowRoot?.activeElement != null;
  old?.remove();
  if (warnings.length === 0) return;
  const { host, root } = createHost(WARNINGS_TAG);
  const panel = element('aside', 'panel');
  panel.setAttribute('aria-label', 'Build warnings');
  const toggle = element('button', 'toggle', `${warnings.length} ${warnings.length === 1 ? 'warning' : 'warnings'}`);
  const list = element('div', 'list');
  list.id = 'list';
  list.append(...warnings.map(entry));
  toggle.setAttribute('aria-controls', 'list');
  const setOpen = (open: boolean) => {
    toggle.setAttribute('aria-expanded', String(open));
    list.hidden = !open;
    try {
      sessionStorage.setItem(OPEN_KEY, open ? '1' : '');
    } catch {
      // Storage may be refused (a private window's settings): the list then starts closed.
    }
  };
  toggle.addEventListener('click', () => setOpen(list.hidden));
  let open = false;
  try {
    open = sessionStorage.getItem(OPEN_KEY) === '1';
  } catch {
    open = false;
  }
  setOpen(open);
  panel.append(toggle, list);
  root.append(panel);
  (document.body ?? document.documentElement).append(host);
  if (focused) toggle.focus();
}

/** One problem as both lists show it: where, which, what, the lines, what to do. */
function entry(problem: Problem): HTMLElement {
  const item = element('section', 'entry');
  item.append(
    element('p', 'location', `${problem.location || '(no file)'} [${problem.code}]`),
    element('p', 'message', problem.message),
  );
  if (problem.frame) item.append(element('pre', 'frame', problem.frame));
  if (problem.hint) item.append(element('p', 'hint', problem.hint));
  return item;
}

/** An element of our own with a shadow root, so the site's CSS and ours stay apart. */
function createHost(tag: string): { host: HTMLElement; root: ShadowRoot } {
  const host = document.createElement(tag);
  const root = host.attachShadow({ mode: 'open' });
  // A constructed stylesheet, not a <style> element: the site's CSP allows no inline styles.
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(tag === OVERLAY_TAG ? OVERLAY_STYLE : WARNINGS_STYLE);
  root.adoptedStyleSheets = [sheet];
  return { host, root };
}

function element<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  className: string,
  text?: string,
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

/** What both lists share: one problem, its location, message, lines and hint. */
const ENTRY_STYLE = `
.entry { padding: 16px 0; border-top: 1px solid #334155; }
.location { margin: 0; font: 600 14px/1.4 ui-monospace, SFMono-Regular, Menlo, monospace; color: #93c5fd; }
.message { margin: 8px 0; font-size: 16px; white-space: pre-wrap; }
.frame { margin: 8px 0; padding: 12px; overflow-x: auto; background: #020617; border-radius: 6px;
  font: 13px/1.5 ui-monospace, SFMono-Regular, Menlo, monospace; color: #e2e8f0; }
.hint { margin: 8px 0 0; color: #fde68a; }
`;

const OVERLAY_STYLE = `
:host { all: initial; position: fixed; inset: 0; z-index: 2147483647; display: block; overflow: auto;
  background: rgb(15 23 42 / 0.88); font: 15px/1.5 ui-sans-serif, system-ui, sans-serif; color: #f8fafc; }
.dialog { position: relative; max-width: 960px; margin: 5vh auto; padding: 28px 32px; background: #0f172a;
  border-top: 6px solid #ef4444; border-radius: 8px; box-shadow: 0 20px 50px rgb(0 0 0 / 0.5); }
.title { margin: 0 0 20px; font-size: 24px; color: #fca5a5; }
.close { position: absolute; top: 12px; right: 12px; width: 36px; height: 36px; border: 0; border-radius: 6px;
  background: transparent; color: #f8fafc; font-size: 24px; cursor: pointer; }
.close:hover, .close:focus-visible { background: #1e293b; outline: 2px solid #93c5fd; }
${ENTRY_STYLE}`;

// Below the error overlay, above the site; the page stays usable beside it.
const WARNINGS_STYLE = `
:host { all: initial; position: fixed; right: 16px; bottom: 16px; z-index: 2147483646; display: block;
  font: 15px/1.5 ui-sans-serif, system-ui, sans-serif; color: #f8fafc; }
.panel { display: flex; flex-direction: column-reverse; align-items: flex-end; gap: 8px; }
.toggle { padding: 8px 14px; border: 0; border-left: 6px solid #f59e0b; border-radius: 6px; background: #0f172a;
  color: #fde68a; font: 600 14px/1.4 ui-sans-serif, system-ui, sans-serif; cursor: pointer; box-shadow: 0 6px 20px rgb(0 0 0 / 0.35); }
.toggle:hover, .toggle:focus-visible { background: #1e293b; outline: 2px solid #93c5fd; }
.list { width: min(720px, calc(100vw - 32px)); max-height: 70vh; overflow: auto; padding: 4px 20px; box-sizing: border-box;
  background: #0f172a; border-top: 6px solid #f59e0b; border-radius: 8px; box-shadow: 0 20px 50px rgb(0 0 0 / 0.5); }
.list[hidden] { display: none; }
.list .entry:first-child { border-top: 0; }
${ENTRY_STYLE}`;
