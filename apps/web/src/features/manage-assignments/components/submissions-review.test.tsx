import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { GuideSubmissionsResponse, SubmissionView } from '@learn/shared';
import { SubmissionsReview } from './submissions-review';
import { guide, json, renderPage, serveApi } from '../../../test/render-page';

const base: SubmissionView = {
  id: 11,
  studentId: 'stu-1',
  studentName: 'Ada Student',
  lectureId: 'c-cpp-day-3',
  lectureTitle: 'Variables',
  day: 3,
  courseId: 'course_c_01',
  taskIndex: 1,
  code: 'int main(void){return 0;}',
  language: 'c',
  submittedAt: '2025-03-01T10:00:00Z',
  grade: null,
  feedback: null,
  gradedAt: null,
  autogradeStatus: 'done',
  proposedGrade: 'B',
  passed: 4,
  total: 5,
  tests: [
    { index: 0, hidden: false, passed: true, input: '1\n', expected: 'one\n', actual: 'one\n', error: null },
    { index: 1, hidden: true, passed: false, input: 'secret-input\n', expected: 'two\n', actual: 'tow\n', error: null },
  ],
};
const withHistory: GuideSubmissionsResponse = {
  submissions: [{ ...base, history: [{ ...base, id: 9, code: 'old code', passed: 0, proposedGrade: 'F' }] }],
};

function serve(put: () => Response, lists: Record<'all' | 'pending', GuideSubmissionsResponse>) {
  return serveApi(guide, (url, init) => {
    if (init?.method === 'PUT' && url.endsWith('/api/homework/submissions/11/grade')) return put();
    const m = /\/api\/homework\/submissions\?courseId=course_c_01&status=(all|pending)/.exec(url);
    if (m) return json(200, lists[m[1] as 'all' | 'pending']);
  });
}

describe('SubmissionsReview', () => {
  it('shows the empty texts for All and Pending', async () => {
    serve(() => json(500, {}), { all: { submissions: [] }, pending: { submissions: [] } });
    renderPage(<SubmissionsReview courseId="course_c_01" />, '/c-cpp/manage-homework');
    expect(await screen.findByText('No submissions for this course yet.')).toBeTruthy();
    fireEvent.click(screen.getByText('Pending'));
    expect(await screen.findByText('No pending submissions for this course.')).toBeTruthy();
  });

  it('opens a card with the code, hidden tests and history; save waits for a letter; a failure says so', async () => {
    const fetchMock = serve(() => json(500, { type: 'SERVER', message: '' }), { all: withHistory, pending: withHistory });
    renderPage(<SubmissionsReview courseId="course_c_01" />, '/c-cpp/manage-homework');
    fireEvent.click(await screen.findByText(/Ada Student · Day 3: Variables · task 2/));
    expect(await screen.findByText('secret-input')).toBeTruthy();
    expect(screen.getByText(/Tests: 4 of 5 passed \(proposed B\)/)).toBeTruthy();
    expect(screen.getByText('Earlier versions (1)')).toBeTruthy();
    // The code is shown as a code block (highlighted once highlight.js has loaded), and the export is a link.
    expect(screen.getByLabelText('Submitted code (C)').textContent).toContain('int main');
    expect(screen.getByRole('link', { name: 'Export Gradebook (CSV)' }).getAttribute('href')).toBe(
      '/api/homework/gradebook.csv?courseId=course_c_01',
    );
    const save = screen.getByRole<HTMLButtonElement>('button', { name: 'Save Grade' });
    expect(save.disabled).toBe(true);
    fireEvent.click(screen.getByRole('combobox', { name: 'Grade' }));
    fireEvent.click(await screen.findByRole('option', { name: 'B' }));
    expect(save.disabled).toBe(false);
    const feedbackBox = screen.getByRole('textbox', { name: 'Feedback' });
    // Feedback comes before Save Grade, in reading and tab order.
    expect(feedbackBox.compareDocumentPosition(save) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    fireEvent.change(feedbackBox, { target: { value: 'Nearly.' } });
    fireEvent.click(save);
    expect(await screen.findByText(/Failed to save grade\./)).toBeTruthy();
    await waitFor(() => {
      const put = fetchMock.mock.calls.find(([, init]) => (init as RequestInit | undefined)?.method === 'PUT');
      expect(JSON.parse((put![1] as RequestInit).body as string)).toEqual({ grade: 'B', feedback: 'Nearly.' });
    });
  });
});
