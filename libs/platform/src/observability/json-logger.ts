import { LoggerService } from '@nestjs/common';
import { LogLevel } from '../config/platform-config';
import { currentRequestId } from './request-context';

const NEST_STARTUP = new Set(['NestFactory', 'InstanceLoader', 'RoutesResolver', 'RouterExplorer', 'NestApplication']);

const RANK: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 };

// Defence in depth: a personal API key must never reach a log line, whatever a caller passes.
const SECRET = /phx_[A-Za-z0-9]{20,}/g;

function scrub(value: string): string {
  return value.replace(SECRET, 'phx_[redacted]');
}

/** One JSON object per line, with the request id of the surrounding request when there is one. */
export class JsonLogger implements LoggerService {
  constructor(
    private readonly level: LogLevel,
    private readonly stream: NodeJS.WritableStream = process.stdout,
  ) {}

  log(message: unknown, ...rest: unknown[]): void {
    // Nest's own start-up chatter (module and route listings) is debug material.
    const context = rest[rest.length - 1];
    this.write(typeof context === 'string' && NEST_STARTUP.has(context) ? 'debug' : 'info', message, rest);
  }
  error(message: unknown, ...rest: unknown[]): void {
    this.write('error', message, rest);
  }
  warn(message: unknown, ...rest: unknown[]): void {
    this.write('warn', message, rest);
  }
  debug(message: unknown, ...rest: unknown[]): void {
    this.write('debug', message, rest);
  }
  verbose(message: unknown, ...rest: unknown[]): void {
    this.write('debug', message, rest);
  }

  /** Structured entry: `fields` are merged into the line. */
  entry(level: Exclude<LogLevel, 'silent'>, msg: string, fields: Record<string, unknown> = {}): void {
    if (RANK[level] < RANK[this.level]) return;
    const line: Record<string, unknown> = { time: new Date().toISOString(), level, msg: scrub(msg) };
    const requestId = currentRequestId();
    if (requestId) line.request_id = requestId;
    Object.assign(line, fields);
    this.stream.write(scrub(JSON.stringify(line)) + '\n');
  }

  private write(level: Exclude<LogLevel, 'silent'>, message: unknown, rest: unknown[]): void {
    if (RANK[level] < RANK[this.level]) return;
    // Nest passes (message, context) or (message, stack, context).
    const context = typeof rest[rest.length - 1] === 'string' ? (rest[rest.length - 1] as string) : undefined;
    const fields: Record<string, unknown> = {};
    if (context) fields.context = context;
    if (level === 'error' && rest.length > 1 && typeof rest[0] === 'string') fields.stack = rest[0];
    if (message instanceof Error) {
      fields.stack = message.stack;
      this.entry(level, message.message, fields);
      return;
    }
    if (typeof message === 'object' && message !== null) {
      const { msg, ...others } = message as Record<string, unknown>;
      this.entry(level, String(msg ?? ''), { ...fields, ...others });
      return;
    }
    this.entry(level, String(message), fields);
  }
}
