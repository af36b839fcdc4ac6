import type { Db } from '../plugins/db';

/** The handle a `db.transaction()` callback gets: the same query builder as `Db`, bound to one transaction. */
export type Transaction = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * What a repository method runs its SQL on: the database, or a transaction a service opened. Repository
 * methods that may take part in a transaction end with an optional `db: Executor = this.db`.
 */
export type Executor = Db | Transaction;

/**
 * Runs `fn` in one transaction: committed when it resolves, rolled back when it throws. Services open
 * transactions only through this and pass `tx` on to repository methods, with no cast.
 */
export function withTransaction<T>(db: Db, fn: (tx: Transaction) => Promise<T>): Promise<T> {
  return db.transaction(fn);
}
