import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AssignmentView, CourseLecturesResponse, CoursesResponse } from '@learn/shared';
import ManageAssignmentsPage from './manage-assignments-page';
import { guide, json, renderPage, serveApi } from '../../test/render-page';

const courses: CoursesResponse = { courses: [{ id: 'course_c_01', prefix: 'c-cpp', title: 'C Programming', lectureCount: 2 }] };
const list: CourseLecturesResponse = {
  course: courses.courses[0]!,
  lectures: [
    { id: 'c-cpp-day-5', day: 5, title: 'Operators', accessible: true, completed: false },
    { id: 'c-cpp-day-6', day: 6, title: 'If-Else', accessible: true, completed: false },
  ],
};
const view: AssignmentView = {
  id: 'c-cpp-asg-5',
  lectureId: 'c-cpp-day-5',
  lectureTitle: 'Operators',
  day: 5,
  tasks: [{ type: 'exercise', content: 'Add two numbers.', initialCode: '#include <stdio.h>\n', autograded: true, testCount: 3 }],
};

function serve(put: (body: unknown) => Response) {
  return serveApi(guide, (url, init) => {
    if (url.includes('/api/courses?prefix=c-cpp')) return json(200, courses);
    if (url.endsWith('/api/courses/course_c_01/lectures')) return json(200, list);
    if (url.endsWith('/api/lectures/c-cpp-day-5/assignment'))
      return init?.method === 'PUT' ? put(JSON.parse(init.body as string)) : json(200, view);
    if (url.endsWith('/api/lectures/c-cpp-day-6/assignment')) return json(404, { type: 'NOT_FOUND', message: 'Assignment not found' });
  });
}

const puts = (f: ReturnType<typeof vi.fn>) => f.mock.calls.filter(([, init]) => (init as RequestInit | undefined)?.method === 'PUT');
const cards = () => screen.getAllByTestId('task-card');

describe('ManageAssignmentsPage', () => {
  it('shows the tasks with their grading, keeps 1-2 tasks, and saves with PUT', async () => {
    const fetchMock = serve((body) =>
      json(200, {
        ...view,
        tasks: [
          { ...(body as AssignmentView).tasks[0], autograded: true, testCount: 3 },
          { ...(body as AssignmentView).tasks[1], autograded: false, testCount: 0 },
        ],
      }),
    );
    renderPage(<ManageAssignmentsPage />, '/c-cpp/manage-homework');
    expect(await screen.findByText('Autograded · 3 tests')).toBeTruthy();
    expect((screen.getByRole('combobox', { name: 'Lecture' }) as HTMLInputElement).value).toBe('Day 5: Operators');
    expect((screen.getByRole('button', { name: 'Remove Task 1' }) as HTMLButtonElement).disabled).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'Add task' }));
    expect(cards()).toHaveLength(2);
    expect((screen.getByRole('button', { name: 'Add task' }) as HTMLButtonElement).disabled).toBe(true);
    expect(within(cards()[1]!).getByText('Graded by hand')).toBeTruthy();

    fireEvent.change(within(cards()[1]!).getByLabelText(/^Content/), { target: { value: 'Write a calculator.' } });
    fireEvent.change(within(cards()[1]!).getByLabelText(/^Starter code/), { target: { value: 'int main(void) {}' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Assignment saved')).toBeTruthy();
    const [call] = puts(fetchMock);
    expect(JSON.parse((call![1] as RequestInit).body as string)).toEqual({
      tasks: [
        { type: 'exercise', content: 'Add two numbers.', initialCode: '#include <stdio.h>\n', from: 0 },
        { type: 'homework', content: 'Write a calculator.', initialCode: 'int main(void) {}', from: null },
      ],
    });
    expect(screen.getByText('No unsaved changes')).toBeTruthy();
  });

  it('warns that changing the type drops the automatic tests', async () => {
    serve(() => json(200, view));
    renderPage(<ManageAssignmentsPage />, '/c-cpp/manage-homework');
    await screen.findByText('Autograded · 3 tests');
    fireEvent.click(screen.getByRole('combobox', { name: 'Type' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Homework' }));
    expect(await screen.findByText(/its 3 tests no longer apply/)).toBeTruthy();
  });

  it("shows the server's refusal and keeps the typing", async () => {
    const fetchMock = serve(() =>
      json(400, {
        type: 'VALIDATION',
        message: 'tasks.0.content: Task text is too long',
        details: { fields: { 'tasks.0.content': 'Task text is too long' } },
      }),
    );
    renderPage(<ManageAssignmentsPage />, '/c-cpp/manage-homework');
    await screen.findByText('Autograded · 3 tests');
    fireEvent.change(screen.getByLabelText(/^Content/), { target: { value: 'A much longer text.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    const alert = (await screen.findByText('The assignment was not saved')).closest<HTMLElement>('[role="alert"]')!;
    expect(alert.textContent).toContain('tasks.0.content: Task text is too long');
    expect(screen.getByText('Task text is too long')).toBeTruthy();
    expect((screen.getByLabelText(/^Content/) as HTMLTextAreaElement).value).toBe('A much longer text.');
    expect(puts(fetchMock)).toHaveLength(1);
  });

  it('sends nothing while a task has no text', async () => {
    const fetchMock = serve(() => json(200, view));
    renderPage(<ManageAssignmentsPage />, '/c-cpp/manage-homework');
    await screen.findByText('Autograded · 3 tests');
    fireEvent.change(screen.getByLabelText(/^Content/), { target: { value: '  ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Task text is required')).toBeTruthy();
    expect(puts(fetchMock)).toHaveLength(0);
  });

  it('says when a lecture has no assignment', async () => {
    serve(() => json(200, view));
    const router = renderPage(<ManageAssignmentsPage />, '/c-cpp/manage-homework?lecture=c-cpp-day-6');
    expect(await screen.findByText('This lecture has no practice tasks.')).toBeTruthy();
    await waitFor(() => expect(router.state.location.search).toBe('?lecture=c-cpp-day-6'));
  });
});
