// The account page's only stylesheet, served from /account/style.css so the CSP can forbid inline styles.
export const ACCOUNT_CSS = `
:root { font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: #1d2327; background: #f6f7f7; }
body { max-width: 46rem; margin: 2rem auto; padding: 0 1rem; line-height: 1.45; }
h1 { font-size: 1.5rem; margin-bottom: .25rem; }
h2 { font-size: 1.1rem; margin-top: 2rem; border-bottom: 1px solid #dcdcde; padding-bottom: .25rem; }
section, form.card { background: #fff; border: 1px solid #dcdcde; border-radius: 6px; padding: 1rem 1.25rem; margin: 1rem 0; }
dl { display: grid; grid-template-columns: max-content 1fr; gap: .25rem 1rem; margin: 0; }
dt { color: #50575e; }
dd { margin: 0; }
table { border-collapse: collapse; width: 100%; }
th, td { text-align: left; padding: .35rem .5rem; border-bottom: 1px solid #f0f0f1; font-size: .95rem; }
code, .key { font-family: ui-monospace, SFMono-Regular, Menlo, monospace; }
.key { display: block; padding: .6rem; background: #f0f6fc; border: 1px solid #72aee6; border-radius: 4px; word-break: break-all; }
.notice { background: #fcf9e8; border: 1px solid #dba617; border-radius: 4px; padding: .6rem .8rem; }
.error { background: #fcf0f1; border: 1px solid #d63638; border-radius: 4px; padding: .6rem .8rem; }
meter { width: 100%; height: 1.2rem; }
button { font: inherit; padding: .3rem .8rem; cursor: pointer; }
input[type=password], input[type=text] { font: inherit; width: 100%; box-sizing: border-box; padding: .4rem; margin: .4rem 0 .8rem; }
.muted { color: #646970; }
form.inline { display: inline; margin: 0; }
`;
