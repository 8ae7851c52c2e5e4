import { mkdtempSync, mkdirSync, existsSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiveEvent } from '@learn/shared';
import { createTestApp, engines, GUIDE_EMAIL, GUIDE_PASSWORD, type TestApp } from '../../../test/harness.js';
import { moveChatImagesIntoDatabase } from './image-store.js';

const png = (w = 40, h = 30) =>
  sharp({ create: { width: w, height: h, channels: 3, background: '#3366cc' } })
    .png()
    .toBuffer();

/** Issue 15: chat kept by the server: the two sides, read state, clear, retention, images and hostile uploads. */
describe.each(engines)('chat (%s)', (engine) => {
  let t: TestApp;
  let guide: string;
  let dataDir: string;
  const call = (method: 'GET' | 'POST', url: string, cookie: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
  const upload = (studentId: string, cookie: string, body: Buffer, contentType = 'application/octet-stream', text = '') =>
    t.app.inject({
      method: 'POST',
      url: `/api/chat/conversations/${studentId}/images`,
      headers: { cookie, 'content-type': contentType, ...(text ? { 'x-caption-bytes': String(Buffer.byteLength(text)) } : {}) },
      payload: text ? Buffer.concat([Buffer.from(text), body]) : body,
    });
  const stored = async (name: string) =>
    !!(await t.deps.db.selectFrom('chat_images').select('name').where('name', '=', name).executeTakeFirst());
  async function student(name?: string) {
    const s = await t.createUser({ role: 'student', ...(name ? { name } : {}) });
    return { ...s, cookie: await t.login(s.email, s.password) };
  }

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'learn-chat-'));
    t = await createTestApp(engine, { DATA_DIR: dataDir });
    guide = await t.login(GUIDE_EMAIL, GUIDE_PASSWORD);
  });
  afterAll(() => t.close());

  it('one conversation per student with all guides; each message with its author; live to both sides', async () => {
    const s = await student('Ada Chat');
    const mate2 = await t.createUser({ role: 'guide', name: 'Second Mate' });
    const guide2 = await t.login(mate2.email, mate2.password);
    const events: LiveEvent[] = [];
    const off = t.deps.pubsub.subscribe((e) => e.type.startsWith('chat.') && events.push(e));
    const a = await call('POST', `/api/chat/conversations/${s.id}/messages`, s.cookie, { text: '  Hello mates  ' });
    expect(a.statusCode, a.body).toBe(201);
    expect(a.json()).toMatchObject({ text: 'Hello mates', authorName: 'Ada Chat', authorRole: 'student', imageUrl: null });
    const b = await call('POST', `/api/chat/conversations/${s.id}/messages`, guide2, { text: 'Hi Ada' });
    expect(b.json()).toMatchObject({ authorName: 'Second Mate', authorRole: 'guide' });
    off();
    expect(events.filter((e) => e.type === 'chat.message')).toHaveLength(2);
    const conv = (await call('GET', `/api/chat/conversations/${s.id}`, s.cookie)).json();
    expect(conv.messages.map((m: { text: string; authorName: string }) => `${m.authorName}: ${m.text}`)).toEqual([
      'Ada Chat: Hello mates',
      'Second Mate: Hi Ada',
    ]);
    // Catch-up after a reconnect: only what came after the last id seen.
    const after = (await call('GET', `/api/chat/conversations/${s.id}?after=${a.json().id}`, guide)).json();
    expect(after.messages.map((m: { text: string }) => m.text)).toEqual(['Hi Ada']);
  });

  it('blank messages are refused, long ones get a clear message, sending is rate limited', async () => {
    const s = await student();
    const blank = await call('POST', `/api/chat/conversations/${s.id}/messages`, s.cookie, { text: '   \n ' });
    expect(blank.statusCode).toBe(400);
    expect((await call('GET', `/api/chat/conversations/${s.id}`, s.cookie)).json().messages).toHaveLength(0);
    const long = await call('POST', `/api/chat/conversations/${s.id}/messages`, s.cookie, { text: 'x'.repeat(2001) });
    expect(long.statusCode).toBe(400);
    expect(long.body).toContain('at most 2000 characters');
    expect((await call('POST', `/api/chat/conversations/${s.id}/messages`, s.cookie, { text: ` ${'y'.repeat(2000)} ` })).statusCode).toBe(
      201,
    );
    let last = 201;
    for (let i = 0; i < 40 && last === 201; i++)
      last = (await call('POST', `/api/chat/conversations/${s.id}/messages`, s.cookie, { text: `m${i}` })).statusCode;
    expect(last).toBe(429);
  });

  it('another student can neither read nor write nor fetch images of a conversation not theirs', async () => {
    const s = await student();
    const other = await student();
    const sent = await upload(s.id, s.cookie, await png());
    expect(sent.statusCode, sent.body).toBe(201);
    const url = sent.json().imageUrl as string;
    expect((await call('GET', `/api/chat/conversations/${s.id}`, other.cookie)).statusCode).toBe(403);
    expect((await call('POST', `/api/chat/conversations/${s.id}/messages`, other.cookie, { text: 'sneaky' })).statusCode).toBe(403);
    expect((await upload(s.id, other.cookie, await png())).statusCode).toBe(403);
    expect((await call('POST', `/api/chat/conversations/${s.id}/read`, other.cookie)).statusCode).toBe(403);
    expect((await call('POST', `/api/chat/conversations/${s.id}/clear`, other.cookie)).statusCode).toBe(403);
    expect((await call('GET', url, other.cookie)).statusCode).toBe(403);
    expect((await call('GET', '/api/chat/conversations', other.cookie)).statusCode).toBe(403);
    const mine = await call('GET', url, s.cookie);
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['content-type']).toBe('image/jpeg');
    expect(mine.headers['x-content-type-options']).toBe('nosniff');
    expect((await call('GET', url, guide)).statusCode).toBe(200);
  });

  it('unread counts per reader: set when the receiver opens the conversation; guide list latest first with search', async () => {
    const s1 = await student('Zed Unread');
    const s2 = await student('Yan Unread');
    await call('POST', `/api/chat/conversations/${s1.id}/messages`, s1.cookie, { text: 'one' });
    await call('POST', `/api/chat/conversations/${s1.id}/messages`, s1.cookie, { text: 'two' });
    t.clock.advance(1000);
    await call('POST', `/api/chat/conversations/${s2.id}/messages`, s2.cookie, { text: 'three' });
    const list = (await call('GET', '/api/chat/conversations?search=unread', guide)).json().conversations;
    expect(list.map((c: { studentName: string; unread: number }) => `${c.studentName}:${c.unread}`)).toEqual([
      'Yan Unread:1',
      'Zed Unread:2',
    ]);
    const before = (await call('GET', '/api/chat/unread', guide)).json().unread;
    expect((await call('POST', `/api/chat/conversations/${s1.id}/read`, guide)).statusCode).toBe(200);
    expect((await call('GET', '/api/chat/unread', guide)).json().unread).toBe(before - 2);
    // The student's own count is about the guides' replies.
    expect((await call('GET', '/api/chat/unread', s1.cookie)).json().unread).toBe(0);
    await call('POST', `/api/chat/conversations/${s1.id}/messages`, guide, { text: 'reply' });
    expect((await call('GET', '/api/chat/unread', s1.cookie)).json().unread).toBe(1);
    await call('POST', `/api/chat/conversations/${s1.id}/read`, s1.cookie);
    expect((await call('GET', '/api/chat/unread', s1.cookie)).json().unread).toBe(0);
  });

  it('clearing hides the conversation for the clearing user only', async () => {
    const s = await student();
    await call('POST', `/api/chat/conversations/${s.id}/messages`, s.cookie, { text: 'keep me' });
    expect((await call('POST', `/api/chat/conversations/${s.id}/clear`, s.cookie)).statusCode).toBe(200);
    expect((await call('GET', `/api/chat/conversations/${s.id}`, s.cookie)).json().messages).toHaveLength(0);
    expect((await call('GET', `/api/chat/conversations/${s.id}`, guide)).json().messages.map((m: { text: string }) => m.text)).toEqual([
      'keep me',
    ]);
    await call('POST', `/api/chat/conversations/${s.id}/messages`, guide, { text: 'after clear' });
    expect((await call('GET', `/api/chat/conversations/${s.id}`, s.cookie)).json().messages.map((m: { text: string }) => m.text)).toEqual([
      'after clear',
    ]);
  });

  it('students never get messages older than 48 hours; the job deletes what no one can see, with images', async () => {
    const s = await student();
    const img = await upload(s.id, s.cookie, await png(), 'image/png', 'old photo');
    expect(img.statusCode, img.body).toBe(201);
    expect(img.json().text).toBe('old photo'); // the caption came in the body
    const name = (img.json().imageUrl as string).split('/').pop()!;
    expect(await stored(name)).toBe(true);
    t.clock.advance(48 * 3600_000 + 1000);
    // Sessions may have run out over two days: sign in again.
    guide = await t.login(GUIDE_EMAIL, GUIDE_PASSWORD);
    s.cookie = await t.login(s.email, s.password);
    await call('POST', `/api/chat/conversations/${s.id}/messages`, guide, { text: 'fresh' });
    expect((await call('GET', `/api/chat/conversations/${s.id}`, s.cookie)).json().messages.map((m: { text: string }) => m.text)).toEqual([
      'fresh',
    ]);
    expect((await call('GET', img.json().imageUrl, s.cookie)).statusCode).toBe(404);
    // A guide still sees it: it stays until every guide cleared it.
    expect((await call('GET', `/api/chat/conversations/${s.id}`, guide)).json().messages).toHaveLength(2);
    await t.services.chat.purge();
    expect(await stored(name)).toBe(true);
    const guides = await t.deps.db.selectFrom('users').select(['id', 'email']).where('role', '=', 'guide').execute();
    for (const g of guides) {
      const cookie = g.email === GUIDE_EMAIL ? guide : null;
      if (cookie) await call('POST', `/api/chat/conversations/${s.id}/clear`, cookie);
      else await t.deps.db.insertInto('chat_clears').values({ student_id: s.id, user_id: g.id, cleared_id: 1e9, cleared_at: '' }).execute();
    }
    expect(await t.services.chat.purge()).toBeGreaterThanOrEqual(1);
    expect(await stored(name)).toBe(false);
    expect((await call('GET', `/api/chat/conversations/${s.id}`, guide)).json().messages).toHaveLength(0);
  });

  it('hostile uploads are refused or neutralised', async () => {
    const s = await student();
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const r1 = await upload(s.id, s.cookie, svg, 'image/svg+xml');
    expect(r1.statusCode).toBe(400);
    expect(r1.body).toContain('Only image files');
    // A JPEG with HTML appended (and in a comment): served bytes are the re-encoded JPEG, no HTML left.
    const jpeg = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#000' } })
      .jpeg()
      .toBuffer();
    const html = Buffer.from('<html><script>alert(document.cookie)</script></html>');
    const r2 = await upload(s.id, s.cookie, Buffer.concat([jpeg, html]), 'text/html');
    expect(r2.statusCode, r2.body).toBe(201);
    const served = await call('GET', r2.json().imageUrl, s.cookie);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.rawPayload.includes(Buffer.from('<script>'))).toBe(false);
    expect(served.rawPayload.subarray(0, 3).equals(Buffer.from([0xff, 0xd8, 0xff]))).toBe(true);
    // A PNG whose header declares 100000 x 100000 pixels: refused before decoding.
    const small = await png(1, 1);
    const huge = Buffer.from(small);
    huge.writeUInt32BE(100000, 16);
    huge.writeUInt32BE(100000, 20);
    const r3 = await upload(s.id, s.cookie, huge, 'image/png');
    expect(r3.statusCode).toBe(400);
    // A renamed executable (ELF) declared as an image.
    const r4 = await upload(s.id, s.cookie, Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46]), Buffer.alloc(100)]), 'image/jpeg');
    expect(r4.statusCode).toBe(400);
    // ../ names never reach the disk: the server names files; a crafted image path is not found.
    expect((await call('GET', '/api/chat/images/..%2F..%2Fpackage.json', s.cookie)).statusCode).toBe(404);
    expect((await call('GET', '/api/chat/images/....jpg', s.cookie)).statusCode).toBe(404);
    // 6 MiB: refused with the size in the message.
    const r6 = await upload(s.id, s.cookie, Buffer.concat([jpeg, Buffer.alloc(6 * 1024 * 1024)]), 'image/jpeg');
    expect(r6.statusCode).toBe(400);
    expect(r6.body).toContain('larger than 5 MB');
    // Large images are scaled to at most 1600 px and lose their metadata.
    const big = await sharp({ create: { width: 3000, height: 1000, channels: 3, background: '#888' } })
      .withMetadata({ exif: { IFD0: { Copyright: 'secret-gps' } } })
      .jpeg()
      .toBuffer();
    const r7 = await upload(s.id, s.cookie, big);
    const meta = await sharp((await call('GET', r7.json().imageUrl, s.cookie)).rawPayload).metadata();
    expect(meta.width).toBe(1600);
    expect(meta.exif).toBeUndefined();
    const names = await t.deps.db.selectFrom('chat_images').select('name').execute();
    expect(names.length).toBeGreaterThan(0);
    expect(names.every((r) => /^[0-9a-f]{32}\.jpg$/.test(r.name))).toBe(true);
    // Nothing is written to the data folder any more.
    expect(existsSync(join(dataDir, 'chat-images'))).toBe(false);
  });

  it('a caption in the address is refused (no user text in URLs)', async () => {
    const s = await student();
    const r = await t.app.inject({
      method: 'POST',
      url: `/api/chat/conversations/${s.id}/images?text=hello`,
      headers: { cookie: s.cookie, 'content-type': 'image/png' },
      payload: await png(),
    });
    expect(r.statusCode).toBe(400);
    expect(r.json().message).toContain('in the body');
  });

  it('images kept in DATA_DIR/chat-images by an older version move into the database at start', async () => {
    const s = await student();
    const old = join(dataDir, 'chat-images');
    mkdirSync(old, { recursive: true });
    const name = `${'ab'.repeat(16)}.jpg`;
    const bytes = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#123456' } })
      .jpeg()
      .toBuffer();
    writeFileSync(join(old, name), bytes);
    await call('POST', `/api/chat/conversations/${s.id}/messages`, s.cookie, { text: 'before the upgrade' });
    await t.deps.db
      .insertInto('chat_messages')
      .values({ student_id: s.id, author_id: s.id, text: '', image: name, created_at: t.clock.now().toISOString() })
      .execute();
    expect(await moveChatImagesIntoDatabase(t.deps.db, dataDir)).toBe(1);
    expect(existsSync(old)).toBe(false);
    const served = await call('GET', `/api/chat/images/${name}`, s.cookie);
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(bytes)).toBe(true);
    expect(await moveChatImagesIntoDatabase(t.deps.db, dataDir)).toBe(0); // nothing left: a no-op
  });
});
