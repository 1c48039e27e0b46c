// The hostile input run: generated requests against every documented route of a real app on a real
// database (most through inject, the parser-level ones over a socket), each checked for a status
// below 500, the error shape, a living process and, after every 4xx, an unchanged database. Every
// request is sent and counted; the first failing request of each kind is then shrunk by fast-check
// (replayed from its run index) to the smallest request that still fails.
import fc from 'fast-check';
import type { Dialect } from '../../../src/db/schema.js';
import { createTestApp, makeClient, type TestApp } from '../app.js';
import { databaseSnapshotter, snapshotDifferences, type DatabaseSnapshot, type Snapshotter } from '../db-snapshot.js';
import { checkAnswer, type Violation, type ViolationKind } from './checks.js';
import { openDefectOf } from './exclusions.js';
import { buildRequest, describeRequest, planArbitrary, type Plan } from './requests.js';
import { documentedOperations, operationsWithoutGenerator, type Operation } from './routes.js';
import { health, parseResponse, sendRaw, socketCaseArbitrary, type SocketCase } from './socket.js';
import { createWorld, repair, settleRender, type World } from './world.js';

export interface HostileRunOptions {
  kind: Dialect;
  /** Requests sent through inject. */
  requests: number;
  /** Requests written to a listening server's socket. */
  socketRequests: number;
  seed: number;
  log?: (line: string) => void;
}

export interface HostileReport {
  kind: Dialect;
  seed: number;
  routes: number;
  sent: number;
  socketSent: number;
  byStatus: Record<string, number>;
  /** Requests sent through inject, by documented route and by who sent them. */
  byRoute: Record<string, number>;
  byCaller: Record<string, number>;
  counts: Record<ViolationKind, number>;
  /** Violations of open defects (exclusions.ts), by defect. */
  excluded: Record<string, number>;
  /** Violations grouped by what went wrong: how many, and the first request of each group. */
  classes: Record<string, { count: number; example: string }>;
  /** The smallest failing request of each kind fast-check could shrink to. */
  counterexamples: string[];
}

interface Outcome {
  request: string;
  violations: Violation[];
}

const MAX_CLASSES = 40;

class Harness {
  private baseline!: DatabaseSnapshot;
  private readonly crashes: unknown[] = [];
  private readonly onCrash = (error: unknown) => {
    this.crashes.push(error);
  };
  readonly report: HostileReport;

  constructor(
    readonly t: TestApp,
    readonly world: World,
    readonly operations: Operation[],
    private readonly snapshots: Snapshotter,
    options: HostileRunOptions,
  ) {
    this.report = {
      kind: options.kind,
      seed: options.seed,
      routes: operations.length,
      sent: 0,
      socketSent: 0,
      byStatus: {},
      byRoute: {},
      byCaller: {},
      counts: { '5xx': 0, crash: 0, shape: 0, database: 0, unhealthy: 0 },
      excluded: {},
      classes: {},
      counterexamples: [],
    };
  }

  async start(): Promise<void> {
    this.baseline = await this.snapshots.take();
    // In a server these would end the process: here they are counted against the request in flight.
    process.on('uncaughtException', this.onCrash);
    process.on('unhandledRejection', this.onCrash);
  }

  async stop(): Promise<void> {
    process.off('uncaughtException', this.onCrash);
    process.off('unhandledRejection', this.onCrash);
    await this.snapshots.close();
  }

  private count(status: string): void {
    this.report.byStatus[status] = (this.report.byStatus[status] ?? 0) + 1;
  }

  /** Compares the database with the last snapshot; a 4xx (or no answer) must have changed nothing. */
  private async settleDatabase(refused: boolean, violations: Outcome['violations']): Promise<void> {
    const after = await this.snapshots.take();
    if (refused) {
      const changed = snapshotDifferences(this.baseline, after);
      if (changed.length > 0)
        violations.push({
          kind: 'database',
          summary: changed.map((c) => c.split(' ')[0]).join(', '),
          detail: `changed after a refusal: ${changed.join(', ')}`,
        });
    }
    this.baseline = after;
  }

  private async afterSuccess(method: string, target: string, status: number, body: string): Promise<void> {
    if (status === 202) {
      const token = (JSON.parse(body) as { label_render?: { token?: string } }).label_render?.token;
      if (token) await settleRender(makeClient(this.t.app, this.world.a.key), token);
    }
    await repair(this.t, this.world, method, target);
  }

