import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { CourseLecturesResponse, CoursesResponse, LectureEditView } from '@learn/shared';
import ManageLecturesPage from './manage-lectures-page';
import { useSelectedCourse } from '../../lib/course-selection';
import { guide, json, renderPage, serveApi } from '../../test/render-page';

/** The sidebar's course selector writes the same selection the page reads. */
function SidebarStandIn() {
  const { select } = useSelectedCourse('python');
  return (
    <button type="button" onClick={() => select('course_python_02')}>
      Pick Python Advanced
    </button>
  );
}

const courses: CoursesResponse = { courses: [{ id: 'course_python_01', prefix: 'python', title: 'Python Programming', lectureCount: 2 }] };
const list: CourseLecturesResponse = {
  course: courses.courses[0]!,
  lectures: [
    { id: 'python-day-1', day: 1, title: 'Introduction', accessible: true, completed: false },
    { id: 'python-day-2', day: 2, title: 'Variables', accessible: true, completed: false },
  ],
};
const lecture = (id: string, title: string): LectureEditView => ({
  id,
  courseId: 'course_python_01',
  day: Number(id.split('-').pop()),
  updatedAt: null,
  title,
  description: 'What Python is.',
  keyConcepts: ['interpreter', 'print'],
  detailedContent: [{ type: 'heading', text: 'Why Python' }],
  codeContent: [{ type: 'code', language: 'python', code: 'print("hi")' }],
  quickQuiz: [{ question: 'What prints?', options: ['print', 'echo', 'say', 'put'], correctAnswer: 0 }],
});

function serve(put: (body: unknown) => Response) {
  return serveApi(guide, (url, init) => {
    if (url.includes('/api/courses?prefix=python')) return json(200, courses);
    if (url.endsWith('/api/courses/course_python_01/lectures')) return json(200, list);
    const m = /\/api\/lectures\/(python-day-\d+)\/edit$/.exec(url);
    if (m && init?.method === 'PUT') return put(JSON.parse(init.body as string));
    if (m) return json(200, lecture(m[1]!, m[1] === 'python-day-1' ? 'Introduction' : 'Variables'));
  });
}

