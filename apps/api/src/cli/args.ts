import { parseArgs } from 'node:util';

/** A command's options, `--name value` or `--name=value`, each at most once. */
export interface ParsedArgs {
  flags: Map<string, string>;
}

export class UsageError extends Error {}

/** The command's words: what comes before the first option (`keys create`). */
export function commandWords(argv: string[]): string[] {
  const first = argv.findIndex((a) => a.startsWith('-'));
  return first === -1 ? argv : argv.slice(0, first);
}

/**
 * The options after the command's words, read by node's parseArgs with the command's option
 * names; anything else, a missing value, a repeated option or a stray word is a usage error.
 */
export function parseOptions(argv: string[], allowed: readonly string[]): ParsedArgs {
  const { tokens } = parseArgs({
    args: argv,
    options: Object.fromEntries(allowed.map((name) => [name, { type: 'string' as const }])),
    strict: false,
    allowPositionals: true,
    tokens: true,
  });
  const flags = new Map<string, string>();
  for (const token of tokens) {
    if (token.kind === 'positional') throw new UsageError(`Unexpected argument "${token.value}"`);
    if (token.kind !== 'option') continue;
    if (!allowed.includes(token.name)) throw new UsageError(`Unknown option ${token.rawName}`);
    const value = token.value;
    // parseArgs takes the next word as the value even when it is the next option.
    if (value === undefined || (!token.inlineValue && value.startsWith('--'))) {
      throw new UsageError(`Option --${token.name} needs a value`);
    }
    if (flags.has(token.name)) throw new UsageError(`Option --${token.name} given twice`);
    flags.set(token.name, value);
  }
  return { flags };
}

/** The value of a required option; usage error when missing or blank. */
export function required(args: ParsedArgs, name: string): string {
  const v = args.flags.get(name);
  if (v === undefined || v.trim() === '') throw new UsageError(`Missing required option --${name}`);
  return v;
}
