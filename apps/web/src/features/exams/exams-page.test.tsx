import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ExamCard } from '@learn/shared';
import ExamsPage from './exams-page';
import { json, renderPage, student, serveApi } from '../../test/render-page';

const courses = { courses: [{ id: 'course_c_01', prefix: 'c-cpp', title: 'C Programming', lectureCount: 25 }] };
const card = (over: Partial<ExamCard>): ExamCard => ({
  id: 'e1',
  week: 1,
  title: 'Week 1 Assessment',
  duration: 45,
  questionCount: 4,
  maxGrade: 40,
  locked: false,
  remainingLectures: 0,
  status: 'not-started',
  grade: null,
  secondsLeft: null,
  ...over,
});

function setup(exams: ExamCard[]) {
  return serveApi(student, (url) => {
    if (url.includes('/api/courses?prefix=c-cpp')) return json(200, courses);
    if (url.includes('/api/exams?courseId=course_c_01')) return json(200, { exams });
  });
}

describe('Exams page', () => {
  it('asks before Start Exam, saying the duration and that the clock runs until submitted', async () => {
    setup([card({})]);
    const router = renderPage(<ExamsPage />, '/c-cpp/exams');
    fireEvent.click(await screen.findByRole('button', { name: 'Start Exam' }));
    const dialog = await screen.findByRole('dialog', { name: 'Start Week 1 Assessment?' });
    expect(dialog.textContent).toContain('You have 45 minutes.');
    expect(dialog.textContent).toContain('keeps running until you submit');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(router.state.location.pathname).toBe('/c-cpp/exams');
    fireEvent.click(screen.getByRole('button', { name: 'Start Exam' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Start Exam' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/c-cpp/exam/e1'));
  });

  it("shows a started exam's time left on its card, and Continue opens it without asking", async () => {
    setup([card({ status: 'in-progress', secondsLeft: 25 * 60 - 10 })]);
    const router = renderPage(<ExamsPage />, '/c-cpp/exams');
    expect((await screen.findByTestId('exam-time-left')).textContent).toBe('25 minutes left. The clock keeps running until you submit.');
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/c-cpp/exam/e1'));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
