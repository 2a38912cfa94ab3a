/**
 * The admin CLI: `npm run admin -- <command>`. Reviews trade-buyer applications, and approved buyers' changes of
 * their business details, without the web back office.
 *
 * - With DATABASE_URL it opens PostgreSQL directly.
 * - With the embedded PGlite database, a running server holds DATA_DIR (server.pid); the CLI then calls that
 *   server's admin API on 127.0.0.1 (port from DATA_DIR/server.port) with a two-minute token it signs with the
 *   same secret (JWT_SECRET or DATA_DIR/jwt-secret), which the API accepts only from loopback. With no server
 *   running, the CLI takes DATA_DIR itself and opens the database.
 * Either way the decisions go through the same services as the admin API (apps/api/src/modules/admin/service.ts).
 */
import path from 'node:path';
import { existsSync } from 'node:fs';
import { pino } from 'pino';
import { ConfigError, loadConfig, type AppConfig } from '@podo/config';
import { BUSINESS_REVIEW_FIELDS, MEMBER_STATUSES, ORDER_STATUSES, type OrderStatus, type TOrder } from '@podo/contracts';
import { migrateDatabase, openDatabase, outboxMessages, type DbHandle } from '@podo/db';
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import { resolveJwtSecret, TokenService } from '@podo/api/lib/auth';
import { AppError } from '@podo/api/lib/errors';
import { errorMessage } from '@podo/contracts/messages';
import { createNotifier } from '@podo/api/lib/notify';
import { serviceCtx } from '@podo/api/deps';
import { createFileStorage } from '@podo/api/lib/storage';
import { JOBS, startJobQueue } from '@podo/api/jobs/index';
import {
  approveBusinessChanges,
  approveMember,
  listBusinessChanges,
  listMembers,
  memberIdByEmail,
  rejectBusinessChanges,
  rejectMember,
  type AdminMember,
} from '@podo/api/modules/admin/service';
import { signCliAdminToken } from '@podo/api/modules/session/guards';
import { changeOrderStatus } from '@podo/api/modules/commerce/orders';
import { deliverQueued, listOutbox, retryOutbox } from '@podo/api/lib/outbox';
import { OUTBOX_STATUS_CODES, type TOutboxEntry } from '@podo/contracts/ops/admin';
import { liveLockHolder, readServerPort, tryAcquireDataDirLock } from './lock';
import { STAFF_ROLES, type StaffRole } from '@podo/contracts/staff';
import { adminCreateStaff, ZStaffCreateBody, type TStaffMember } from '@podo/contracts/ops/staff';
import { createStaff, listStaff } from '@podo/api/modules/staff/service';
import { audited } from '@podo/api/lib/audit';

/** Who the audit trail names for what the CLI does with the database opened here. */
const CLI_ACTOR = { userId: null, label: 'cli', role: 'admin' } as const;

const USAGE = `Usage: npm run admin -- <command>

Commands:
  members [STATUS] [--status STATUS] [--query TEXT]
                              list members, newest first (STATUS: ${MEMBER_STATUSES.join(', ')}; any case)
  approve <email>             approve a PENDING or REJECTED application: the member becomes a BUYER
  reject <email> <reason…>    reject a PENDING application; the member sees the reason
  changes                     list approved buyers' business changes waiting for review, the longest waiting first
  approve-changes <email>     apply a buyer's waiting business changes to the approved details
  reject-changes <email> <reason…>
                              drop a buyer's waiting business changes; the approved details stay
  order <oid> <STATUS> [note…]
                              move an order: PAID (deposit received), PREPARING, SHIPPED, DELIVERED or CANCELLED
  outbox [STATUS…]            e-mails and SMS not sent yet (failed, waiting, being sent), or of the given
                              states (pending, sending, sent, failed), newest first, with the last error
  outbox retry <id>           send a failed message again (its attempts start over)
  staff                       list the staff accounts (role, authenticator set up, disabled)
  staff create <email> <role> <name…>
                              create a staff account (role: ${STAFF_ROLES.join(', ')}) and print its temporary
                              password once; the authenticator app is set up at its first sign-in
  help                        show this help

The member is e-mailed about every decision (SMTP_URL; without it the mail goes to the log). Mails go through
the outbox: a mail server that is down delays them (the server's workers retry), and \`outbox\` lists them.
Exit codes: 0 done, 1 refused or failed, 2 wrong usage.`;

