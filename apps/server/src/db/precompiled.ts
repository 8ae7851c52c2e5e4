import { CompiledQuery, type Compilable } from 'kysely';
import type { Executor } from './executor.js';

/**
 * A hot query built and compiled once per database (with placeholder values), then run with each call's
 * values swapped in: Kysely otherwise builds and compiles the query on every call. The placeholders start
 * with NUL, which no request can carry (the input guard refuses it).
 */
export function precompiled<Row, Args extends string[]>(build: (db: Executor, ...args: Args) => Compilable<Row>) {
  const compiledFor = new WeakMap<Executor, CompiledQuery<Row>>();
  return async (db: Executor, ...args: Args): Promise<Row[]> => {
    const placeholders = args.map((_, i) => `\u0000arg${i}`);
    let compiled = compiledFor.get(db);
    if (!compiled) compiledFor.set(db, (compiled = build(db, ...(placeholders as Args)).compile()));
    const parameters = compiled.parameters.map((p) => {
      const i = typeof p === 'string' ? placeholders.indexOf(p) : -1;
      return i >= 0 ? args[i] : p;
    });
    return (await db.executeQuery<Row>(CompiledQuery.raw(compiled.sql, parameters))).rows;
  };
}
