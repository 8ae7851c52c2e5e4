import { courses, loadCatalogue, type LoadedCourse } from '@learn/content';
import { importCatalogue } from './catalogue.js';
import { defaultBatchNames } from '@learn/shared';
import type { AppDeps } from '../platform/deps.js';
import { generatePassword } from '../platform/passwords.js';

export interface SeedResult {
  /** Set only when the default guide was created with a generated password (to print once). */
  generatedGuidePassword?: string;
  createdGuide: boolean;
  /**
   * LEARN_GUIDE_PASSWORD on a start after the first: 'applied' to the default mate account while it has
   * never signed in (the first password was missed), 'ignored' once someone signed in with it (their own
   * password stands; `npm run user:reset-password` resets it), absent when unset or already the password.
   */
  guidePassword?: 'applied' | 'ignored';
}

function batchId(name: string) {
  return `batch_${name.toLowerCase().replace(/[^a-z0-9]+/g, '_')}`;
}

/*
 * Idempotent: seeding twice changes nothing. The guide is created only while no guide exists, so an
 * operator who later removes it does not see it come back.
 */
let catalogue: LoadedCourse[] | undefined;

/**
 * First-start data: the three courses, their lectures and assignments, the six default batches and
 * the default guide account.
 */
export async function seed(deps: Pick<AppDeps, 'db' | 'config' | 'clock' | 'hasher'>): Promise<SeedResult> {
  const { db } = deps;
  const now = deps.clock.now().toISOString();
  const result: SeedResult = { createdGuide: false };

  await db.transaction().execute(async (trx) => {
    for (const [position, c] of courses.entries()) {
      const exists = await trx.selectFrom('courses').select('id').where('id', '=', c.id).executeTakeFirst();
      if (!exists) await trx.insertInto('courses').values({ id: c.id, prefix: c.prefix, title: c.title, position }).execute();
    }
    const anyBatch = await trx.selectFrom('batches').select('id').limit(1).executeTakeFirst();
    const seededBefore = await trx.selectFrom('audit_log').select('id').where('action', '=', 'seed.batches').executeTakeFirst();
    if (!anyBatch && !seededBefore) {
      for (const [i, name] of defaultBatchNames.entries()) {
        await trx
          .insertInto('batches')
          .values({ id: batchId(name), name, created_at: new Date(Date.parse(now) + i).toISOString() })
          .execute();
      }
      await trx.insertInto('audit_log').values({ actor_id: null, action: 'seed.batches', target: null, details: null, at: now }).execute();
    }
  });

  catalogue ??= loadCatalogue();
  await importCatalogue(db, catalogue);

  const anyGuide = await db.selectFrom('users').select('id').where('role', '=', 'guide').limit(1).executeTakeFirst();
  if (!anyGuide) {
    const password = deps.config.guide.password ?? generatePassword(12);
    const hash = await deps.hasher.hash(password);
    await db
      .insertInto('users')
      .values({
        id: 'user_guide_default',
        name: deps.config.guide.name,
        email: deps.config.guide.email,
        role: 'guide',
        password_hash: hash,
        batch_id: null,
        last_login: null,
        created_at: now,
      })
      .onConflict((oc) => oc.doNothing())
      .execute();
    result.createdGuide = true;
    if (!deps.config.guide.password) result.generatedGuidePassword = password;
  } else if (deps.config.guide.password) {
    result.guidePassword = await applyGuidePassword(deps, deps.config.guide.password);
  }
  return result;
}

async function applyGuidePassword(deps: Pick<AppDeps, 'db' | 'config' | 'hasher'>, password: string) {
  const guide = await deps.db
    .selectFrom('users')
    .select(['id', 'role', 'password_hash', 'last_login'])
    .where('email', '=', deps.config.guide.email)
    .executeTakeFirst();
  if (!guide || guide.role !== 'guide' || guide.last_login !== null) return 'ignored' as const;
  if (await deps.hasher.verify(password, guide.password_hash)) return undefined;
  const hash = await deps.hasher.hash(password);
  await deps.db.updateTable('users').set({ password_hash: hash }).where('id', '=', guide.id).execute();
  return 'applied' as const;
}
