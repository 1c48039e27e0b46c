// The label studio's one script: every page works without it (plain links and form posts). It adds
// two things where they help: a search form marked data-live shows its results while you type
// (the same page fetched and its results swapped in), and a form being submitted shows that it is
// busy and cannot be sent twice (an approval draws three files). Loaded with the page's CSP nonce.

const DEBOUNCE_MS = 250;

function liveSearch(form) {
  const target = document.querySelector(form.dataset.live);
  if (!target) return;
  let timer;
  let controller;
  const refresh = async () => {
    const url = new URL(form.action, window.location.href);
    url.search = new URLSearchParams(new FormData(form)).toString();
    controller?.abort();
    controller = new AbortController();
    try {
      const response = await fetch(url, { signal: controller.signal, headers: { accept: 'text/html' } });
      if (!response.ok) return;
      const page = new DOMParser().parseFromString(await response.text(), 'text/html');
      const fresh = page.querySelector(form.dataset.live);
      if (!fresh) return;
      target.replaceChildren(...fresh.childNodes);
      window.history.replaceState(null, '', url);
    } catch (error) {
      if (error.name !== 'AbortError') form.submit();
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

for (const form of document.querySelectorAll('form[data-live]')) liveSearch(form);
for (const form of document.querySelectorAll('form[method=post]')) busyOnSubmit(form);
// A page brought back from the back-forward cache shows its forms ready again.
window.addEventListener('pageshow', () => {
  for (const form of document.querySelectorAll('form[data-sending]')) {
    delete form.dataset.sending;
    for (const button of form.querySelectorAll('[aria-busy]')) button.removeAttribute('aria-busy');
  }
});