const puts = (f: ReturnType<typeof vi.fn>) => f.mock.calls.filter(([, init]) => (init as RequestInit | undefined)?.method === 'PUT');
const type = (label: RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

async function open() {
  renderPage(<ManageLecturesPage />, '/python/manage-lectures');
  await screen.findByLabelText(/^Title/);
}

describe('ManageLecturesPage', () => {
  it('loads the first lecture and saves the edited fields, dropping blank key-concept lines', async () => {
    const fetchMock = serve((body) =>
      json(200, { ...lecture('python-day-1', 'x'), ...(body as object), updatedAt: '2025-03-01T00:00:00Z' }),
    );
    await open();
    expect((screen.getByRole('combobox', { name: 'Lecture' }) as HTMLInputElement).value).toBe('Day 1: Introduction');
    expect((screen.getByLabelText(/^Key concepts/) as HTMLTextAreaElement).value).toBe('interpreter\nprint');
    type(/^Title/, 'Welcome to Python');
    type(/^Key concepts/, 'interpreter\n\n  \nprint\nvariables\n');
    expect(screen.getByText('Unsaved changes')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Lecture saved')).toBeTruthy();
    const [call] = puts(fetchMock);
    expect(JSON.parse((call![1] as RequestInit).body as string)).toMatchObject({
      title: 'Welcome to Python',
      keyConcepts: ['interpreter', 'print', 'variables'],
      codeContent: [{ type: 'code', language: 'python', code: 'print("hi")' }],
    });
    expect(screen.getByText('All changes saved')).toBeTruthy();
  });

  it('refuses to send invalid JSON, says which field, and keeps the text', async () => {
    const fetchMock = serve(() => json(200, {}));
    await open();
    type(/^Quiz \(JSON\)/, '[{"question": "Q",');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    const alert = (await screen.findByText('Invalid JSON format. Please check your syntax.')).closest<HTMLElement>('[role="alert"]')!;
    expect(alert.textContent).toContain('Quiz (JSON):');
    expect(alert.textContent).not.toContain('Detailed content');
    expect(puts(fetchMock)).toHaveLength(0);
    expect((screen.getByLabelText(/^Quiz \(JSON\)/) as HTMLTextAreaElement).value).toBe('[{"question": "Q",');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText(/^Quiz \(JSON\)/)));
    expect(screen.getByLabelText(/^Quiz \(JSON\)/).getAttribute('aria-invalid')).toBe('true');
  });

  it("shows the server's 400 naming the field and keeps the typing", async () => {
    serve(() =>
      json(400, {
        type: 'VALIDATION',
        message: 'detailedContent.0.text: must not be empty',
        details: { fields: { 'detailedContent.0.text': 'must not be empty' } },
      }),
    );
    await open();
    type(/^Description/, 'A new description');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    const alert = (await screen.findByText('The lecture was not saved')).closest<HTMLElement>('[role="alert"]')!;
    expect(alert.textContent).toContain('detailedContent.0.text: must not be empty');
    expect(alert.textContent).toContain('Detailed content (JSON): item 1 › text: must not be empty');
    expect((screen.getByLabelText(/^Description/) as HTMLTextAreaElement).value).toBe('A new description');
    expect(screen.getByText('Unsaved changes')).toBeTruthy();
  });

  it('previews the detailed content as it becomes valid', async () => {
    serve(() => json(200, {}));
    await open();
    expect(await screen.findByRole('heading', { name: 'Why Python' })).toBeTruthy();
    type(/^Detailed content/, '[{"type": "heading", "text": "Fresh');
    expect(await screen.findByText(/preview shows the last valid version/)).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Why Python' })).toBeTruthy();
    type(/^Detailed content/, '[{"type": "heading", "text": "Fresh start"}]');
    expect(await screen.findByRole('heading', { name: 'Fresh start' })).toBeTruthy();
    expect(screen.queryByText(/preview shows the last valid version/)).toBeNull();
  });

  it('asks before switching lecture with unsaved changes', async () => {
    serve(() => json(200, {}));
    await open();
    type(/^Title/, 'Changed');
    fireEvent.click(screen.getByRole('combobox', { name: 'Lecture' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Day 2: Variables' }));
    const dialog = await screen.findByRole('dialog', { name: 'Discard unsaved changes?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep editing' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect((screen.getByLabelText(/^Title/) as HTMLInputElement).value).toBe('Changed');

    fireEvent.click(screen.getByRole('combobox', { name: 'Lecture' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Day 2: Variables' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Discard changes' }));
    await waitFor(() => expect((screen.getByLabelText(/^Title/) as HTMLInputElement).value).toBe('Variables'));
  });

  it('keeps a lecture with unsaved edits open when the course is switched in the sidebar', async () => {
    const two: CoursesResponse = {
      courses: [courses.courses[0]!, { id: 'course_python_02', prefix: 'python', title: 'Python Advanced', lectureCount: 1 }],
    };
    serveApi(guide, (url) => {
      if (url.includes('/api/courses?prefix=python')) return json(200, two);
      if (url.endsWith('/api/courses/course_python_01/lectures')) return json(200, list);
      if (url.endsWith('/api/courses/course_python_02/lectures'))
        return json(200, {
          course: two.courses[1],
          lectures: [{ id: 'python-day-51', day: 51, title: 'Async', accessible: true, completed: false }],
        });
      const m = /\/api\/lectures\/(python-day-\d+)\/edit$/.exec(url);
      if (m) return json(200, lecture(m[1]!, m[1] === 'python-day-1' ? 'Introduction' : 'Async'));
    });
    renderPage(
      <>
        <ManageLecturesPage />
        <SidebarStandIn />
      </>,
      '/python/manage-lectures',
    );
    await screen.findByLabelText(/^Title/);
    type(/^Title/, 'Edited');
    fireEvent.click(screen.getByRole('button', { name: 'Pick Python Advanced' }));
    await screen.findByText('Python Advanced: edit', { exact: false });
    expect((screen.getByLabelText(/^Title/) as HTMLInputElement).value).toBe('Edited');
    expect((screen.getByRole('combobox', { name: 'Lecture' }) as HTMLInputElement).value).toBe('Day 1: Introduction (other course)');
    // Once the edits are discarded, the page follows the new course.
    fireEvent.click(screen.getByRole('button', { name: 'Discard changes' }));
    await waitFor(() => expect((screen.getByLabelText(/^Title/) as HTMLInputElement).value).toBe('Async'));
  });
});
