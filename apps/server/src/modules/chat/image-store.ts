import { randomBytes } from 'node:crypto';
import { readdir, readFile, rm, rmdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { IMAGE_NAME } from './policy.js';
import { deleteImage, imageData, insertImage } from './repository.js';

/**
 * Where the re-encoded chat images live: the `chat_images` table, one random name per image. In the
 * database, so every instance serves every image and every backup holds them (issue 31).
 */
export class ImageStore {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async save(jpeg: Buffer): Promise<string> {
    const name = `${randomBytes(16).toString('hex')}.jpg`;
    await insertImage(this.db, { name, data: jpeg, created_at: this.now().toISOString() });
    return name;
  }

  /** The image's bytes; throws when there is no such image. */
  async read(name: string): Promise<Buffer> {
    if (!IMAGE_NAME.test(name)) throw new Error('bad image name');
    const data = await imageData(this.db, name);
    if (!data) throw new Error('no such image');
    return data;
  }

  async remove(name: string): Promise<void> {
    if (IMAGE_NAME.test(name)) await deleteImage(this.db, name);
  }
}

/**
 * Upgrading from a version that kept chat images in DATA_DIR/chat-images: each file is copied into the
 * database (kept when already there) and then deleted; the emptied folder goes too. Returns how many moved.
 * Every instance moves its own folder at start; running it again finds nothing to do.
 */
export async function moveChatImagesIntoDatabase(db: Kysely<Database>, dataDir: string): Promise<number> {
  const dir = join(dataDir, 'chat-images');
  let names: string[];
  try {
    names = (await readdir(dir)).filter((n) => IMAGE_NAME.test(n));
  } catch {
    return 0; // no folder: nothing to move
  }
  let moved = 0;
  for (const name of names) {
    const data = await readFile(join(dir, name));
    await insertImage(db, { name, data, created_at: new Date().toISOString() }, true);
    await rm(join(dir, name));
    moved++;
  }
  await rmdir(dir).catch(() => {}); // left when something else is in it
  return moved;
}
