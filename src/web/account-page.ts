// The account settings pages: sign-in form, the account itself (usage, limits, keys) and a plain
// message page. Pure functions from data to Html; the route decides what data and which status.
import type { AccountSummary, ApiKeySummary } from '../services/accounts/index.js';
import type { AuditEventJson } from '../services/audit/index.js';
import { html, type Html } from './html.js';

export interface AccountView {
  account: AccountSummary;
  csrf: string;
  /** The key the current session signed in with (marked in the list). */
  sessionKeyId: number;
  keys: ApiKeySummary[];
  /** The newest writes of the account (docs/api.md#history audit). */
  auditEvents?: AuditEventJson[];
  weekUsed: number;
  weekLimit: number;
  /** ISO instant the weekly count resets. */
  weekResetsAt: string;
  weekWarning: boolean;
  perMinuteLimit: number;
  renderLimit: number;
  /** A key created by this very request: shown once, never again. */
  newKey?: string;
  message?: string;
}

function layout(title: string, body: Html): Html {
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
<link rel="stylesheet" href="/account/style.css">
</head>
<body>
${body}
</body>
</html>
`;
}

export function signInPage(options: { csrf: string; error?: string }): Html {
  return layout(
    'Sign in: account settings',
    html`<h1>Account settings</h1>
<p class="muted">Sign in with one of your account's API keys. The key is checked and never stored in the browser.</p>
${options.error ? html`<p class="error" role="alert">${options.error}</p>` : ''}
<form class="card" method="post" action="/account/session">
<input type="hidden" name="csrf" value="${options.csrf}">
<label for="api_key">API key</label>
<input type="password" id="api_key" name="api_key" autocomplete="off" required>
<button type="submit">Sign in</button>
</form>`,
  );
}

const when = (iso: string | null) => (iso ? iso.replace('T', ' ').replace('Z', ' UTC') : '—');

export function accountPage(view: AccountView): Html {
  const { account } = view;
  const remaining = Math.max(0, view.weekLimit - view.weekUsed);
  const keyRows = view.keys.map(
    (key) => html`<tr>
<td><code>${key.prefix}…</code>${key.id === view.sessionKeyId ? html` <span class="muted">(this session)</span>` : ''}</td>
<td>${when(key.created_at)}</td>
<td>${when(key.last_used_at)}</td>
<td>${
      key.revoked_at
        ? when(key.revoked_at)
        : html`<form class="inline" method="post" action="/account/keys/revoke">
<input type="hidden" name="csrf" value="${view.csrf}"><input type="hidden" name="key_id" value="${key.id}">
<button type="submit" aria-label="Revoke key ${key.prefix}">Revoke</button></form>`
    }</td>
</tr>`,
  );
  return layout(
    `Account: ${account.name}`,
    html`<h1>${account.name}</h1>
<p class="muted">Account ${account.id}${account.email ? html` · ${account.email}` : ''}</p>
<nav><a id="to-studio" href="/studio/recipes">Open the label studio</a>: your recipes, their labels in every market, approvals and revisions.</nav>
${view.message ? html`<p class="notice" role="status">${view.message}</p>` : ''}
${
  view.newKey
    ? html`<section id="new-key"><strong>New API key: copy it now, it will not be shown again.</strong>
<code class="key" id="new-key-value">${view.newKey}</code></section>`
    : ''
}
<section id="subscription"><dl>
<dt>Subscription</dt><dd id="status">${account.status}</dd>
<dt>Requests per minute</dt><dd id="per-minute">${view.perMinuteLimit.toLocaleString('en-US')}</dd>
<dt>Parallel label renders</dt><dd>${view.renderLimit}</dd>
</dl></section>
<section id="usage">
<h2>This week's requests</h2>
<meter id="usage-bar" min="0" max="${view.weekLimit}" low="${Math.floor(view.weekLimit * 0.75)}" high="${Math.floor(view.weekLimit * 0.9)}" optimum="0" value="${Math.min(view.weekUsed, view.weekLimit)}">${view.weekUsed} of ${view.weekLimit}</meter>
<p><span id="usage-text">${view.weekUsed.toLocaleString('en-US')} of ${view.weekLimit.toLocaleString('en-US')}</span> used; resets ${when(view.weekResetsAt)}.</p>
${view.weekWarning ? html`<p class="notice" id="weekly-warning" role="alert">Only ${remaining.toLocaleString('en-US')} requests (10% or less) remain this week. Once they are used up the API answers 401 WeeklyLimitExceeded until the reset.</p>` : ''}
</section>
<h2>API keys</h2>
<table id="keys"><thead><tr><th>Key</th><th>Created</th><th>Last used</th><th>Revoked</th></tr></thead>
<tbody>${keyRows}</tbody></table>
<form class="card" method="post" action="/account/keys">
<input type="hidden" name="csrf" value="${view.csrf}">
<button type="submit">Create a new API key</button>
</form>
<h2>Recent changes</h2>
<p class="muted">Every write of the account, newest first; all of them: <code>GET /v1/audit_events</code>.</p>
<table id="audit"><thead><tr><th>When</th><th>Key</th><th>What</th><th>Fields</th><th>Request</th></tr></thead>
<tbody>${(view.auditEvents ?? []).map(
      (e) => html`<tr>
<td>${when(e.created_at)}</td><td>${e.key_prefix ? html`<code>${e.key_prefix}…</code>` : '—'}</td>
<td>${e.action} ${e.resource}${e.resource_id === null ? '' : ` ${e.resource_id}`}</td><td>${e.fields.join(', ')}</td><td><code>${e.request_id ?? '—'}</code></td>
</tr>`,
    )}</tbody></table>
<form method="post" action="/account/sign-out">
<input type="hidden" name="csrf" value="${view.csrf}">
<button type="submit">Sign out</button>
</form>`,
  );
}

export function messagePage(title: string, message: string): Html {
  return layout(
    title,
    html`<h1>${title}</h1><p class="error" role="alert">${message}</p><p><a href="/account">Back to the account page</a></p>`,
  );
}
