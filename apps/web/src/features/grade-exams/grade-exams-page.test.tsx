import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import type { ExamGrade, ExamSubmissionView } from '@learn/shared';
import GradeExamsPage from './grade-exams-page';
import { server } from '../../testing/server';
import { courseHandlers, reply, replyError, signInAs } from '../../testing/handlers';
import { guide, renderPage } from '../../test/render-page';

const submission: ExamSubmissionView = {
  id: 7,
  examId: 'exam_w1',
  examTitle: 'Week 1 Assessment',
  week: 1,
  studentId: 'user_student_1',
  studentName: 'Ada Lovelace',
  status: 'submitted',
  startedAt: '2026-03-02T09:00:00.000Z',
  submittedAt: '2026-03-02T09:40:00.000Z',
  submittedBy: 'student',
  questions: [
    { id: 'q1', type: 'mcq', prompt: 'Which prints?', points: 10, options: ['printf', 'scanf'], correctOption: 0 },
    { id: 'q2', type: 'short-answer', prompt: 'What is a pointer?', points: 20, modelAnswer: 'An address.' },
  ],
  answers: { q1: 0, q2: 'A variable holding an address' },
  autoPoints: { q1: 10, q2: null },
  tests: {},
  scores: null,
  grade: null,
  maxGrade: 30,
  feedback: null,
};

/** The pending list, and the grade PUT answered by `answer`; returns the grades sent. */
function serve(answer: () => Response) {
  signInAs(guide);
  const sent: ExamGrade[] = [];
  let graded = false;
  server.use(
    ...courseHandlers(),
    http.get('*/api/exam-submissions', ({ request }) => {
      const status = new URL(request.url).searchParams.get('status');
      return reply(200, { submissions: status === 'pending' && !graded ? [submission] : [] });
    }),
    http.put('*/api/exam-submissions/:id/grade', async ({ request, params }) => {
      expect(params.id).toBe('7');
      sent.push((await request.json()) as ExamGrade);
      const res = answer();
      graded = res.ok;
      return res;
    }),
  );
  return sent;
}

async function openGrader() {
  renderPage(<GradeExamsPage />, '/c-cpp/grade-exams');
  fireEvent.click(await screen.findByRole('button', { name: 'Grade' }));
  return screen.getByLabelText('Score for question 2');
}

describe('GradeExamsPage', () => {
  it('grades a question: starts from the automatic points, sends every score and the feedback, and leaves the pending list', async () => {
    const sent = serve(() => reply(200, { ...submission, grade: 25, status: 'graded' }));
    const q2 = await openGrader();
    expect(screen.getByText('Ada Lovelace · Week 1: Week 1 Assessment')).toBeTruthy();
    expect((screen.getByLabelText('Score for question 1') as HTMLInputElement).value).toBe('10');
    expect(screen.getByText('A variable holding an address')).toBeTruthy();
    expect(screen.getByText('Model answer: An address.')).toBeTruthy();
    expect(screen.getByText('Total: 10/30')).toBeTruthy();
    fireEvent.change(q2, { target: { value: '15' } });
    fireEvent.change(screen.getByLabelText('Feedback'), { target: { value: 'Good start.' } });
    expect(screen.getByText('Total: 25/30')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save Grade' }));
    expect(await screen.findByText('Ada Lovelace: 25/30')).toBeTruthy();
    expect(sent).toEqual([{ scores: { q1: 10, q2: 15 }, feedback: 'Good start.' }]);
    expect(await screen.findByText('No exam submissions are waiting for a grade.')).toBeTruthy();
  });

  it("shows the server's refusal and keeps the scores typed", async () => {
    serve(() => replyError(400, 'A score cannot be negative.'));
    const q2 = await openGrader();
    fireEvent.change(q2, { target: { value: '12' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Grade' }));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Not saved')).toBeTruthy();
    expect(alert.textContent).toContain('A score cannot be negative.');
    expect((screen.getByLabelText('Score for question 2') as HTMLInputElement).value).toBe('12');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Close' })).toBeTruthy());
  });
});