/** A failure to report in one line, with its exit code. */
class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode = 1,
  ) {
    super(message);
  }
}

type Command =
  | { kind: 'help' }
  | { kind: 'members'; status?: (typeof MEMBER_STATUSES)[number]; query?: string }
  | { kind: 'approve'; email: string }
  | { kind: 'reject'; email: string; reason: string }
  | { kind: 'changes' }
  | { kind: 'approve-changes'; email: string }
  | { kind: 'reject-changes'; email: string; reason: string }
  | { kind: 'order'; oid: string; status: OrderStatus; note: string }
  | { kind: 'outbox'; statuses: OutboxStatusCode[] }
  | { kind: 'outbox-retry'; id: number }
  | { kind: 'staff' }
  | { kind: 'staff-create'; email: string; role: StaffRole; fullName: string };

function parseArgs(argv: string[]): Command {
  const [cmd, ...rest] = argv;
  const usage = (why: string) => new CliError(`${why}\n\n${USAGE}`, 2);
  const status = (v: string | undefined) => {
    const s = v?.toUpperCase();
    if (!s || !(MEMBER_STATUSES as readonly string[]).includes(s)) throw usage(`Unknown status: ${v ?? '(missing)'}`);
    return s as (typeof MEMBER_STATUSES)[number];
  };
  // A missing or blank --query text is a mistake, not a request for every member.
  const queryText = (v: string | undefined) => {
    if (!v?.trim()) throw usage('members --query needs a text (a name, e-mail or company)');
    return v.trim();
  };
  switch (cmd) {
    case undefined:
    case 'help':
    case '--help':
    case '-h':
      return { kind: 'help' };
    case 'members': {
      const out: Command = { kind: 'members' };
      // One iterator: an option that takes a value reads it with next() (undefined when the value is missing).
      const args = rest.values();
      for (const a of args) {
        if (a === '--status') out.status = status(args.next().value);
        else if (a.startsWith('--status=')) out.status = status(a.slice('--status='.length));
        else if (a === '--query') out.query = queryText(args.next().value);
        else if (a.startsWith('--query=')) out.query = queryText(a.slice('--query='.length));
        else if (!a.startsWith('-') && !out.status) out.status = status(a);
        else throw usage(`Unknown option for members: ${a}`);
      }
      return out;
    }
    case 'approve':
    case 'approve-changes':
      if (rest.length !== 1 || !rest[0]?.includes('@')) throw usage(`${cmd} needs one e-mail address.`);
      return { kind: cmd, email: rest[0] };
    case 'reject':
    case 'reject-changes': {
      const reason = rest.slice(1).join(' ').trim();
      if (!rest[0]?.includes('@') || !reason) throw usage(`${cmd} needs an e-mail address and a reason.`);
      if (reason.length > 500) throw usage('The reason may be at most 500 characters.');
      return { kind: cmd, email: rest[0], reason };
    }
    case 'order': {
      const [oid, status, ...note] = rest;
      if (!oid || !/^\d{8}-\d{6,10}$/.test(oid)) throw usage('order needs an order number like 20261124-000123.');
      const st = status?.toUpperCase();
      if (!st || !(ORDER_STATUSES as readonly string[]).includes(st)) throw usage(`order needs a status: ${ORDER_STATUSES.join(', ')}`);
      return { kind: 'order', oid, status: st as OrderStatus, note: note.join(' ').slice(0, 500) };
    }
    case 'outbox': {
      if (rest[0] === 'retry') {
        const id = Number(rest[1]);
        if (rest.length !== 2 || !Number.isSafeInteger(id) || id < 1) throw usage('outbox retry needs a message id (a number).');
        return { kind: 'outbox-retry', id };
      }
      const statuses = rest.map((a) => a.toLowerCase());
      const unknown = statuses.find((a) => !(OUTBOX_STATUS_CODES as readonly string[]).includes(a));
      if (unknown !== undefined) throw usage(`Unknown outbox status: ${unknown} (${OUTBOX_STATUS_CODES.join(', ')})`);
      return { kind: 'outbox', statuses: statuses as OutboxStatusCode[] };
    }
    case 'changes':
      if (rest.length) throw usage('changes takes no arguments.');
      return { kind: 'changes' };
    case 'staff': {
      if (rest.length === 0) return { kind: 'staff' };
      const [sub, email, role, ...name] = rest;
      if (sub !== 'create') throw usage(`Unknown staff command: ${sub}`);
      const fullName = name.join(' ').trim();
      if (!email?.includes('@') || !fullName) throw usage('staff create needs an e-mail address, a role and a name.');
      if (!(STAFF_ROLES as readonly string[]).includes(role ?? '')) throw usage(`staff create needs a role: ${STAFF_ROLES.join(', ')}`);
      const body = ZStaffCreateBody.safeParse({ email, role, fullName });
      if (!body.success) throw usage(`Not a valid e-mail address or name: ${email} ${fullName}`);
      return { kind: 'staff-create', ...body.data };
    }
    default:
      throw usage(`Unknown command: ${cmd}`);
  }
}

