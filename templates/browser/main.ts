/**
 * The site's only JavaScript. It enhances what already works without it: the mobile menu,
 * closing the menu after an anchor jump, sending the contact form (or handing it to the mail app), the chat frame's
 * focus ring and its note when it cannot load, and the 404 log.
 * Smooth scrolling and the offset below the fixed header are CSS (and respect reduced motion).
 */

function enhanceMenu(): void {
  const toggle = document.querySelector<HTMLButtonElement>('.menu-toggle');
  const menu = document.getElementById('site-menu');
  if (!toggle || !menu) return;
  const setOpen = (open: boolean) => {
    toggle.setAttribute('aria-expanded', String(open));
    menu.classList.toggle('is-open', open);
  };
  toggle.addEventListener('click', () => setOpen(toggle.getAttribute('aria-expanded') !== 'true'));
  menu.addEventListener('click', (event) => {
    if ((event.target as Element).closest('a')) setOpen(false);
  });
  document.addEventListener('keydown', (event) => {
    if (event.key === 'Escape' && toggle.getAttribute('aria-expanded') === 'true') {
      setOpen(false);
      toggle.focus();
    }
  });
}

/**
 * The contact form, sent by the script: with an endpoint or Netlify by fetch, reporting in the
 * status region; without one as an email. A filled spam trap drops the message without a word.
 * Nothing typed goes into the page URL, the console or storage; on failure it stays in the fields.
 */
function enhanceContactForm(): void {
  const form = document.querySelector<HTMLFormElement>('#contact-form');
  if (!form) return;
  let busy = false;
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const data = new FormData(form);
    if (busy || data.get('bot-field')) return;
    if (form.dataset.mailto) return composeEmail(form);
    const status = form.querySelector('[role="status"]')!;
    const show = (state: string) =>
      status.replaceChildren(
        form.querySelector<HTMLTemplateElement>(`template[data-state="${state}"]`)!.content.cloneNode(true),
      );
    busy = true;
    show('sending');
    try {
      const body = new URLSearchParams(data as unknown as Record<string, string>);
      const response = await fetch(form.action, { method: 'POST', body, headers: { Accept: 'application/json' } });
      if (!response.ok) throw new Error();
      form.reset();
      show('sent');
    } catch {
      show('failed');
    }
    busy = false;
  });
}

/** The mail hand-off: the typed text goes into the message, never into the page URL. */
function composeEmail(form: HTMLFormElement): void {
  const lines: string[] = [];
  for (const field of form.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('.field input, .field textarea')) {
    const label = form.querySelector(`label[for="${field.id}"]`)?.firstChild?.textContent?.trim() ?? field.name;
    if (field.value.trim()) lines.push(field.tagName === 'TEXTAREA' ? `\n${field.value}` : `${label}: ${field.value}`);
  }
  const subject = encodeURIComponent(form.dataset.subject ?? '');
  const body = encodeURIComponent(lines.join('\n'));
  window.location.href = `mailto:${form.dataset.mailto}?subject=${subject}&body=${body}`;
}

/** Focus inside the chat frame lives in the frame's own document, out of CSS's sight: mark the frame while it has it. */
function markFocusedFrames(): void {
  const mark = () => {
    for (const frame of document.querySelectorAll('iframe'))
      frame.toggleAttribute('data-focused', frame === document.activeElement);
  };
  window.addEventListener('blur', mark);
  window.addEventListener('focus', mark);
}

/**
 * The chat frame loads once it is near the screen. It cannot say that it failed: offline, or no
 * page after FRAME_WAIT_MS from then (a firewall that drops it), the section shows its note in its place.
 */
const FRAME_WAIT_MS = 12_000;
function watchChatFrames(): void {
  for (const stage of document.querySelectorAll<HTMLElement>('.demo-stage')) {
    const frame = stage.querySelector<HTMLIFrameElement>('iframe[data-src]')!;
    const fail = () => {
      stage.dataset.state ||= 'failed';
    };
    let timer = 0;
    frame.addEventListener('load', () => {
      if (!frame.getAttribute('src')) return;
      clearTimeout(timer);
      if (navigator.onLine) stage.dataset.state ||= 'loaded';
      else fail();
    });
    window.addEventListener('offline', fail);
    if (!navigator.onLine) fail();
    new IntersectionObserver(
      ([entry], observer) => {
        if (!entry!.isIntersecting) return;
        observer.disconnect();
        frame.src = frame.dataset.src!;
        timer = window.setTimeout(fail, FRAME_WAIT_MS);
      },
      { rootMargin: '600px' },
    ).observe(stage);
  }
}

function logMissingPage(): void {
  if (document.body.dataset.page === 'not-found') {
    console.error('404 Error: User attempted to access non-existent route:', window.location.pathname);
  }
}

enhanceMenu();
enhanceContactForm();
markFocusedFrames();
watchChatFrames();
logMissingPage();
