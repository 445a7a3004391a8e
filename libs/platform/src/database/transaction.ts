import { DataSource, EntityManager } from 'typeorm';

/** Runs `fn` in the caller's transaction when given one, else in a new transaction. */
export function inTransaction<T>(
  ds: DataSource,
  manager: EntityManager | undefined,
  fn: (manager: EntityManager) => Promise<T>,
): Promise<T> {
  return manager?.queryRunner?.isTransactionActive ? fn(manager) : ds.transaction(fn);
}
