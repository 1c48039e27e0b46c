// The label studio's one script: every page works without it (plain links and form posts). It adds
// two things where they help: a form marked data-live="<selector>" shows its answer while you type
// (the form sent in the background, as it would be sent, and the selected part of the answer swapped
// into the page: the recipe search; the preview of a pasted recipe, whose own buttons then refresh it
// in place too), and a form being submitted shows that it is busy and cannot be sent twice (an
// approval draws three files). Loaded with the page's CSP nonce.

const DEBOUNCE_MS = 250;

/** What a swap must not lose inside the part it replaces: the field being typed in (and where), and the sections opened. */
function viewState(part) {
  const active = document.activeElement;
  const focused = active && part.contains(active) && active.id ? active.id : null;
  const selection = focused && typeof active.selectionStart === 'number' ? [active.selectionStart, active.selectionEnd] : null;
  const opened = [...part.querySelectorAll('details[open][id]')].map((details) => details.id);
  return { focused, selection, opened };
}

function restoreViewState(part, state) {
  for (const id of state.opened) {
    const details = part.querySelector(`details#${CSS.escape(id)}`);
    if (details) details.open = true;
  }
  const field = state.focused ? part.querySelector(`#${CSS.escape(state.focused)}`) : null;
  if (!field) return;
  field.focus({ preventScroll: true });
  if (state.selection && typeof field.setSelectionRange === 'function') {
    try {
      field.setSelectionRange(...state.selection);
    } catch {
      // Radios and checkboxes have no selection to restore.
    }
  }
}

function liveForm(form) {
  const target = document.querySelector(form.dataset.live);
  if (!target) return;
  const post = form.method.toLowerCase() === 'post';
  let timer;
  let controller;
  const refresh = async (submitter) => {
    const fields = new URLSearchParams(new FormData(form, submitter));
    const url = new URL(form.action, window.location.href);
    if (!post) url.search = fields.toString();
    controller?.abort();
    controller = new AbortController();
    try {
      const response = await fetch(url, {
        method: post ? 'POST' : 'GET',
        body: post ? fields : undefined,
        signal: controller.signal,
        headers: { accept: 'text/html' },
      });
      const page = new DOMParser().parseFromString(await response.text(), 'text/html');
      const fresh = page.querySelector(form.dataset.live);
      if (!fresh) return;
      const state = viewState(target);
      target.replaceChildren(...fresh.childNodes);
      restoreViewState(target, state);
      // A search is a place to come back to; a preview is not.
      if (!post) window.history.replaceState(null, '', url);
    } catch (error) {
      if (error.name !== 'AbortError') console.warn('live form', error);
    }
  };
  form.addEventListener('input', () => {
    // An answer to what was typed before is stale now: it must not replace what is being chosen.
    controller?.abort();
    clearTimeout(timer);
    timer = setTimeout(refresh, DEBOUNCE_MS);
  });
  // A button that sends the form where it is sent live (not to another action) refreshes in place.
  form.addEventListener('submit', (event) => {
    const submitter = event.submitter;
    const action = submitter?.hasAttribute('formaction') ? submitter.formAction : form.action;
    if (action !== form.action) return;
    event.preventDefault();
    clearTimeout(timer);
    refresh(submitter);
  });
}

function busyOnSubmit(form) {
  form.addEventListener('submit', (event) => {
    if (event.defaultPrevented) return;
    if (form.dataset.sending === 'true') {
      event.preventDefault();
      return;
    }
    form.dataset.sending = 'true';
    for (const button of form.querySelectorAll('button[type=submit]')) button.setAttribute('aria-busy', 'true');
  });
}

for (const form of document.querySelectorAll('form[data-live]')) liveForm(form);
for (const form of document.querySelectorAll('form[method=post]')) busyOnSubmit(form);
// A page brought back from the back-forward cache shows its forms ready again.
window.addEventListener('pageshow', () => {
  for (const form of document.querySelectorAll('form[data-sending]')) {
    delete form.dataset.sending;
    for (const button of form.querySelectorAll('[aria-busy]')) button.removeAttribute('aria-busy');
  }
});
