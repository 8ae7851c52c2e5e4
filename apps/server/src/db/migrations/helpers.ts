import { sql, type CreateTableBuilder } from 'kysely';

/** The dialect the migrations run on; set by the migrator before it runs them. */
export const dialect: { name: 'sqlite' | 'postgres' } = { name: 'sqlite' };

/** An auto-increment integer primary key named id, on either engine. */
export function idColumn<T extends string>(table: CreateTableBuilder<T, never>) {
  return dialect.name === 'postgres'
    ? table.addColumn('id', 'serial', (c) => c.primaryKey())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}

export { sql };
