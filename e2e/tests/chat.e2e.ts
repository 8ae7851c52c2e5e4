import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { CAMERA_ERROR, CHAT_CLEAR_CONFIRM, CHAT_RETENTION_NOTICE } from '@learn/shared';
import {
  createStudent,
  GUIDE,
  guideApi,
  newPage,
  screenshot,
  seriousViolations,
  signIn,
  startApp,
  type Running,
  type TestStudent,
} from '../support/harness.js';

// An 8x8 red PNG: the server checks its bytes, re-encodes it as a JPEG and serves it to both sides only.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEklEQVQImWM4w8CAFWEXHbQSACD0MwEDk/f8AAAAAElFTkSuQmCC',
  'base64',
);

/** Waits until every chat image on the page has loaded real pixels (a refused or broken image has none). */
async function imagesLoaded(page: Page, count: number) {
  await page
    .waitForFunction(
      (n) => {
        const imgs = [...document.querySelectorAll<HTMLImageElement>('[data-testid="chat-message"] img')];
        return imgs.length >= n && imgs.every((i) => i.complete && i.naturalWidth > 0);
      },
      count,
      { timeout: 15_000 },
    )
    .catch(async (err: Error) => {
      const state = await page.evaluate(() => ({
        images: [...document.querySelectorAll<HTMLImageElement>('[data-testid="chat-message"] img')].map(
          (i) => `${i.src} ${i.naturalWidth}`,
        ),
        alerts: [...document.querySelectorAll('[role="alert"]')].map((a) => a.textContent),
      }));
      throw new Error(`${err.message}: ${JSON.stringify(state)}`);
    });
}

const chatButton = (page: Page) => page.getByRole('button', { name: /^Chat(, \d+ unread)?$/ });

