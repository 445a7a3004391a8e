import { EventDeletionJob, EventDeletionService } from '@app/event-deletion';
import {
  ApiKeysService,
  DomainError,
  generatePassword,
  isMembershipLevelName,
  isUuid,
  MEMBERSHIP_LEVELS,
  runMigrations,
  SessionsService,
  TenancyService,
} from '@app/platform';
import { readFileSync } from 'node:fs';
import { INestApplicationContext } from '@nestjs/common';
import { getDataSourceToken } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { ParsedArgs, required, UsageError } from './args';

/** A CLI command: prints what it wants to stdout; its last line is the result scripts read. */
export interface Command {
  usage: string;
  /** The names of its options (`--name value`). */
  options: readonly string[];
  run(app: INestApplicationContext, args: ParsedArgs, out: (line: string) => void): Promise<void>;
}

function positiveInt(args: ParsedArgs, name: string, fallback: number, max: number): number {
  const v = args.flags.get(name);
  if (v === undefined) return fallback;
  if (!/^\d+$/.test(v) || Number(v) < 1 || Number(v) > max) {
    throw new UsageError(`--${name} must be a whole number from 1 to ${max}, got "${v}"`);
  }
  return Number(v);
}

function orgId(args: ParsedArgs): string {
  const id = required(args, 'org');
  if (!isUuid(id)) throw new UsageError(`--org must be an organization id (a UUID), got "${id}"`);
  return id;
}

async function userByEmail(app: INestApplicationContext, email: string) {
  const user = await app.get(TenancyService).findUserByEmail(email);
  if (!user) throw DomainError.notFound(`No user with e-mail ${email}`);
  return user;
}

/**
 * The password `--password-file` names (`-`: standard input; one line, its newline dropped), or
 * a random one when the option is absent. Never an argument: the command line is visible to
 * every user of the machine.
 */
async function passwordOption(args: ParsedArgs): Promise<{ password: string; generated: boolean }> {
  const file = args.flags.get('password-file');
  if (file === undefined) return { password: generatePassword(), generated: true };
  const text = readFileSync(file === '-' ? 0 : file, 'utf8');
  return { password: text.replace(/\r?\n$/, ''), generated: false };
}

