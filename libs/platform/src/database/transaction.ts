import { DataSource, EntityManager } from 'typeorm';

/** Runs `fn` in the caller's transaction when given one, else in a new transaction. */
export function inTransaction<T>(
  ds: DataSource,
  manager: EntityManager | undefined,
  fn: (manager: EntityManager) => Promise<T>,
): Promise<T> {
  return manager?.queryRunner?.isTransactionActive ? fn(manager) : ds.transaction(fn);
}

// Arbitrary constant: the first key of the two-key advisory lock of a project's dependency graphs.
const DEPENDENCY_GRAPH_LOCK = 720_530_199;

/**
 * Serialises, until `m`'s transaction ends, the changes to a project's dependency graphs (flags
 * on flags and cohorts, cohorts in cohorts). A cycle check reads the graph as committed, so two
 * transactions that each add one edge of a cycle would otherwise both find none and both commit.
 *
 * Take it before reading the graph and before the transaction's first write other than the row
 * lock of the object it changes (`FlagDefinitionChanges` bumps its version stripe at the commit,
 * so that row's lock always comes after this one).
 */
export async function lockDependencyGraphs(m: EntityManager, projectId: number): Promise<void> {
  await m.query('SELECT pg_advisory_xact_lock($1, $2)', [DEPENDENCY_GRAPH_LOCK, projectId]);
}
