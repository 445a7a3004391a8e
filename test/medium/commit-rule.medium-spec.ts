import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * The commit rule of CONTRIBUTING.md, as the commit-msg hook (husky, installed by `npm ci`) and
 * `npm run lint:commits` (CI) apply it: a subject over 72 characters is refused.
 */
describe('the commit rule', () => {
  const root = process.cwd();
  let repo: string;

  beforeAll(() => {
    repo = mkdtempSync(join(tmpdir(), 'bunting-commits-'));
  });
  afterAll(() => rmSync(repo, { recursive: true, force: true }));

  const hook = (message: string) => {
    const file = join(repo, 'COMMIT_EDITMSG');
    writeFileSync(file, message);
    return spawnSync('sh', [join(root, '.husky/commit-msg'), file], { cwd: root, encoding: 'utf8' });
  };

  it('the hook refuses a 120-character subject and takes a 72-character one with a body', () => {
    const refused = hook(`${'a'.repeat(120)}\n\nWhy, and the figures.\n`);
    expect(refused.status).not.toBe(0);
    expect(refused.stdout + refused.stderr).toContain('header must not be longer than 72 characters');
    expect(hook(`${'a'.repeat(72)}\n\nWhy, and the figures.\n`).status).toBe(0);
  });

  it('CI checks every commit since the last tag', () => {
    const git = (...args: string[]) =>
      execFileSync('git', ['-c', 'user.email=t@example.com', '-c', 'user.name=t', ...args], { cwd: repo });
    git('init', '-q');
    git('commit', '-q', '--allow-empty', '-m', `an old subject from before the rule ${'x'.repeat(100)}`);
    git('tag', 'v0.0.1');
    git('commit', '-q', '--allow-empty', '-m', 'Add a thing\n\nBecause.');
    const lint = () =>
      spawnSync('node', [join(root, 'scripts/lint-commits.mjs')], {
        cwd: repo,
        encoding: 'utf8',
      });
    expect(lint().status).toBe(0);
    git('commit', '-q', '--allow-empty', '-m', `${'b'.repeat(120)}\n\nBecause.`);
    const refused = lint();
    expect(refused.status).not.toBe(0);
    expect(refused.stdout + refused.stderr).toContain('header must not be longer than 72 characters');
  });
});