type OutboxStatusCode = (typeof OUTBOX_STATUS_CODES)[number];
type OutboxList = { data: TOutboxEntry[]; counts: Record<OutboxStatusCode, number> };

/** What the commands need, whether the database is opened here or reached through the running server. */
interface Backend {
  via: string;
  list(cmd: { status?: string; query?: string }): Promise<{ data: AdminMember[]; total: number }>;
  approve(email: string): Promise<AdminMember>;
  reject(email: string, reason: string): Promise<AdminMember>;
  listChanges(): Promise<{ data: AdminMember[]; total: number }>;
  approveChanges(email: string): Promise<AdminMember>;
  rejectChanges(email: string, reason: string): Promise<AdminMember>;
  orderStatus(oid: string, status: OrderStatus, note: string): Promise<TOrder>;
  outbox(statuses: OutboxStatusCode[]): Promise<OutboxList>;
  retryOutbox(id: number): Promise<TOutboxEntry>;
  staff(): Promise<TStaffMember[]>;
  createStaff(input: { email: string; role: StaffRole; fullName: string }): Promise<{ data: TStaffMember; temporaryPassword: string }>;
  close(): Promise<void>;
}

const englishError = (e: AppError) => errorMessage('en-US', e.code, e.params);

async function directBackend(config: AppConfig, handle: DbHandle, via: string, onClose: () => void): Promise<Backend> {
  // Warnings (a mail that could not be sent) read as one sentence on stderr, not as JSON.
  const log = pino({
    level: config.logLevel === 'silent' ? 'silent' : 'warn',
    hooks: {
      logMethod(args) {
        const [obj, msg] = args as [unknown, unknown];
        const err = typeof obj === 'object' && obj !== null && 'err' in obj ? (obj.err as Error) : undefined;
        console.error(`warning: ${typeof obj === 'string' ? obj : String(msg)}${err ? ` (${err.message})` : ''}`);
      },
    },
  });
  const notifier = createNotifier(config, log);
  const tokens = new TokenService(resolveJwtSecret(config.jwtSecret, config.dataDir));
  // Only queues jobs (a restock notice after a cancellation): the server's workers run them.
  const jobs = await startJobQueue({ config, db: handle, tokens, notifier, storage: createFileStorage(config) }, log, JOBS, {
    role: 'web',
    pollSeconds: config.jobs.pollSeconds,
    superviseSeconds: config.jobs.superviseSeconds,
  });
  const deps = serviceCtx({ config, db: handle, tokens, notifier, jobs }, log, 'en-US');
  // Messages after this one are the command's own (or written meanwhile by a server on the same database), with
  // the ones it put back to be sent again.
  const retried: number[] = [];
  const [{ before } = { before: 0 }] = await handle.db
    .select({ before: sql<number>`coalesce(max(${outboxMessages.id}), 0)::bigint` })
    .from(outboxMessages);
  const wrap = async <T>(fn: () => Promise<T>) => {
    try {
      return await fn();
    } catch (e) {
      if (e instanceof AppError) throw new CliError(englishError(e));
      throw e;
    }
  };
  return {
    via,
    list: (cmd) => wrap(() => listMembers(handle.db, { status: cmd.status as never, query: cmd.query, page: 1, size: 100 })),
    approve: (email) => wrap(async () => approveMember(deps, await memberIdByEmail(handle.db, email), null)),
    reject: (email, reason) => wrap(async () => rejectMember(deps, await memberIdByEmail(handle.db, email), reason, null)),
    listChanges: () => wrap(() => listBusinessChanges(handle.db, { page: 1, size: 100 })),
    approveChanges: (email) => wrap(async () => approveBusinessChanges(deps, await memberIdByEmail(handle.db, email))),
    rejectChanges: (email, reason) => wrap(async () => rejectBusinessChanges(deps, await memberIdByEmail(handle.db, email), reason)),
    orderStatus: (oid, status, note) => wrap(() => changeOrderStatus(deps, oid, status, null, note)),
    outbox: (statuses) => wrap(() => listOutbox(handle.db, { statuses, size: 100 })),
    retryOutbox: (id) =>
      wrap(async () => {
        const m = await retryOutbox(deps, id);
        retried.push(id);
        return m;
      }),
    staff: () => wrap(() => listStaff(handle.db)),
    // The same audit row as the back office's call, with the CLI as the actor.
    createStaff: (input) =>
      wrap(() =>
        audited(handle.db, { declaration: adminCreateStaff.audit, actor: CLI_ACTOR, ip: '127.0.0.1', params: {} }, async (tx, note) => {
          const created = await createStaff(tx, input, null);
          note.subjectId = created.data.id;
          note.after = created.data;
          return created;
        }),
      ),
    async close() {
      // What the command wrote to the outbox goes out now, one message after the other for up to 15 s (one under
      // way is finished); the rest (a mail server that is down) waits for the server's workers, whose jobs then find
      // these sent.
      const deadline = Date.now() + 15_000;
      const fresh = await handle.db
        .select({ id: outboxMessages.id })
        .from(outboxMessages)
        .where(and(gt(outboxMessages.id, Number(before)), eq(outboxMessages.status, 'pending')))
        .orderBy(asc(outboxMessages.id));
      for (const id of [...retried, ...fresh.map((m) => m.id)]) {
        if (Date.now() > deadline) break;
        await deliverQueued(deps, id, false).catch((e: Error) => console.error(`warning: message ${id} not sent yet (${e.message})`));
      }
      await jobs.stop();
      notifier.close();
      await handle.close();
      onClose();
    },
  };
}

