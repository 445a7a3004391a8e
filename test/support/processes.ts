import { ChildProcess, spawn, spawnSync } from 'node:child_process';
import { join, resolve } from 'node:path';

// Jest runs from the project root (npm scripts cd there); the e2e code runs as ES modules (no __dirname).
export const ROOT = resolve(process.cwd());

/** Builds dist/ when the sources are newer (scripts/run.js decides). Called once, by the e2e global setup. */
export function ensureBuilt(): void {
  const build = spawnSync(process.execPath, [join(ROOT, 'scripts/run.js'), 'build'], { cwd: ROOT, encoding: 'utf8' });
  if (build.status !== 0) throw new Error(`build failed:\n${build.stderr}`);
}

/** The environment a user's shell would give a process: ours without test-runner settings. */
export function cleanEnv(extra: Record<string, string | undefined>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const k of Object.keys(env)) {
    // HEAP_GROWTH_PERCENT too: the process tests check its default.
    if (
      k === 'NODE_OPTIONS' ||
      k === 'DATABASE_URL' ||
      k === 'HEAP_GROWTH_PERCENT' ||
      k.startsWith('JEST') ||
      k.startsWith('BUNTING_E2E')
    )
      delete env[k];
  }
  for (const [k, v] of Object.entries(extra)) if (v !== undefined) env[k] = v;
  return env;
}

export interface CliResult {
  status: number | null;
  stdout: string;
  stderr: string;
  /** The last line of stdout: what scripts read. */
  last: string;
}

export function runCli(args: string[], env: NodeJS.ProcessEnv, input?: string): CliResult {
  const r = spawnSync(process.execPath, [join(ROOT, 'dist/apps/api/src/cli.js'), ...args], {
    cwd: ROOT,
    env,
    input,
    encoding: 'utf8',
    timeout: 60_000,
  });
  const lines = r.stdout.trimEnd().split('\n');
  return { status: r.status, stdout: r.stdout, stderr: r.stderr, last: lines[lines.length - 1] ?? '' };
}

export interface ServerProcess {
  child: ChildProcess;
  url: string;
  output(): string;
  /** Resolves with the exit code. */
  exited: Promise<number | null>;
}

/** Starts the built API and waits until it logs that it listens (PORT=0: a free port). */
export async function startServer(env: NodeJS.ProcessEnv, timeoutMs = 60_000): Promise<ServerProcess> {
  const child = spawn(process.execPath, [join(ROOT, 'dist/apps/api/src/main.js')], {
    cwd: ROOT,
    env: { PORT: '0', ...env },
  });
  let out = '';
  child.stdout!.on('data', (c) => (out += c));
  child.stderr!.on('data', (c) => (out += c));
  const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
  const url = await new Promise<string>((resolveUrl, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${out}`)), timeoutMs);
    const check = () => {
      const line = logLine(out, 'listening');
      if (line) {
        clearTimeout(timer);
        resolveUrl(`http://127.0.0.1:${line.port}`);
      }
    };
    child.stdout!.on('data', check);
    void exited.then((code) => reject(new Error(`server exited with ${code}:\n${out}`)));
  });
  return { child, url, output: () => out, exited };
}

export interface RunningCli {
  child: ChildProcess;
  stdout(): string;
  stderr(): string;
  /** Resolves with the exit code, or the signal that ended the process, once its output is read. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** Starts the built CLI without waiting for it (to stop or kill it while it runs). */
export function spawnCli(args: string[], env: NodeJS.ProcessEnv): RunningCli {
  const child = spawn(process.execPath, [join(ROOT, 'dist/apps/api/src/cli.js'), ...args], { cwd: ROOT, env });
  let out = '';
  let err = '';
  child.stdout!.on('data', (c) => (out += c));
  child.stderr!.on('data', (c) => (err += c));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((r) =>
    child.once('close', (code, signal) => r({ code, signal })),
  );
  return { child, stdout: () => out, stderr: () => err, exited };
}

/** The JSON log line a process wrote with this message (its start line: `listening`, `worker started`). */
export function startLine(proc: ServerProcess, msg: string): Record<string, unknown> {
  const line = logLine(proc.output(), msg);
  if (!line) throw new Error(`no "${msg}" line in:\n${proc.output()}`);
  return line;
}

function logLine(output: string, msg: string): Record<string, unknown> | undefined {
  const line = output.split('\n').find((l) => l.includes(`"msg":${JSON.stringify(msg)}`));
  return line === undefined ? undefined : (JSON.parse(line) as Record<string, unknown>);
}

/** Starts the built worker and waits until it logs that it started (WORKER_PORT=0: a free port). */
export async function startWorker(env: NodeJS.ProcessEnv, timeoutMs = 60_000): Promise<ServerProcess> {
  const child = spawn(process.execPath, [join(ROOT, 'dist/apps/worker/src/main.js')], {
    cwd: ROOT,
    env: { WORKER_PORT: '0', ...env },
  });
  let out = '';
  child.stdout!.on('data', (c) => (out += c));
  child.stderr!.on('data', (c) => (out += c));
  const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
  const url = await new Promise<string>((resolveUrl, reject) => {
    const timer = setTimeout(() => reject(new Error(`worker did not start:\n${out}`)), timeoutMs);
    const check = () => {
      const line = logLine(out, 'worker started');
      if (line) {
        clearTimeout(timer);
        resolveUrl(`http://127.0.0.1:${line.port}`);
      }
    };
    child.stdout!.on('data', check);
    void exited.then((code) => reject(new Error(`worker exited with ${code}:\n${out}`)));
  });
  return { child, url, output: () => out, exited };
}
