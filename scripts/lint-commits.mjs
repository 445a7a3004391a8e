// The commit rule for every commit since the last tag (commitlint.config.mjs). Before the first
// tag: since RULE_SINCE, the last commit written before the rule (older subjects are history).
import { execFileSync, spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath, URL } from 'node:url';

const RULE_SINCE = '6f496982ec2ba79d036192202710532c16d969fe';

const git = (...args) => {
  const r = spawnSync('git', args, { encoding: 'utf8' });
  return r.status === 0 ? r.stdout.trim() : null;
};

const base = git('describe', '--tags', '--abbrev=0') ?? RULE_SINCE;
// A shallow clone lacks the base: deepen it once.
if (
  git('merge-base', '--is-ancestor', base, 'HEAD') === null &&
  git('rev-parse', '--is-shallow-repository') === 'true'
) {
  git('fetch', '--quiet', '--unshallow');
}
if (git('merge-base', '--is-ancestor', base, 'HEAD') === null) {
  console.error(`lint-commits: ${base} is not in this clone's history (a shallow clone?); fetch it first`);
  process.exit(1);
}
const count = git('rev-list', '--count', `${base}..HEAD`);
console.log(`lint-commits: ${count} commit(s) since ${base}`);
if (count === '0') process.exit(0);
const commitlint = createRequire(import.meta.url).resolve('@commitlint/cli/cli.js');
const config = fileURLToPath(new URL('../commitlint.config.mjs', import.meta.url));
try {
  execFileSync(process.execPath, [commitlint, '--config', config, '--from', base, '--to', 'HEAD'], {
    stdio: 'inherit',
  });
} catch {
  process.exit(1);
}