function httpBackend(config: AppConfig, port: number): Backend {
  const tokens = new TokenService(resolveJwtSecret(config.jwtSecret, config.dataDir));
  let base = `http://127.0.0.1:${port}/api/v1/admin`;
  async function call(method: 'GET' | 'POST' | 'PATCH', url: string, body?: unknown) {
    const init: RequestInit = {
      method,
      headers: {
        authorization: `Bearer ${await signCliAdminToken(tokens)}`,
        'accept-language': 'en-US',
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
      signal: AbortSignal.timeout(30_000),
    };
    let res: Response;
    try {
      res = await fetch(`${base}${url}`, init);
    } catch {
      // A server bound to IPv6 loopback only (HOST=localhost on some systems).
      try {
        base = base.replace('127.0.0.1', '[::1]');
        res = await fetch(`${base}${url}`, init);
      } catch (e) {
        throw new CliError(`The server holding ${config.dataDir} does not answer on port ${port} (${(e as Error).message}).`);
      }
    }
    const json = (await res.json().catch(() => ({}))) as { message?: string; data?: unknown; total?: number };
    if (!res.ok) {
      const hint = res.status === 401 ? ' (the server uses another JWT secret: set the same JWT_SECRET for the CLI)' : '';
      throw new CliError(`${json.message ?? `The server answered ${res.status}.`}${hint}`);
    }
    return json;
  }
  async function idByEmail(email: string): Promise<number> {
    const { data } = (await call('GET', `/members?size=100&query=${encodeURIComponent(email.trim())}`)) as { data: AdminMember[] };
    const found = data.find((m) => m.email.toLowerCase() === email.trim().toLowerCase());
    if (!found) throw new CliError(errorMessage('en-US', 'NOT_FOUND'));
    return found.id;
  }
  return {
    via: `the running server on port ${port}`,
    async list(cmd) {
      const q = new URLSearchParams({ size: '100' });
      if (cmd.status) q.set('status', cmd.status);
      if (cmd.query) q.set('query', cmd.query);
      return (await call('GET', `/members?${q}`)) as { data: AdminMember[]; total: number };
    },
    async approve(email) {
      return (await call('POST', `/members/${await idByEmail(email)}/approve`)).data as AdminMember;
    },
    async reject(email, reason) {
      return (await call('POST', `/members/${await idByEmail(email)}/reject`, { reason })).data as AdminMember;
    },
    async listChanges() {
      return (await call('GET', '/business-changes?size=100')) as { data: AdminMember[]; total: number };
    },
    async approveChanges(email) {
      return (await call('POST', `/members/${await idByEmail(email)}/business-changes/approve`)).data as AdminMember;
    },
    async rejectChanges(email, reason) {
      return (await call('POST', `/members/${await idByEmail(email)}/business-changes/reject`, { reason })).data as AdminMember;
    },
    async orderStatus(oid, status, note) {
      return (await call('PATCH', `/orders/${oid}/status`, { status, note })).data as TOrder;
    },
    async outbox(statuses) {
      const q = new URLSearchParams({ size: '100' });
      for (const s of statuses) q.append('status', s);
      return (await call('GET', `/outbox?${q}`)) as unknown as OutboxList;
    },
    async retryOutbox(id) {
      return (await call('POST', `/outbox/${id}/retry`)).data as TOutboxEntry;
    },
    async staff() {
      return (await call('GET', '/staff')).data as TStaffMember[];
    },
    async createStaff(input) {
      return (await call('POST', '/staff', input)) as unknown as { data: TStaffMember; temporaryPassword: string };
    },
    async close() {},
  };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function openBackend(config: AppConfig): Promise<Backend> {
  if (config.databaseUrl) {
    // The direct connection when there is one: commands may run long statements and need no pooler.
    const url = config.databaseDirectUrl ?? config.databaseUrl;
    const handle = await openDatabase({ url, poolMax: 2 });
    try {
      await migrateDatabase(handle, url);
    } catch (e) {
      await handle.close().catch(() => {});
      throw new CliError(`Cannot open the database at DATABASE_URL: ${(e as Error).message}`);
    }
    return directBackend(config, handle, 'PostgreSQL (DATABASE_URL)', () => {});
  }
  // A server that is starting holds the lock before it writes its port: give it a moment.
  for (let waited = 0; ; waited += 250) {
    const holder = liveLockHolder(config.dataDir);
    if (holder === null) break;
    const port = readServerPort(config.dataDir);
    if (port) return httpBackend(config, port);
    if (waited >= 30_000) {
      throw new CliError(`Process ${holder} holds ${config.dataDir} but serves no port. Try again when it has started or stopped.`);
    }
    await sleep(250);
  }
  if (!existsSync(path.join(config.dataDir, 'pglite', 'PG_VERSION'))) {
    throw new CliError(`There is no database in ${config.dataDir} yet. Start the server once (npm start), or set DATA_DIR / DATABASE_URL.`);
  }
  const lock = tryAcquireDataDirLock(config.dataDir);
  if ('heldBy' in lock) throw new CliError(`Process ${lock.heldBy} just took ${config.dataDir}. Try again.`);
  try {
    const handle = await openDatabase({ dataDir: config.dataDir });
    await migrateDatabase(handle);
    return directBackend(config, handle, `the database in ${config.dataDir}`, lock.release);
  } catch (e) {
    lock.release();
    throw e;
  }
}

function table(rows: AdminMember[]): string {
  return grid(
    ['ID', 'STATUS', 'ROLE', 'E-MAIL', 'NAME', 'COMPANY', 'BUSINESS NO.', 'SIGNED UP'],
    rows.map((m) => [
      String(m.id),
      m.status,
      m.role,
      m.email,
      m.fullName,
      m.business?.companyName ?? '-',
      m.business?.businessNumber ?? '-',
      m.createdAt.slice(0, 10),
    ]),
  );
}

/** One line per waiting field: what is approved and what the buyer asked for. */
function changesTable(rows: AdminMember[]): string {
  return grid(
    ['ID', 'E-MAIL', 'FIELD', 'APPROVED', 'REQUESTED', 'SINCE'],
    rows.flatMap((m) => {
      const b = m.business;
      const pending = b?.pendingChanges ?? {};
      return BUSINESS_REVIEW_FIELDS.filter((k) => pending[k] !== undefined).map((k) => [
        String(m.id),
        m.email,
        k,
        b?.[k] ?? '-',
        pending[k] ?? '-',
        (b?.pendingSince ?? '').slice(0, 16).replace('T', ' '),
      ]);
    }),
  );
}

function outboxTable(rows: TOutboxEntry[]): string {
  return grid(
    ['ID', 'STATUS', 'CHANNEL', 'PURPOSE', 'TO', 'TRIES', 'CREATED (UTC)', 'SUBJECT / LAST ERROR'],
    rows.map((m) => [
      String(m.id),
      m.status,
      m.channel,
      m.purpose,
      m.recipient,
      String(m.attempts),
      m.createdAt.slice(0, 16).replace('T', ' '),
      (m.lastError ?? m.subject ?? '').replace(/\s+/g, ' ').slice(0, 80),
    ]),
  );
}

function grid(head: string[], cells: string[][]): string {
  // Hangul and other wide characters take two columns in a terminal.
  const width = (s: string) =>
    [...s].reduce((n, c) => n + (/[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\uff00-\uff60]/.test(c) ? 2 : 1), 0);
  // A row without a cell for a column shows it empty.
  const widths = head.map((h, i) => Math.max(width(h), ...cells.map((r) => width(r[i] ?? ''))));
  const line = (r: string[]) =>
    r
      .map((c, i) => c + ' '.repeat((widths[i] ?? width(c)) - width(c)))
      .join('  ')
      .trimEnd();
  return [line(head), ...cells.map(line)].join('\n');
}

async function main(argv: string[]): Promise<number> {
  let cmd: Command;
  try {
    cmd = parseArgs(argv);
  } catch (e) {
    console.error((e as Error).message);
    return (e as CliError).exitCode ?? 2;
  }
  if (cmd.kind === 'help') {
    console.log(USAGE);
    return 0;
  }
  let config: AppConfig;
  try {
    config = loadConfig(process.env, process.cwd());
  } catch (e) {
    if (e instanceof ConfigError) {
      console.error(e.message);
      return 1;
    }
    throw e;
  }
  let backend: Backend | undefined;
  try {
    backend = await openBackend(config);
    if (cmd.kind === 'members') {
      const { data, total } = await backend.list(cmd);
      const what = `${cmd.status ? `${cmd.status} ` : ''}members${cmd.query ? ` matching "${cmd.query}"` : ''}`;
      if (data.length === 0) console.log(`No ${what}.`);
      else console.log(`${table(data)}\n\n${total} ${what}${total > data.length ? ` (showing the newest ${data.length})` : ''}.`);
    } else if (cmd.kind === 'approve') {
      const m = await backend.approve(cmd.email);
      console.log(`Approved ${m.email} (id ${m.id}${m.business ? `, ${m.business.companyName}` : ''}): now an approved BUYER.`);
    } else if (cmd.kind === 'reject') {
      const m = await backend.reject(cmd.email, cmd.reason);
      console.log(`Rejected ${m.email} (id ${m.id}). Reason shown to the member: ${cmd.reason}`);
    } else if (cmd.kind === 'changes') {
      const { data, total } = await backend.listChanges();
      const what = 'members with business changes waiting for review';
      if (data.length === 0) console.log(`No ${what}.`);
      else console.log(`${changesTable(data)}\n\n${total} ${what}${total > data.length ? ` (showing the first ${data.length})` : ''}.`);
    } else if (cmd.kind === 'approve-changes') {
      const m = await backend.approveChanges(cmd.email);
      console.log(`Applied the business changes of ${m.email} (id ${m.id}): now ${m.business?.companyName ?? '-'}.`);
    } else if (cmd.kind === 'outbox') {
      const { data, counts } = await backend.outbox(cmd.statuses);
      const what = cmd.statuses.length ? cmd.statuses.join(' or ') : 'unsent';
      const summary = `Outbox: ${counts.failed} failed, ${counts.pending} waiting, ${counts.sending} being sent, ${counts.sent} sent.`;
      if (data.length === 0) console.log(`No ${what} messages.\n${summary}`);
      else console.log(`${outboxTable(data)}\n\n${summary}${data.length >= 100 ? ' (showing the newest 100)' : ''}`);
    } else if (cmd.kind === 'outbox-retry') {
      const m = await backend.retryOutbox(cmd.id);
      console.log(`Message ${m.id} (${m.channel} to ${m.recipient}) is waiting to be sent again.`);
    } else if (cmd.kind === 'staff') {
      const rows = await backend.staff();
      console.log(
        grid(
          ['ID', 'ROLE', 'E-MAIL', 'NAME', 'AUTHENTICATOR', 'STATE', 'LAST SIGN-IN (UTC)'],
          rows.map((m) => [
            String(m.id),
            m.role,
            m.email,
            m.fullName,
            m.secondFactor ? 'set up' : 'not yet',
            m.disabled ? 'disabled' : 'active',
            (m.lastLoginAt ?? '-').slice(0, 16).replace('T', ' '),
          ]),
        ),
      );
    } else if (cmd.kind === 'staff-create') {
      const { data, temporaryPassword } = await backend.createStaff(cmd);
      console.log(
        `Created ${data.email} (id ${data.id}, ${data.role}).\nTemporary password (shown once): ${temporaryPassword}\n` +
          'At the first sign-in the account sets up an authenticator app (a QR code) before any staff call.',
      );
    } else if (cmd.kind === 'order') {
      const o = await backend.orderStatus(cmd.oid, cmd.status, cmd.note);
      console.log(
        `Order ${o.oid} is now ${o.status} (${o.buyer.companyName ?? o.buyer.fullName}, total ${o.amounts.total.toLocaleString('en-US')} KRW).`,
      );
    } else {
      const m = await backend.rejectChanges(cmd.email, cmd.reason);
      console.log(`Rejected the business changes of ${m.email} (id ${m.id}). Reason mailed to the member: ${cmd.reason}`);
    }
    console.error(`(via ${backend.via})`);
    return 0;
  } catch (e) {
    if (e instanceof CliError) {
      console.error(`Error: ${e.message}`);
      return e.exitCode;
    }
    console.error(`Error: ${(e as Error).message ?? e}`);
    return 1;
  } finally {
    await backend?.close().catch(() => {});
  }
}

process.exitCode = await main(process.argv.slice(2));
// Everything is closed by now; should a driver still hold the event loop, do not hang the terminal.
setTimeout(() => process.exit(), 5000).unref();
