import { LoggerService } from '@nestjs/common';
import { pino, Logger as Pino } from 'pino';
import { LogLevel } from '../config/platform-config';
import { currentRequestId } from './request-context';

const NEST_STARTUP = new Set(['NestFactory', 'InstanceLoader', 'RoutesResolver', 'RouterExplorer', 'NestApplication']);

/**
 * Fields never written, at the top of an entry or one level down (`headers.authorization`,
 * `req.cookie`): keys, tokens, cookies, credentials.
 */
const SECRET_FIELDS = [
  'authorization',
  'cookie',
  'set-cookie',
  'token',
  'api_key',
  'apiKey',
  'personal_api_key',
  'secret',
  'password',
  'key_hash',
  'keyHash',
];
export const REDACTED_PATHS = SECRET_FIELDS.flatMap((f) => [`["${f}"]`, `*["${f}"]`]);

// Defence in depth: a personal API key or a project secret token must never reach a log line, whatever field carries it.
const SECRET = /(phx|phs)_[A-Za-z0-9]{20,}/g;

function scrub(value: string): string {
  return value.replace(SECRET, '$1_[redacted]');
}

/**
 * One JSON object per line (pino), with the request id of the surrounding request when there is
 * one, secret fields redacted. Also Nest's logger (LoggerService), so the framework's own lines
 * come out the same way. (nestjs-pino would wire pino into Nest too, but its NestJS 12 release
 * needs Node 22.12 and Bunting runs on Node 20.19 and later.)
 */
export class JsonLogger implements LoggerService {
  private readonly pino: Pino;

  constructor(level: LogLevel, stream: NodeJS.WritableStream = process.stdout) {
    this.pino = pino(
      {
        level,
        base: undefined,
        messageKey: 'msg',
        timestamp: () => `,"time":"${new Date().toISOString()}"`,
        formatters: { level: (label) => ({ level: label }) },
        mixin: () => {
          const requestId = currentRequestId();
          return requestId ? { request_id: requestId } : {};
        },
        redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
        hooks: { streamWrite: scrub },
      },
      stream as unknown as pino.DestinationStream,
    );
  }

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
    this.pino[level](fields, msg);
  }

  private write(level: Exclude<LogLevel, 'silent'>, message: unknown, rest: unknown[]): void {
    if (!this.pino.isLevelEnabled(level)) return;
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
