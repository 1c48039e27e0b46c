// recipal accounts ... and recipal keys ...
import {
  createAccount, createKey, getAccounts, getKeys, revokeKeyByPrefix, setAccountLimits, setAccountStatus,
} from '../../services/accounts.js';
import type { ServiceContext } from '../../services/context.js';
import { integerFlag, positionalId, stringFlag, UsageError, type ParsedArgs } from '../args.js';

type Out = (line: string) => void;

export async function accountsCommand(ctx: ServiceContext, args: ParsedArgs, out: Out): Promise<void> {
  const [, action] = args.positionals;
  const json = args.flags.json === true;
  switch (action) {
    case 'create': {
      const name = stringFlag(args, 'name');
      if (!name || name.trim() === '') throw new UsageError('accounts create needs --name NAME');
      const created = await createAccount(ctx, {
        name: name.trim(),
        email: stringFlag(args, 'email') ?? null,
        weekly_limit: integerFlag(args, 'weekly-limit') ?? null,
        per_minute_limit: integerFlag(args, 'per-minute-limit') ?? null,
        render_limit: integerFlag(args, 'render-limit') ?? null,
        currency: stringFlag(args, 'currency')?.toUpperCase(),
      });
      if (json) out(JSON.stringify({ account: created.account, api_key: created.api_key }));
      else {
        out(`Created account ${created.account.id} "${created.account.name}".`);
        out(`API key (shown once): ${created.api_key}`);
      }
      return;
    }
    case 'list': {
      const accounts = await getAccounts(ctx);
      if (json) out(JSON.stringify({ accounts }));
      else for (const a of accounts) out(`${a.id}\t${a.status}\t${a.name}${a.email ? ` <${a.email}>` : ''}`);
      return;
    }
    case 'set-status': {
      const id = positionalId(args, 2, 'ACCOUNT_ID');
      const status = args.positionals[3];
      if (status !== 'active' && status !== 'inactive') throw new UsageError('status must be active or inactive');
      const account = await setAccountStatus(ctx, id, status);
      if (!account) throw new UsageError(`no account ${id}`);
      out(json ? JSON.stringify({ account }) : `Account ${id} is now ${status}.`);
      return;
    }
    case 'set-limits': {
      const id = positionalId(args, 2, 'ACCOUNT_ID');
      const limits = {
        ...(integerFlag(args, 'weekly-limit') !== undefined ? { weekly_limit: integerFlag(args, 'weekly-limit')! } : {}),
        ...(integerFlag(args, 'per-minute-limit') !== undefined ? { per_minute_limit: integerFlag(args, 'per-minute-limit')! } : {}),
        ...(integerFlag(args, 'render-limit') !== undefined ? { render_limit: integerFlag(args, 'render-limit')! } : {}),
      };
      if (Object.keys(limits).length === 0) throw new UsageError('set-limits needs --weekly-limit, --per-minute-limit or --render-limit');
      const account = await setAccountLimits(ctx, id, limits);
      if (!account) throw new UsageError(`no account ${id}`);
      out(json ? JSON.stringify({ account }) : `Account ${id} limits updated.`);
      return;
    }
    default:
      throw new UsageError('accounts create|list|set-status|set-limits');
  }
}

export async function keysCommand(ctx: ServiceContext, args: ParsedArgs, out: Out): Promise<void> {
  const [, action] = args.positionals;
  const json = args.flags.json === true;
  switch (action) {
    case 'create': {
      const accountId = positionalId(args, 2, 'ACCOUNT_ID');
      const created = await createKey(ctx, accountId);
      if (!created) throw new UsageError(`no account ${accountId}`);
      const key = { id: created.key.id, prefix: created.key.prefix, created_at: created.key.created_at };
      if (json) out(JSON.stringify({ api_key: created.api_key, key }));
      else out(`API key (shown once): ${created.api_key}`);
      return;
    }
    case 'list': {
      const accountId = positionalId(args, 2, 'ACCOUNT_ID');
      const keys = await getKeys(ctx, accountId);
      if (json) out(JSON.stringify({ keys }));
      else for (const k of keys) out(`${k.prefix}…\tcreated ${k.created_at}\tlast used ${k.last_used_at ?? 'never'}\t${k.revoked_at ? `revoked ${k.revoked_at}` : 'active'}`);
      return;
    }
    case 'revoke': {
      const prefix = args.positionals[2];
      if (!prefix) throw new UsageError('keys revoke KEY_PREFIX');
      const result = await revokeKeyByPrefix(ctx, prefix.replace(/…$/, ''));
      if (result === 'not_found') throw new UsageError(`no active key with prefix ${prefix}`);
      if (result === 'ambiguous') throw new UsageError(`several active keys share prefix ${prefix}`);
      out(json ? JSON.stringify({ revoked: prefix }) : `Revoked key ${prefix}.`);
      return;
    }
    default:
      throw new UsageError('keys create|list|revoke');
  }
}
