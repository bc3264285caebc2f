/**
 * The build's verdict on a save, shown in the editor from the local backend's answer to persistEntry
 * (src/admin/save-review.ts): a panel above the form, and each problem under the field it names.
 * Decap keeps what the editor typed; its own error toast is closed, as the panel says it better.
 */
interface EditorProblem {
  severity: 'error' | 'warning';
  message: string;
  saved: boolean;
  field?: string;
}
interface Answer {
  problems?: EditorProblem[];
  warnings?: EditorProblem[];
  existing?: EditorProblem[];
}

const PANEL_ID = 'agency-site-verdict';
const NOTE_CLASS = 'agency-site-field-problem';

export function watchSaves(endpoint: string): void {
  const fetch = window.fetch.bind(window);
  window.fetch = async (input, init) => {
    const response = await fetch(input, init);
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (url === endpoint && typeof init?.body === 'string' && init.body.includes('"persistEntry"')) {
      response
        .clone()
        .json()
        .then((answer: Answer) => showVerdict(answer, response.ok))
        .catch(() => undefined);
    }
    return response;
  };
  // Decap leaves a refused save's promise unhandled; the panel has said why, so the page has no error.
  window.addEventListener('unhandledrejection', (event) => {
    if ((event.reason as { type?: unknown } | null)?.type === 'ENTRY_PERSIST_FAILURE') event.preventDefault();
  });
}

/** A save the entry's own schema stops in the browser (src/admin/preview/schema-check.ts), said like the build's. */
export function showRefusal(messages: readonly string[]): void {
  showVerdict({ problems: messages.map((message) => ({ severity: 'error', message, saved: true })) }, false);
}

function showVerdict(answer: Answer, accepted: boolean): void {
  clearVerdict();
  const problems = accepted ? [] : (answer.problems ?? []);
  const warnings = answer.warnings ?? [];
  const existing = answer.existing ?? [];
  if (problems.length + warnings.length + existing.length === 0) return;
  const panel = document.createElement('section');
  panel.id = PANEL_ID;
  panel.setAttribute('role', accepted ? 'status' : 'alert');
  panel.className = accepted ? 'agency-site-verdict is-accepted' : 'agency-site-verdict is-refused';
  const group = (title: string, items: EditorProblem[]) => {
    if (items.length === 0) return;
    const heading = document.createElement('h2');
    heading.textContent = title;
    const list = document.createElement('ul');
    for (const item of items) {
      const entry = document.createElement('li');
      entry.textContent = item.message;
      list.append(entry);
    }
    panel.append(heading, list);
  };
  group('Not saved: the site would not build with this change', problems);
  group(accepted ? 'Saved, with a warning' : 'Warnings', warnings);
  group('Already on the site (did not stop this save)', existing);
  const close = document.createElement('button');
  close.type = 'button';
  close.textContent = 'Dismiss';
  close.addEventListener('click', clearVerdict);
  panel.append(close);
  document.body.append(panel);
  for (const problem of problems) if (problem.saved && problem.field) noteField(problem);
  const note = document.querySelector(`.${NOTE_CLASS}`);
  if (note) scrollToThird(note);
  if (!accepted) closeDecapToast();
}

/** The form's pane scrolled to show the note a third of the way down, clear of the panel; the page itself stays. */
function scrollToThird(element: Element): void {
  let pane = element.parentElement;
  while (pane && !/(auto|scroll)/.test(getComputedStyle(pane).overflowY)) pane = pane.parentElement;
  if (!pane) return;
  const offset = element.getBoundingClientRect().top - pane.getBoundingClientRect().top;
  pane.scrollTop += offset - pane.clientHeight / 3;
}

/** Decap's own toast repeats a refusal, over the toolbar on a phone for 8 s: the panel says it, so it is closed. */
function closeDecapToast(): void {
  const close = () => {
    for (const toast of document.querySelectorAll('.Toastify__toast--error'))
      toast.querySelector<HTMLButtonElement>('.Toastify__close-button')?.click();
  };
  close();
  const observer = new MutationObserver(close);
  observer.observe(document.body, { childList: true, subtree: true });
  setTimeout(() => observer.disconnect(), 3000);
}

/** A note beside the field the problem names, or beside the nearest part of it the form shows. */
function noteField(problem: EditorProblem): void {
  const place = placeOf(problem.field!);
  if (!place) return;
  const note = document.createElement('p');
  note.className = NOTE_CLASS;
  note.setAttribute('role', 'alert');
  note.textContent = problem.message;
  place.insertAdjacentElement('afterend', note);
}

/**
 * The element to put a note after, for a label such as "Links > 3 (About) > Link": each number is that item of
 * the list (found by its drag handle); a collapsed item's fields are not in the form, so its top bar is the place.
 */
function placeOf(field: string): Element | undefined {
  let scope: ParentNode = document;
  let list: Element | null = null;
  let place: Element | undefined;
  for (const segment of field.split(' > ')) {
    const position = /^(\d+)(?: \(|$)/.exec(segment);
    if (position) {
      const handles = list
        ? [...list.querySelectorAll('[aria-roledescription="sortable"]')].filter(
            (handle) => handle.closest('[aria-label="list field"]') === list,
          )
        : [];
      const topBar = handles[Number(position[1]) - 1]?.parentElement;
      if (!topBar?.parentElement) return place;
      place = topBar;
      scope = topBar.parentElement;
      continue;
    }
    const label = [...scope.querySelectorAll('label')].find((element) => element.textContent?.trim() === segment);
    if (!label) return place;
    // Under the field's input, above its hint.
    place = document.getElementById(label.htmlFor) ?? label;
    list = label.closest('[aria-label="list field"]');
    scope = label.closest('[aria-label$=" field"]') ?? label;
  }
  return place;
}

function clearVerdict(): void {
  document.getElementById(PANEL_ID)?.remove();
  for (const note of document.querySelectorAll(`.${NOTE_CLASS}`)) note.remove();
}
