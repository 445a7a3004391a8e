import { ConfigError, DomainError, JsonLogger, loadConfig } from '@app/platform';
import { NestFactory } from '@nestjs/core';
import { ApiConfig } from './api.config';
import { commandWords, ParsedArgs, parseOptions, UsageError } from './cli/args';
import { CliModule } from './cli/cli.module';
import { COMMANDS } from './cli/commands';

function usage(): string {
  return [
    'Usage: npm run cli -- <command>',
    '',
    'Commands:',
    ...Object.values(COMMANDS).map((c) => `  ${c.usage}`),
  ].join('\n');
}

/**
 * `npm run cli -- <command>`: results on stdout (the last line is the id or value scripts read),
 * messages on stderr; exit 0 on success, 1 on failure, 2 on bad arguments.
 */
async function main(argv: string[]): Promise<number> {
  const words = commandWords(argv);
  if (['help', '--help', '-h'].includes(argv[0])) {
    process.stderr.write(`${usage()}\n`);
    return 0;
  }
  if (words.length === 0) {
    process.stderr.write(`${usage()}\n`);
    return 2;
  }
  const name = words.slice(0, 2).join(' ');
  const command = COMMANDS[name];
  if (!command || words.length > 2) {
    process.stderr.write(`Unknown command "${words.join(' ')}"\n\n${usage()}\n`);
    return 2;
  }
  let args: ParsedArgs;
  try {
    args = parseOptions(argv.slice(words.length), command.options);
  } catch (e) {
    if (!(e instanceof UsageError)) throw e;
    process.stderr.write(`${e.message}\n\nUsage: npm run cli -- ${command.usage}\n`);
    return 2;
  }
  let config: ApiConfig;
  try {
    config = loadConfig(ApiConfig, process.env);
  } catch (e) {
    process.stderr.write(`${(e as Error).message}\n`);
    return e instanceof ConfigError ? 2 : 1;
  }
  // `db migrate` reports what it applies, so it must not migrate while opening the database.
  if (name === 'db migrate') config.MIGRATIONS_RUN = false;
  const logger = new JsonLogger(config.LOG_LEVEL === 'info' ? 'warn' : config.LOG_LEVEL, process.stderr);
  const app = await NestFactory.createApplicationContext(CliModule.forRoot(config, logger), {
    logger,
    abortOnError: false,
  });
  try {
    await command.run(app, args, (line) => process.stdout.write(`${line}\n`));
    return 0;
  } catch (e) {
    if (e instanceof UsageError) {
      process.stderr.write(`${e.message}\n\nUsage: npm run cli -- ${command.usage}\n`);
      return 2;
    }
    const message =
      e instanceof DomainError ? `${e.detail}${e.attr ? ` (${e.attr})` : ''}` : String((e as Error)?.stack ?? e);
    process.stderr.write(`Error: ${message}\n`);
    return 1;
  } finally {
    await app.close();
  }
}

/**
 * Exits once stdout and stderr are flushed: a pipe whose reader is slow holds what did not fit
 * yet, and process.exit() would drop it (a long `deletions list` lost its last lines).
 */
function exitWhenFlushed(code: number): void {
  process.stdout.write('', () => process.stderr.write('', () => process.exit(code)));
}

main(process.argv.slice(2)).then(exitWhenFlushed, (e: unknown) => {
  process.stderr.write(`Error: ${e instanceof Error ? e.message : String(e)}\n`);
  exitWhenFlushed(1);
});