export const COMMANDS: Record<string, Command> = {
  'orgs create': {
    usage: 'orgs create --name NAME',
    options: ['name'],
    async run(app, args, out) {
      const org = await app.get(TenancyService).createOrganization(required(args, 'name'));
      out(org.id);
    },
  },
  'projects create': {
    usage: 'projects create --org ORG_ID --name NAME',
    options: ['org', 'name'],
    async run(app, args, out) {
      const project = await app.get(TenancyService).createProject(orgId(args), required(args, 'name'));
      out(project.apiToken);
      out(String(project.id));
    },
  },
  'users create': {
    usage: 'users create --email EMAIL --org ORG_ID [--level member|admin|owner] [--password-file FILE|-]',
    options: ['email', 'org', 'level', 'password-file'],
    async run(app, args, out) {
      const level = args.flags.get('level') ?? 'member';
      if (!isMembershipLevelName(level)) throw new UsageError(`--level must be member, admin or owner, got "${level}"`);
      const tenancy = app.get(TenancyService);
      const ds = app.get<DataSource>(getDataSourceToken());
      const password = args.flags.has('password-file') ? (await passwordOption(args)).password : undefined;
      const user = await ds.transaction(async (m) => {
        const u = await tenancy.ensureUser(required(args, 'email'), m);
        await tenancy.addMember(orgId(args), u.id, MEMBERSHIP_LEVELS[level], m);
        if (password !== undefined) await app.get(SessionsService).setPassword(u.id, password, m);
        return u;
      });
      out(user.uuid);
    },
  },
  'users password': {
    usage: 'users password --email EMAIL [--password-file FILE|-]   (no file: a random password, printed once)',
    options: ['email', 'password-file'],
    async run(app, args, out) {
      const user = await userByEmail(app, required(args, 'email'));
      const { password, generated } = await passwordOption(args);
      // Every session of the user ends: whoever held one signs in with the new password.
      await app.get(SessionsService).setPassword(user.id, password);
      out(generated ? password : `password set for ${user.email}`);
    },
  },
  'keys create': {
    usage: 'keys create --email EMAIL [--scopes a,b] [--label LABEL]',
    options: ['email', 'scopes', 'label'],
    async run(app, args, out) {
      const user = await userByEmail(app, required(args, 'email'));
      const scopes = (args.flags.get('scopes') ?? '*')
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
      const { value } = await app
        .get(ApiKeysService)
        .create(user.id, { label: args.flags.get('label') ?? 'cli', scopes });
      out(value);
    },
  },
  'keys list': {
    usage: 'keys list --email EMAIL',
    options: ['email'],
    async run(app, args, out) {
      const user = await userByEmail(app, required(args, 'email'));
      const keys = await app.get(ApiKeysService).list(user.id);
      for (const k of keys) {
        out(
          [
            k.id,
            k.maskValue,
            k.scopes.join(','),
            k.label || '-',
            k.createdAt.toISOString(),
            k.lastUsedAt?.toISOString() ?? 'never',
          ].join('\t'),
        );
      }
      out(String(keys.length));
    },
  },
  'keys revoke': {
    usage: 'keys revoke --id KEY_ID',
    options: ['id'],
    async run(app, args, out) {
      const id = required(args, 'id');
      await app.get(ApiKeysService).revoke(id);
      out(id);
    },
  },
  'deletions run': {
    usage: 'deletions run',
    options: [],
    async run(app, args, out) {
      // Only another process can be running a batch; this one just started.
      const result = (await app.get(EventDeletionJob).run('cli'))!;
      for (const o of result.outcomes) {
        const error = o.error?.replace(/\s+/g, ' ');
        out([o.id, o.projectId, o.personUuid, o.status, o.eventsDeleted, ...(error ? [error] : [])].join('\t'));
      }
      const count = (status: string) => result.outcomes.filter((o) => o.status === status).length;
      out(
        `requests: ${count('done')} done, ${count('failed')} failed, ${result.busy} held by another run, ` +
          `${result.pending} still pending; events deleted:`,
      );
      out(String(result.eventsDeleted));
      if (count('failed') > 0) {
        throw DomainError.conflict(`${count('failed')} deletion request(s) failed; the next run retries them`);
      }
    },
  },
  'deletions list': {
    usage: 'deletions list [--status pending|done|all] [--limit N]',
    options: ['status', 'limit'],
    async run(app, args, out) {
      const status = args.flags.get('status') ?? 'all';
      if (!['pending', 'done', 'all'].includes(status)) {
        throw new UsageError(`--status must be pending, done or all, got "${status}"`);
      }
      const limit = positiveInt(args, 'limit', 1000, 100_000);
      const rows = await app
        .get(EventDeletionService)
        .list({ pending: status !== 'done', done: status !== 'pending' }, limit);
      const users = await app
        .get(TenancyService)
        .getUsers(rows.flatMap((r) => (r.createdBy === null ? [] : [r.createdBy])));
      for (const r of rows) {
        out(
          [
            r.id,
            r.projectId,
            r.personUuid,
            r.status === 'running' ? `running(${r.claimedBy})` : r.status,
            r.createdAt.toISOString(),
            (r.createdBy !== null && users.get(r.createdBy)?.email) || '-',
            JSON.stringify(r.distinctIds),
            r.eventsDeleted,
            r.attempts,
            r.deleteVerifiedAt?.toISOString() ?? '-',
            r.lastError?.replace(/\s+/g, ' ') ?? '-',
          ].join('\t'),
        );
      }
      out(String(rows.length));
    },
  },
  'db migrate': {
    usage: 'db migrate',
    options: [],
    async run(app, args, out) {
      const applied = await runMigrations(app.get<DataSource>(getDataSourceToken()));
      for (const name of applied) out(`applied ${name}`);
      out(String(applied.length));
    },
  },
};