  private crashCheck(before: number, violations: Outcome['violations']): void {
    for (const error of this.crashes.slice(before)) {
      const detail = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
      violations.push({ kind: 'crash', summary: detail.slice(0, 100), detail });
    }
  }

  /** Sends one planned request; `counted` is false for the replays of shrinking. */
  async inject(plan: Plan, counted = true): Promise<Outcome> {
    const request = buildRequest(plan, this.world, this.t.config.bodyLimitBytes);
    const described = describeRequest(request);
    const crashesBefore = this.crashes.length;
    const response = await this.t.app.inject({
      method: request.method as any,
      url: request.url,
      headers: request.headers,
      payload: request.payload,
    });
    if (counted) {
      this.report.sent++;
      this.count(String(response.statusCode));
      this.report.byRoute[request.target] = (this.report.byRoute[request.target] ?? 0) + 1;
      const caller =
        typeof plan.caller === 'string'
          ? { A: "account A's key", B: "account B's key", none: 'no key' }[plan.caller]
          : 'a garbage Authorization header';
      this.report.byCaller[caller] = (this.report.byCaller[caller] ?? 0) + 1;
    }
    const violations: Outcome['violations'] = checkAnswer({
      path: request.url,
      status: response.statusCode,
      headers: response.headers,
      body: response.body,
      method: request.method,
    });
    const refused = response.statusCode >= 400 && response.statusCode < 500;
    if (response.statusCode < 400) await this.afterSuccess(request.method, request.target, response.statusCode, response.body);
    await this.settleDatabase(refused, violations);
    this.crashCheck(crashesBefore, violations);
    return { request: described, violations };
  }

  async socket(port: number, raw: SocketCase): Promise<Outcome> {
    const crashesBefore = this.crashes.length;
    const received = await sendRaw(port, raw.chunks, raw.cutShort);
    this.report.socketSent++;
    const requestLine = /^(\S+) (\S+)/.exec(raw.chunks[0]?.subarray(0, 200).toString('latin1') ?? '');
    const answer = parseResponse(received, requestLine?.[1], requestLine?.[2]);
    this.count(answer ? String(answer.status) : 'no answer');
    const violations: Outcome['violations'] = answer ? checkAnswer(answer) : [];
    const status = await health(port);
    if (status !== 200)
      violations.push({
        kind: 'unhealthy',
        summary: `/healthz answered ${status ?? 'nothing'}`,
        detail: `/healthz answered ${status ?? 'nothing'} afterwards`,
      });
    const refused = !answer || (answer.status >= 400 && answer.status < 500);
    if (answer && answer.status < 400) await repair(this.t, this.world, 'DELETE', raw.name);
    await this.settleDatabase(refused, violations);
    this.crashCheck(crashesBefore, violations);
    const head = raw.chunks[0]?.subarray(0, 120).toString('latin1') ?? '';
    return { request: `socket: ${raw.name}: ${JSON.stringify(head)}`, violations };
  }

  /** Counts an outcome; true when it holds a violation that is not an open defect. */
  record(outcome: Outcome): boolean {
    let failed = false;
    for (const violation of outcome.violations) {
      const defect = openDefectOf(outcome.request, violation);
      if (defect) {
        this.report.excluded[defect] = (this.report.excluded[defect] ?? 0) + 1;
        continue;
      }
      failed = true;
      this.report.counts[violation.kind]++;
      const key = `${violation.kind}: ${violation.summary}`;
      const group = this.report.classes[key];
      if (group) group.count++;
      else if (Object.keys(this.report.classes).length < MAX_CLASSES)
        this.report.classes[key] = { count: 1, example: `${violation.detail}\n      request: ${outcome.request}` };
    }
    return failed;
  }
}

const UNLIMITED = { DEFAULT_PER_MINUTE_LIMIT: '10000000', DEFAULT_WEEKLY_LIMIT: '1000000000' };

