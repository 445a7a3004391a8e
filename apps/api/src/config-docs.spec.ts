import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { getMetadataStorage } from 'class-validator';
import { WorkerConfig } from '../../worker/src/worker.config';
import { ApiConfig } from './api.config';

// Every variable the two processes read is documented where operators look: a line of
// .env.example (commented out when it has no default) and a row of the table in docs/configuration.md.
describe('configuration documented', () => {
  const variables = [
    ...new Set(
      [ApiConfig, WorkerConfig].flatMap((target) =>
        getMetadataStorage()
          .getTargetValidationMetadatas(target, '', true, false)
          .map((m) => m.propertyName),
      ),
    ),
  ].sort();
  const read = (file: string) => readFileSync(join(process.cwd(), file), 'utf8');

  it('reads the variables from the env classes', () => {
    expect(variables).toEqual(expect.arrayContaining(['DATABASE_URL', 'DATABASE_DIRECT_URL', 'PORT', 'WORKER_PORT']));
  });

  it('lists every variable in .env.example', () => {
    const example = read('.env.example');
    expect(variables.filter((v) => !new RegExp(`^(# )?${v}=`, 'm').test(example))).toEqual([]);
  });

  it('gives every variable a row in docs/configuration.md', () => {
    const reference = read('docs/configuration.md');
    expect(variables.filter((v) => !reference.includes(`| \`${v}\` |`))).toEqual([]);
  });
});
