// recipal keys create|list|revoke
import { must } from '../../lib/must.js';
import { defineCommand, numericId, UsageError, type CommandGroup } from '../args.js';
import { withDatabase } from '../database.js';
import { accountsService } from '../services.js';

const accountId = { name: 'ACCOUNT_ID', description: "the account's numeric id (see `accounts list`)" };

const create = defineCommand({
  name: 'keys create',
  summary: 'add an API key to an account (printed once)',
  description: 'Creates a random API key for the account and prints it once; only its SHA-256 hash is stored.',
  positionals: [accountId],
  options: { json: { type: 'boolean', description: 'print {"api_key": "...", "key": {"id", "prefix", "created_at"}} as one JSON line' } },
  examples: ['recipal keys create 2'],
  async run({ positionals, options, config, io }) {
    const id = numericId(positionals[0], 'ACCOUNT_ID');
    const created = await withDatabase(config, async (ctx) => (await accountsService()).createKey(ctx, id));
    if (!created) throw new UsageError(`no account ${id}`);
    const key = { id: created.key.id, prefix: created.key.prefix, created_at: created.key.created_at };
    io.out(options.json ? JSON.stringify({ api_key: created.api_key, key }) : `API key (shown once): ${created.api_key}`);
  },
});

const list = defineCommand({
  name: 'keys list',
  summary: "list an account's keys by prefix, with last use and revocation",
  description: "Lists the account's keys: prefix, created, last used and revoked (the keys themselves are not stored).",
  positionals: [accountId],
  options: { json: { type: 'boolean', description: 'print {"keys": [...]} as one JSON line' } },
  examples: ['recipal keys list 2'],
  async run({ positionals, options, config, io }) {
    const id = numericId(positionals[0], 'ACCOUNT_ID');
    const keys = await withDatabase(config, async (ctx) => (await accountsService()).getKeys(ctx, id));
    if (options.json) io.out(JSON.stringify({ keys }));
    else
      for (const k of keys)
        io.out(
          `${k.prefix}…\tcreated ${k.created_at}\tlast used ${k.last_used_at ?? 'never'}\t${k.revoked_at ? `revoked ${k.revoked_at}` : 'active'}`,
        );
  },
});

const revoke = defineCommand({
  name: 'keys revoke',
  summary: 'revoke an API key by its prefix',
  description: 'Revokes the one active key with this prefix (as `keys list` prints it); requests with it are refused from then on.',
  positionals: [{ name: 'KEY_PREFIX', description: "the key's prefix, e.g. rcp_AbCd1234 (a trailing … is ignored)" }],
  options: { json: { type: 'boolean', description: 'print {"revoked": "PREFIX"} as one JSON line' } },
  examples: ['recipal keys revoke rcp_AbCd1234'],
  async run({ positionals, options, config, io }) {
    const prefix = must(positionals[0], 'KEY_PREFIX (the parser requires it)');
    const result = await withDatabase(config, async (ctx) => (await accountsService()).revokeKeyByPrefix(ctx, prefix.replace(/…$/, '')));
    if (result === 'not_found') throw new UsageError(`no active key with prefix ${prefix}`);
    if (result === 'ambiguous') throw new UsageError(`several active keys share prefix ${prefix}`);
    io.out(options.json ? JSON.stringify({ revoked: prefix }) : `Revoked key ${prefix}.`);
  },
});

export const keysGroup: CommandGroup = {
  name: 'keys',
  summary: 'Create, list and revoke API keys (random, shown once, stored as SHA-256 hashes).',
  subcommands: [create, list, revoke],
};
