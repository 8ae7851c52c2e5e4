import type BetterSqlite3 from 'better-sqlite3';
import type { SqliteDatabase } from 'kysely';

/**
 * The better-sqlite3 database as Kysely's SQLite dialect sees it, keeping the prepared statements of the
 * last `capacity` distinct SQL texts (least recently used out). Kysely prepares every query anew; a read
 * path repeats the same few SQL texts, so preparing once saves most of SQLite's per-query cost. Kysely runs
 * one query at a time on its single SQLite connection, so a cached statement is never used twice at once;
 * SQLite re-prepares a statement itself when a migration changes the schema.
 */
export class StatementCache implements SqliteDatabase {
  readonly #db: BetterSqlite3.Database;
  readonly #statements = new Map<string, BetterSqlite3.Statement>();
  prepared = 0;

  constructor(
    db: BetterSqlite3.Database,
    readonly capacity = 500,
  ) {
    this.#db = db;
  }

  prepare(sql: string): BetterSqlite3.Statement {
    let statement = this.#statements.get(sql);
    if (statement) {
      this.#statements.delete(sql); // re-insert: most recently used last
    } else {
      statement = this.#db.prepare(sql);
      this.prepared++;
      if (this.#statements.size >= this.capacity) this.#statements.delete(this.#statements.keys().next().value!);
    }
    this.#statements.set(sql, statement);
    return statement;
  }

  get size() {
    return this.#statements.size;
  }

  close() {
    this.#statements.clear();
    this.#db.close();
  }
}
