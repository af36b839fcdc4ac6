import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db } from '../plugins/db';

const dialect = new PgDialect();

/** Values for the placeholders (`sql.placeholder(name)`) of a statement made by `prepareSql`. */
export type PlaceholderValues = Record<string, unknown>;

/**
 * A statement Drizzle's builders cannot express (an INSERT ... SELECT carrying its own conditions), built
 * once with placeholders and prepared as the builders' `.prepare(name)` is: a named prepared statement on
 * PostgreSQL, parsed once per connection. Building such a statement per request with `db.execute` was about
 * a tenth of a create's CPU (issue 32). Answers the rows as the driver gives them (object mode, names as
 * in the database), for `rawRowMapper`.
 */
export function prepareSql(db: Db, name: string, statement: SQL) {
  const prepared = db._.session.prepareQuery(
    dialect.sqlToQuery(statement),
    undefined,
    name,
    false,
  ) as unknown as {
    all(values: PlaceholderValues): Promise<Record<string, unknown>[]>;
  };
  return (values: PlaceholderValues) => prepared.all(values);
}
