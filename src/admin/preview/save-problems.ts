/**
 * The build's verdict on a save, shown in the editor: the admin page watches the local backend's
 * answers to persistEntry (src/admin/save-review.ts). A refused save lists its problems in a
 * panel above the form and puts each beside the field it names; an accepted one lists its
 * warnings, and the problems the site already had, which did not hold the save back. Decap itself
 * shows the refusal's first words in its toast and keeps what the editor typed.
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
}

/** A note under the field's label: the first segment of its labels is the field the form shows. */
function noteField(problem: EditorProblem): void {
  const top = problem.field!.split(' > ')[0];
  const label = [...document.querySelectorAll('label')].find((element) => element.textContent?.trim() === top);
  if (!label) return;
  const note = document.createElement('p');
  note.className = NOTE_CLASS;
  note.setAttribute('role', 'alert');
  note.textContent = problem.message;
  label.insertAdjacentElement('afterend', note);
}

function clearVerdict(): void {
  document.getElementById(PANEL_ID)?.remove();
  for (const note of document.querySelectorAll(`.${NOTE_CLASS}`)) note.remove();
}
