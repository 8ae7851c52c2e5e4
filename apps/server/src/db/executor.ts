import type { Kysely, Transaction } from 'kysely';
import type { Database } from './schema.js';

/** What a repository function runs its SQL on: the database itself or an open transaction. */
export type Executor = Kysely<Database> | Transaction<Database>;
