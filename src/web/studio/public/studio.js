// The label studio's one script: every page works without it (plain links and form posts). It adds
// two things where they help: a form marked data-live="<selector>" shows its answer while you type
// (the form sent in the background, as it would be sent, and the selected part of the answer swapped
// into the page: the recipe search; a preview), and a form being submitted shows that it is busy and
// cannot be sent twice (an approval draws three files). Loaded with the page's CSP nonce.

const DEBOUNCE_MS = 250;

function liveForm(form) {
  const target = document.querySelector(form.dataset.live);
  if (!target) return;
  const post = form.method.toLowerCase() === 'post';
  let timer;
  let controller;
  const refresh = async () => {
    const fields = new URLSearchParams(new FormData(form));
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
      target.replaceChildren(...fresh.childNodes);
      // A search is a place to come back to; a preview is not.
      if (!post) window.history.replaceState(null, '', url);
    } catch (error) {
      if (error.name !== 'AbortError') console.warn('live form', error);
    }
  };
  form.addEventListener('input', () => {
    clearTimeout(timer);
    timer = setTimeout(refresh, DEBOUNCE_MS);
  });
}

function busyOnSubmit(form) {
  form.addEventListener('submit', (event) => {
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
