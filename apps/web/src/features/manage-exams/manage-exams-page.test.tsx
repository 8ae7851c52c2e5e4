import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import type { ExamEdit, ExamView } from '@learn/shared';
import ManageExamsPage from './manage-exams-page';
import { server } from '../../testing/server';
import { cCourse, courseHandlers, reply, replyError, signInAs } from '../../testing/handlers';
import { guide, renderPage } from '../../test/render-page';

const week1: ExamView = {
  id: 'exam_w1',
  courseId: cCourse.id,
  week: 1,
  title: 'Week 1 Assessment',
  duration: 45,
  questions: [{ id: 'q1', type: 'short-answer', prompt: 'What is a pointer?', points: 10 }],
  maxGrade: 10,
  attempts: { inProgress: 0, submitted: 0, graded: 0 },
  updatedAt: '2026-03-01T09:00:00.000Z',
};

/** The course's exams (a POST adds the week's exam unless `refuseCreate`), and the PUT answered by `onPut`. */
function serve(opts: { onPut?: (edit: ExamEdit) => Response; refuseCreate?: string } = {}) {
  signInAs(guide);
  const exams: ExamView[] = [week1];
  const sent: ExamEdit[] = [];
  server.use(
    ...courseHandlers(),
    http.get('*/api/exams/manage', () => reply(200, { exams })),
    http.post('*/api/exams', async ({ request }) => {
      if (opts.refuseCreate) return replyError(400, opts.refuseCreate);
      const { week } = (await request.json()) as { week: number };
      const exam: ExamView = { ...week1, id: `exam_w${week}`, week, title: `Week ${week} Assessment`, questions: [] };
      exams.push(exam);
      return reply(201, exam);
    }),
    http.put('*/api/exams/:id', async ({ request }) => {
      const edit = (await request.json()) as ExamEdit;
      sent.push(edit);
      return opts.onPut?.(edit) ?? reply(200, { ...week1, ...edit });
    }),
  );
  return sent;
}

const open = () => renderPage(<ManageExamsPage />, '/c-cpp/manage-exams');

describe('ManageExamsPage', () => {
  it("keeps the typed title and duration and shows the server's refusal when a save is invalid", async () => {
    const sent = serve({ onPut: () => replyError(400, 'Give the exam a title.', { fields: { title: 'Give the exam a title.' } }) });
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'Edit week 1 exam' }));
    const title = screen.getByLabelText('Title') as HTMLInputElement;
    expect(title.value).toBe('Week 1 Assessment');
    fireEvent.change(title, { target: { value: '   ' } });
    fireEvent.change(screen.getByLabelText('Duration (minutes)'), { target: { value: '50' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Exam' }));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Not saved')).toBeTruthy();
    expect(alert.textContent).toContain('Give the exam a title.');
    expect((screen.getByLabelText('Title') as HTMLInputElement).value).toBe('   ');
    expect((screen.getByLabelText('Duration (minutes)') as HTMLInputElement).value).toBe('50');
    expect(sent).toEqual([{ title: '   ', duration: 50, questions: week1.questions, confirmStarted: false }]);
  });

  it('asks before saving over started attempts, then sends the confirmation', async () => {
    const sent = serve({
      onPut: (edit) => (edit.confirmStarted ? reply(200, week1) : replyError(409, 'Students have started this exam: confirm to save.')),
    });
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'Edit week 1 exam' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save Exam' }));
    const dialog = await screen.findByRole('dialog', { name: 'Students have started this exam' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save anyway' }));
    expect(await screen.findByText('Exam saved')).toBeTruthy();
    expect(sent.map((e) => e.confirmStarted)).toEqual([false, true]);
  });

  it("creates a week's exam and opens it", async () => {
    serve();
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'Create week 2 exam' }));
    await waitFor(() => expect((screen.getByLabelText('Title') as HTMLInputElement).value).toBe('Week 2 Assessment'));
    expect(screen.getByText('No questions yet: add the first one below.')).toBeTruthy();
  });

  it('says why a creation was refused', async () => {
    serve({ refuseCreate: 'Choose a week from 1 to 8.' });
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'Create week 3 exam' }));
    expect(await screen.findByText('Could not create the exam')).toBeTruthy();
    expect(screen.getByText('Choose a week from 1 to 8.')).toBeTruthy();
    expect(screen.getByText('Choose a week to create or edit its exam.')).toBeTruthy();
  });
});
