/** `group action --flag value --flag=value` → parts; no third-party parser needed for this table. */
export interface ParsedArgs {
  words: string[];
  flags: Map<string, string>;
}

export class UsageError extends Error {}

export function parseArgs(argv: string[]): ParsedArgs {
  const words: string[] = [];
  const flags = new Map<string, string>();
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (!arg.startsWith('--')) {
      words.push(arg);
      continue;
    }
    const eq = arg.indexOf('=');
    const name = arg.slice(2, eq === -1 ? undefined : eq);
    if (!name) throw new UsageError(`Malformed option "${arg}"`);
    let value: string | undefined;
    if (eq !== -1) value = arg.slice(eq + 1);
    else if (i + 1 < argv.length && !argv[i + 1].startsWith('--')) value = argv[++i];
    if (value === undefined) throw new UsageError(`Option --${name} needs a value`);
    if (flags.has(name)) throw new UsageError(`Option --${name} given twice`);
    flags.set(name, value);
  }
  return { words, flags };
}

/** The value of a required option; usage error when missing or blank. */
export function required(args: ParsedArgs, name: string): string {
  const v = args.flags.get(name);
  if (v === undefined || v.trim() === '') throw new UsageError(`Missing required option --${name}`);
  return v;
}

export function checkOnly(args: ParsedArgs, allowed: string[]): void {
  for (const name of args.flags.keys()) {
    if (!allowed.includes(name)) throw new UsageError(`Unknown option --${name}`);
  }
}