describe('chat between a guide and a student, live', () => {
  let app: Running;
  let student: TestStudent;
  before(async () => {
    app = await startApp();
    const api = await guideApi(app);
    student = await createStudent(api, 'Sam Student', 'sam@example.com');
  });
  after(() => app?.stop());

  it('exchanges text, an image and a photo live; the unread badge counts and clears; clearing hides for one side only', async () => {
    const mate = await newPage(app);
    // The guide's browser refuses the camera, as a user who blocked the permission.
    await mate.context.addInitScript(() => {
      navigator.mediaDevices.getUserMedia = () => Promise.reject(new DOMException('Permission denied', 'NotAllowedError'));
    });
    const learner = await newPage(app);
    await signIn(mate.page, 'python', GUIDE.email, GUIDE.password);
    await mate.page.waitForURL(/#\/python\/guide$/);
    await signIn(learner.page, 'python', student.email, student.password);
    await learner.page.waitForURL(/#\/python\/student$/);

    // The student opens the panel with the keyboard-reachable button and writes.
    const s = learner.page;
    await chatButton(s).click();
    const panel = s.getByRole('dialog', { name: 'Chat' });
    await panel.getByRole('heading', { name: 'Chat with your mates' }).waitFor();
    await panel.getByText(CHAT_RETENTION_NOTICE).waitFor();
    await panel.getByText('No messages yet.').waitFor();
    const box = panel.getByRole('textbox', { name: 'Message' });
    await box.fill('   ');
    assert.equal(await panel.getByRole('button', { name: 'Send', exact: true }).isDisabled(), true, 'Send is disabled for blank text');
    await box.fill('  Hello, I am stuck on day 3  ');
    await box.press('Enter');
    await panel.getByTestId('chat-message').getByText('Hello, I am stuck on day 3', { exact: true }).waitFor();
    await s.waitForFunction(() => document.querySelector<HTMLTextAreaElement>('textarea[aria-label="Message"]')?.value === '');
    assert.deepEqual(await seriousViolations(s), []);
    await screenshot(s, 'chat-student-desktop');

    // The guide's button counts the unread message live (no reload, no polling).
    const m = mate.page;
    await m.getByRole('button', { name: 'Chat, 1 unread' }).waitFor({ timeout: 10_000 });
    await chatButton(m).click();
    const mPanel = m.getByRole('dialog', { name: 'Chat' });
    await mPanel.getByRole('heading', { name: 'Students' }).waitFor();
    await mPanel.getByRole('textbox', { name: 'Search students' }).fill('sam');
    await mPanel.getByRole('button', { name: 'Sam Student, 1 unread' }).click();
    await mPanel.getByRole('heading', { name: 'Sam Student' }).waitFor();
    await mPanel.getByTestId('chat-message').getByText('Hello, I am stuck on day 3', { exact: true }).waitFor();
    // Opening the conversation reads it: the badge clears.
    await m.getByRole('button', { name: 'Chat', exact: true }).waitFor({ timeout: 10_000 });

    // The guide answers with text and an image; the student sees both live, with who wrote them.
    await mPanel.getByRole('textbox', { name: 'Message' }).fill('Show me your printf line.');
    await mPanel.getByRole('button', { name: 'Send', exact: true }).click();
    await m.getByTestId('chat-file').setInputFiles({ name: 'hint.png', mimeType: 'image/png', buffer: PNG });
    await imagesLoaded(m, 1);
    assert.equal(await m.getByTestId('chat-file').inputValue(), '', 'the file input resets after a choice');
    await panel.getByTestId('chat-message').getByText('Show me your printf line.').waitFor({ timeout: 10_000 });
    assert.match((await panel.getByTestId('chat-message').nth(1).textContent()) ?? '', /\(mate\)/);
    await imagesLoaded(s, 1);

    // The student takes a photo with Chromium's fake camera: Capture, Retake, Capture, Use Photo.
    await panel.getByRole('button', { name: 'Take a photo' }).click();
    const camera = s.getByRole('dialog', { name: 'Take a Photo' });
    const capture = camera.getByRole('button', { name: 'Capture' });
    await s.waitForFunction(() => !document.querySelector<HTMLButtonElement>('[data-camera] button')?.disabled, null, { timeout: 15_000 });
    await capture.click();
    await camera.getByRole('img', { name: 'The captured still' }).waitFor();
    await screenshot(s, 'chat-camera-desktop');
    await camera.getByRole('button', { name: 'Retake' }).click();
    await capture.click();
    await camera.getByRole('button', { name: 'Use Photo' }).click();
    await camera.waitFor({ state: 'detached' });
    assert.equal(
      await s.evaluate(() => (window as unknown as { __chatCameraStopped?: boolean }).__chatCameraStopped),
      true,
      'the stream stops',
    );
    await imagesLoaded(s, 2);
    await imagesLoaded(m, 2);
    await screenshot(m, 'chat-guide-desktop');

    // The guide's camera is refused: the spec's message, Capture disabled; Escape closes the dialog, not the panel.
    await mPanel.getByRole('button', { name: 'Take a photo' }).click();
    const mCamera = m.getByRole('dialog', { name: 'Take a Photo' });
    await mCamera.getByText(CAMERA_ERROR).waitFor();
    assert.equal(await mCamera.getByRole('button', { name: 'Capture' }).isDisabled(), true);
    await screenshot(m, 'chat-camera-error');
    await m.keyboard.press('Escape');
    await mCamera.waitFor({ state: 'detached' });
    await mPanel.waitFor();

    // The student clears the chat from their view; the guide still has it.
    await panel.getByRole('button', { name: 'Clear', exact: true }).click();
    const confirm = s.getByRole('dialog', { name: 'Clear chat' });
    await confirm.getByText(CHAT_CLEAR_CONFIRM).waitFor();
    await confirm.getByRole('button', { name: 'Clear' }).click();
    await panel.getByText('No messages yet.').waitFor();
    await mPanel.getByRole('button', { name: 'Back to students' }).click();
    await mPanel.getByRole('button', { name: 'Sam Student' }).click();
    await mPanel.getByTestId('chat-message').getByText('Hello, I am stuck on day 3', { exact: true }).waitFor();
    assert.equal(await mPanel.getByTestId('chat-message').count(), 4);

    // A message after the clear reaches the student again, and the student's badge counts it while the panel is closed.
    await s.keyboard.press('Escape');
    await panel.waitFor({ state: 'detached' });
    assert.equal(await s.evaluate(() => document.activeElement?.getAttribute('aria-label')), 'Chat', 'focus returns to the chat button');
    await mPanel.getByRole('textbox', { name: 'Message' }).fill('Still there?');
    await mPanel.getByRole('button', { name: 'Send', exact: true }).click();
    await s.getByRole('button', { name: 'Chat, 1 unread' }).waitFor({ timeout: 10_000 });
    await chatButton(s).click();
    await panel.getByTestId('chat-message').getByText('Still there?').waitFor();
    assert.equal(await panel.getByTestId('chat-message').count(), 1);
    await s.getByRole('button', { name: 'Chat', exact: true }).waitFor({ timeout: 10_000 });

    await mate.context.close();
    await learner.context.close();
  });

  it('fills the screen on a phone and passes axe', async () => {
    const { page, context } = await newPage(app, 'phone');
    await signIn(page, 'python', student.email, student.password);
    await page.waitForURL(/#\/python\/student$/);
    await chatButton(page).click();
    const panel = page.getByRole('dialog', { name: 'Chat' });
    await panel.getByTestId('chat-message').getByText('Still there?').waitFor();
    const box = await panel.boundingBox();
    assert.ok(box && box.width >= 389 && box.height >= 843, `full screen on a phone, got ${JSON.stringify(box)}`);
    assert.deepEqual(await seriousViolations(page), []);
    await screenshot(page, 'chat-student-phone');
    await context.close();
  });
});
