import { describe, expect, it } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import type { StudentExamQuestion } from '@learn/shared';
import { CodeAnswer } from './code-answer';
import { json, renderPage, student, serveApi } from '../../../test/render-page';

// jsdom does not lay text out; CodeMirror measures ranges, so give them empty boxes.
const emptyRects = () => Object.assign([], { item: () => null }) as unknown as DOMRectList;
Range.prototype.getClientRects ??= emptyRects;
Range.prototype.getBoundingClientRect ??= () => new DOMRect();

const question: StudentExamQuestion = {
  id: 'q4',
  type: 'code',
  prompt: 'Print hello.',
  points: 10,
  starterCode: 'print("hi")\n',
  sample: { input: '', expected: 'hello\n' },
};

describe('CodeAnswer', () => {
  it('edits in the code editor, runs, and checks against the sample test only', async () => {
    const fetchMock = serveApi(student, (url, init) => {
      if (url.endsWith('/api/run'))
        return json(200, {
          available: true,
          compile: null,
          run: { stdout: 'hi\n', stderr: '', exitCode: 0, signal: null, timeMs: 5, limit: null, limitMessage: null, truncated: false },
        });
      if (url.endsWith('/api/exams/e1/attempt/check') && init?.method === 'POST')
        return json(200, { passed: false, input: '', expected: 'hello\n', actual: 'hi\n', error: null });
    });
    renderPage(
      <CodeAnswer examId="e1" question={question} label="Question 4" language="python" value={'print("hi")\n'} onChange={() => {}} />,
      '/python/exam/e1',
    );
    expect(await screen.findByRole('textbox', { name: 'Question 4 answer' })).toBeTruthy();
    expect(screen.getByText('Sample test')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Run Question 4' }));
    expect((await screen.findByText('Output')).nextElementSibling?.textContent).toBe('hi\n');
    fireEvent.click(screen.getByRole('button', { name: 'Check Question 4 against the sample test' }));
    expect(await screen.findByText('The sample test does not pass yet.')).toBeTruthy();
    const checkCall = fetchMock.mock.calls.find(([u]) => String(u).endsWith('/attempt/check'))!;
    expect(JSON.parse(String(checkCall[1]!.body))).toEqual({ questionId: 'q4', code: 'print("hi")\n' });
    expect(screen.queryByText(/points|hidden/i)).toBeNull();
  });

  it('a busy code runner: the check says so and the answer stays as typed', async () => {
    serveApi(student, (url, init) => {
      if (url.endsWith('/api/exams/e1/attempt/check') && init?.method === 'POST')
        return json(429, { type: 'VALIDATION', message: 'The code runner is busy right now. Try again in a few seconds.' });
    });
    renderPage(
      <CodeAnswer examId="e1" question={question} label="Question 4" language="python" value={'print("hello")\n'} onChange={() => {}} />,
      '/python/exam/e1',
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Check Question 4 against the sample test' }));
    expect(await screen.findByText('The code runner is busy right now. Try again in a few seconds.')).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Question 4 answer' }).textContent).toContain('print("hello")');
  });
});
