import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { CoursesResponse, SimilarityPairDetail, SimilarityReport } from '@learn/shared';
import SimilarSubmissionsPage from './similar-submissions-page';
import { guide, json, renderPage, serveApi } from '../../test/render-page';

const SCOPE = 'homework:c-cpp-day-21:1';
const courses: CoursesResponse = { courses: [{ id: 'course_c_01', prefix: 'c-cpp', title: 'C Programming', lectureCount: 25 }] };
const side = (n: number, name: string) => ({ studentId: `s${n}`, studentName: name, ref: n });
const done: SimilarityReport = {
  scope: SCOPE,
  label: 'Day 21: Structures · task 2',
  status: 'done',
  progress: { done: 8, total: 8 },
  stale: false,
  computedAt: '2026-11-25T10:00:00Z',
  error: null,
  submissions: 4,
  threshold: 0.75,
  suggested: 0.885,
  pairs: [
    { id: 1, left: side(1, 'Ada'), right: side(2, 'Ben'), similarity: 0.97, longest: 20, longestShare: 0.6, reviewed: null },
    { id: 2, left: side(1, 'Ada'), right: side(3, 'Cleo'), similarity: 0.9, longest: 12, longestShare: 0.4, reviewed: null },
    {
      id: 3,
      left: side(2, 'Ben'),
      right: side(3, 'Cleo'),
      similarity: 0.88,
      longest: 1,
      longestShare: 0.05,
      reviewed: { note: 'Checked', by: 'Mate', at: '2026-11-25T10:05:00Z' },
    },
  ],
  clusters: [
    {
      students: [
        { studentId: 's1', studentName: 'Ada' },
        { studentId: 's2', studentName: 'Ben' },
        { studentId: 's3', studentName: 'Cleo' },
      ],
      maxSimilarity: 0.97,
    },
  ],
};
const detail: SimilarityPairDetail = {
  ...done.pairs[0]!,
  scope: SCOPE,
  language: 'c',
  leftCode: 'int main(void) {\n  return 0;\n}\n',
  rightCode: '// mine\nint main(void) {\n  return 0;\n}\n',
  fragments: [{ left: { startRow: 0, startCol: 0, endRow: 2, endCol: 1 }, right: { startRow: 1, startCol: 0, endRow: 3, endCol: 1 } }],
};

function serve(report: () => SimilarityReport, onReview?: (body: unknown) => void, onSettings?: (body: unknown) => void) {
  return serveApi(guide, (url, init) => {
    if (url.includes('/api/courses?prefix=c-cpp')) return json(200, courses);
    if (url.includes('/api/similarity/scopes'))
      return json(200, { scopes: [{ scope: SCOPE, kind: 'homework', label: done.label, submissions: 4, status: 'done', flagged: 3 }] });
    if (url.endsWith('/api/similarity/settings') && init?.method === 'PUT') {
      const body = JSON.parse(String(init.body)) as { courseId: string; threshold: number };
      onSettings?.(body);
      return json(200, { ...body, defaultThreshold: 0.85 });
    }
    if (url.includes('/api/similarity/settings')) return json(200, { courseId: 'course_c_01', threshold: 0.75, defaultThreshold: 0.85 });
    if (url.includes('/api/similarity/report?')) return json(200, report());
    if (url.endsWith('/api/similarity/pairs/1')) return json(200, detail);
    if (url.endsWith('/api/similarity/pairs/1/review') && init?.method === 'PUT') {
      onReview?.(JSON.parse(String(init.body)));
      return json(200, { ...done.pairs[0], reviewed: { note: 'Same program', by: 'Mate', at: '2026-11-25T10:06:00Z' } });
    }
  });
}

describe('SimilarSubmissionsPage', () => {
  it('shows the progress while the server compares, then the group and the ranked pairs', async () => {
    let calls = 0;
    serve(() =>
      ++calls === 1 ? { ...done, status: 'running', progress: { done: 3, total: 8 }, pairs: [], clusters: [], computedAt: null } : done,
    );
    renderPage(<SimilarSubmissionsPage />, `/c-cpp/similar?scope=${encodeURIComponent(SCOPE)}`);
    expect(await screen.findByText('Comparing 4 submissions: 38%')).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Comparison progress' })).toBeTruthy();
    expect(await screen.findByText(/Ada, Ben and Cleo share one program \(up to 97% similar\)/, {}, { timeout: 4000 })).toBeTruthy();
    const rows = within(screen.getByRole('table', { name: 'Similar pairs, most similar first' })).getAllByRole('row');
    expect(rows.map((r) => r.textContent)).toEqual([
      'StudentsSimilarityLongest fragmentReviewOpen',
      'Ada and Ben97%20 lines (60% of the shorter program)Not reviewedCompare',
      'Ada and Cleo90%12 lines (40% of the shorter program)Not reviewedCompare',
      'Ben and Cleo88%1 line (5% of the shorter program)ReviewedCompare',
    ]);
  });

  it("shows Dolos' suggested threshold for the task and makes it the course's on request", async () => {
    const saved: unknown[] = [];
    serve(
      () => done,
      undefined,
      (b) => saved.push(b),
    );
    renderPage(<SimilarSubmissionsPage />, `/c-cpp/similar?scope=${encodeURIComponent(SCOPE)}`);
    // 0.885 is shown and applied rounded down, so every pair Dolos would flag stays flagged.
    expect(await screen.findByText(/Dolos suggests 88% for this task/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Use 88% for this course' }));
    await waitFor(() => expect(saved).toEqual([{ courseId: 'course_c_01', threshold: 0.88 }]));
  });

  it('says so when the course already uses the suggestion, and offers nothing more', async () => {
    serve(() => ({ ...done, threshold: 0.88 }));
    renderPage(<SimilarSubmissionsPage />, `/c-cpp/similar?scope=${encodeURIComponent(SCOPE)}`);
    expect(await screen.findByText(/Dolos suggests 88% for this task.*This is the course’s threshold\./)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /for this course/ })).toBeNull();
  });

  it('opens a pair side by side with its matching lines marked, and saves the review with its note', async () => {
    const reviews: unknown[] = [];
    serve(
      () => done,
      (b) => reviews.push(b),
    );
    renderPage(<SimilarSubmissionsPage />, `/c-cpp/similar?scope=${encodeURIComponent(SCOPE)}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Compare Ada and Ben' }));
    expect(await screen.findByRole('heading', { name: 'Ada and Ben' })).toBeTruthy();
    const left = screen.getByLabelText('Code of Ada');
    const right = screen.getByLabelText('Code of Ben');
    expect(left.querySelectorAll('mark')).toHaveLength(3);
    expect(right.querySelectorAll('mark')).toHaveLength(3);
    expect(right.querySelector('mark')?.textContent).toBe('int main(void) {');
    fireEvent.click(screen.getByLabelText('Reviewed'));
    fireEvent.change(screen.getByLabelText(/^Note/), { target: { value: 'Same program' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save review' }));
    await waitFor(() => expect(reviews).toEqual([{ reviewed: true, note: 'Same program' }]));
  });
});
