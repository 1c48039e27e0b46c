// recipal accounts create|list|set-status|set-limits
import { defineCommand, numericId, positiveInteger, UsageError, type CommandGroup } from '../args.js';
import { withDatabase } from '../database.js';
import { accountsService } from '../services.js';

const limitOptions = {
  'weekly-limit': {
    type: 'string',
    value: 'N',
    description: 'API requests per week',
    default: "the server's DEFAULT_WEEKLY_LIMIT, 175000 unless set",
  },
  'per-minute-limit': {
    type: 'string',
    value: 'N',
    description: 'API requests per minute',
    default: "the server's DEFAULT_PER_MINUTE_LIMIT, 1000 unless set",
  },
  'render-limit': {
    type: 'string',
    value: 'N',
    description: 'label renders at once',
    default: "the server's DEFAULT_RENDER_LIMIT, 5 unless set",
  },
} as const;

const create = defineCommand({
  name: 'accounts create',
  summary: 'create an account and its first API key',
  description: 'Creates an active account and its first API key, printed once (only its SHA-256 hash is stored).',
  positionals: [],
  options: {
    name: { type: 'string', value: 'NAME', description: 'account name (required)' },
    email: { type: 'string', value: 'EMAIL', description: 'contact address', default: 'none' },
    ...limitOptions,
    currency: { type: 'string', value: 'CODE', description: "ISO 4217 currency of the account's costs, e.g. CAD", default: 'USD' },
    json: { type: 'boolean', description: 'print {"account": {...}, "api_key": "..."} as one JSON line' },
  },
  examples: ['recipal accounts create --name "Corner Bakery" --email owner@example.com --currency CAD --json'],
  async run({ options, config, io }) {
    const name = options.name?.trim();
    if (!name) throw new UsageError('accounts create needs --name NAME');
    const currency = options.currency?.trim().toUpperCase();
    if (currency !== undefined && !/^[A-Z]{3}$/.test(currency))
      throw new UsageError('--currency must be a three-letter ISO 4217 code, e.g. USD');
    const input = {
      name,
      email: options.email ?? null,
      weekly_limit: positiveInteger(options['weekly-limit'], 'weekly-limit') ?? null,
      per_minute_limit: positiveInteger(options['per-minute-limit'], 'per-minute-limit') ?? null,
      render_limit: positiveInteger(options['render-limit'], 'render-limit') ?? null,
      currency,
    };
    const created = await withDatabase(config, async (ctx) => (await accountsService()).createAccount(ctx, input));
    if (options.json) io.out(JSON.stringify({ account: created.account, api_key: created.api_key }));
    else {
      io.out(`Created account ${created.account.id} "${created.account.name}".`);
      io.out(`API key (shown once): ${created.api_key}`);
    }
  },
});

const list = defineCommand({
  name: 'accounts list',
  summary: 'list accounts: id, status, name and email',
  description: 'Lists every account, one per line (id, status, name <email>).',
  positionals: [],
  options: { json: { type: 'boolean', description: 'print {"accounts": [...]} as one JSON line' } },
  examples: ['recipal accounts list --json'],
  async run({ options, config, io }) {
    const accounts = await withDatabase(config, async (ctx) => (await accountsService()).getAccounts(ctx));
    if (options.json) io.out(JSON.stringify({ accounts }));
    else for (const a of accounts) io.out(`${a.id}\t${a.status}\t${a.name}${a.email ? ` <${a.email}>` : ''}`);
  },
});

const setStatus = defineCommand({
  name: 'accounts set-status',
  summary: "activate or deactivate an account (an inactive account's keys are refused)",
  description: "Sets an account's subscription status. Requests with the keys of an inactive account are refused.",
  positionals: [
    { name: 'ACCOUNT_ID', description: "the account's numeric id (see `accounts list`)" },
    { name: 'STATUS', description: 'active or inactive' },
  ],
  options: { json: { type: 'boolean', description: 'print {"account": {...}} as one JSON line' } },
  examples: ['recipal accounts set-status 2 inactive'],
  async run({ positionals, options, config, io }) {
    const id = numericId(positionals[0], 'ACCOUNT_ID');
    const status = positionals[1];
    if (status !== 'active' && status !== 'inactive') throw new UsageError('STATUS must be active or inactive');
    const account = await withDatabase(config, async (ctx) => (await accountsService()).setAccountStatus(ctx, id, status));
    if (!account) throw new UsageError(`no account ${id}`);
    io.out(options.json ? JSON.stringify({ account }) : `Account ${id} is now ${status}.`);
  },
});

const setLimits = defineCommand({
  name: 'accounts set-limits',
  summary: "change an account's request and render limits",
  description: 'Changes the limits given and leaves the others as they are; at least one is needed.',
  positionals: [{ name: 'ACCOUNT_ID', description: "the account's numeric id (see `accounts list`)" }],
  options: {
    'weekly-limit': { ...limitOptions['weekly-limit'], default: 'unchanged' },
    'per-minute-limit': { ...limitOptions['per-minute-limit'], default: 'unchanged' },
    'render-limit': { ...limitOptions['render-limit'], default: 'unchanged' },
    json: { type: 'boolean', description: 'print {"account": {...}} as one JSON line' },
  },
  examples: ['recipal accounts set-limits 2 --weekly-limit 500000 --render-limit 10'],
  async run({ positionals, options, config, io }) {
    const id = numericId(positionals[0], 'ACCOUNT_ID');
    const weekly = positiveInteger(options['weekly-limit'], 'weekly-limit');
    const perMinute = positiveInteger(options['per-minute-limit'], 'per-minute-limit');
    const render = positiveInteger(options['render-limit'], 'render-limit');
    const limits = {
      ...(weekly !== undefined ? { weekly_limit: weekly } : {}),
      ...(perMinute !== undefined ? { per_minute_limit: perMinute } : {}),
      ...(render !== undefined ? { render_limit: render } : {}),
    };
    if (Object.keys(limits).length === 0)
      throw new UsageError('accounts set-limits needs --weekly-limit, --per-minute-limit or --render-limit');
    const account = await withDatabase(config, async (ctx) => (await accountsService()).setAccountLimits(ctx, id, limits));
    if (!account) throw new UsageError(`no account ${id}`);
    io.out(options.json ? JSON.stringify({ account }) : `Account ${id} limits updated.`);
  },
});

export const accountsGroup: CommandGroup = {
  name: 'accounts',
  summary: 'Create and manage accounts: subscription status and limits.',
  subcommands: [create, list, setStatus, setLimits],
};