/** Runs the whole suite on a fresh app and database; the report says what held. */
export async function runHostileInput(options: HostileRunOptions): Promise<HostileReport> {
  const log = options.log ?? (() => undefined);
  // The suite is about input, not limits: the per-minute and weekly limits would refuse most of it.
  const t = await createTestApp(options.kind, UNLIMITED);
  try {
    const operations = await documentedOperations(t.app);
    const missing = operationsWithoutGenerator(operations);
    if (missing.length > 0)
      throw new Error(`documented routes without a generator in test/support/hostile/routes.ts: ${missing.join('; ')}`);
    const world = await createWorld(t);
    const harness = new Harness(t, world, operations, await databaseSnapshotter(t.db), options);
    await harness.start();
    try {
      const plans = planArbitrary(operations);
      const firstFailure = new Map<ViolationKind, number>();
      let index = 0;
      await fc.assert(
        fc.asyncProperty(plans, async (plan) => {
          const run = index++;
          const outcome = await harness.inject(plan);
          if (harness.record(outcome)) for (const v of outcome.violations) if (!firstFailure.has(v.kind)) firstFailure.set(v.kind, run);
          if (run > 0 && run % 2000 === 0) log(`  ${run} requests sent`);
        }),
        { seed: options.seed, numRuns: options.requests, endOnFailure: true },
      );

      // Shrink the first failure of each kind to the smallest request that still fails that way.
      for (const [kind, run] of firstFailure) {
        const result = await fc.check(
          fc.asyncProperty(plans, async (plan) => {
            const outcome = await harness.inject(plan, false);
            return !outcome.violations.some((v) => v.kind === kind && !openDefectOf(outcome.request, v));
          }),
          { seed: options.seed, path: String(run), numRuns: 1 },
        );
        if (result.failed && result.counterexample) {
          const smallest = buildRequest(result.counterexample[0], world, t.config.bodyLimitBytes);
          harness.report.counterexamples.push(`${kind} (run ${run}, shrunk ${result.numShrinks} times): ${describeRequest(smallest)}`);
        } else
          harness.report.counterexamples.push(
            `${kind} (run ${run}): did not fail again when replayed alone (it depends on the requests before it)`,
          );
      }

      if (options.socketRequests > 0) {
        await t.app.listen({ host: '127.0.0.1', port: 0 });
        const address = t.app.server.address();
        const port = typeof address === 'object' && address ? address.port : 0;
        await fc.assert(
          fc.asyncProperty(socketCaseArbitrary(world.a.key, t.config.bodyLimitBytes), async (raw) => {
            harness.record(await harness.socket(port, raw));
          }),
          { seed: options.seed, numRuns: options.socketRequests, endOnFailure: true },
        );
      }
    } finally {
      await harness.stop();
    }
    return harness.report;
  } finally {
    await t.close();
  }
}

export function totalViolations(report: HostileReport): number {
  return Object.values(report.counts).reduce((a, b) => a + b, 0);
}

function routeSpread(report: HostileReport): string {
  const counts = Object.entries(report.byRoute).sort(([, a], [, b]) => a - b);
  if (counts.length === 0) return 'none';
  const [fewest, most] = [counts[0]!, counts[counts.length - 1]!];
  return `${counts.length} of ${report.routes} routes, from ${fewest[1]} (${fewest[0]}) to ${most[1]} (${most[0]})`;
}

/** The report as the lines `npm run fuzz` prints. */
export function formatReport(report: HostileReport): string[] {
  const statuses = Object.entries(report.byStatus)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([s, n]) => `${s}: ${n}`)
    .join(', ');
  const lines = [
    `database: ${report.kind}; seed: ${report.seed} (FUZZ_SEED=${report.seed} reproduces this run)`,
    `documented routes attacked: ${report.routes}`,
    `requests sent: ${report.sent + report.socketSent} (${report.sent} through inject, ${report.socketSent} over a socket)`,
    `responses by status: ${statuses}`,
    `requests by caller: ${Object.entries(report.byCaller)
      .sort(([, a], [, b]) => b - a)
      .map(([c, n]) => `${c} ${n}`)
      .join(', ')}`,
    `requests per documented route: ${routeSpread(report)}`,
    `5xx: ${report.counts['5xx']}`,
    `crashes: ${report.counts.crash} (uncaught errors); server not answering /healthz afterwards: ${report.counts.unhealthy}`,
    `shape violations: ${report.counts.shape}`,
    `database changes after a 4xx: ${report.counts.database}`,
  ];
  for (const [defect, n] of Object.entries(report.excluded)) lines.push(`excluded as open defect "${defect}": ${n}`);
  const classes = Object.entries(report.classes).sort(([, a], [, b]) => b.count - a.count);
  if (classes.length > 0)
    lines.push(
      'violations by kind (count, then the first request):',
      ...classes.map(([key, c]) => `  ${c.count} x ${key}\n      ${c.example}`),
    );
  if (report.counterexamples.length > 0) lines.push('smallest failing requests:', ...report.counterexamples.map((e) => `  ${e}`));
  return lines;
}
