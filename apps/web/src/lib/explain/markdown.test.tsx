import { describe, expect, it } from 'vitest';
import { render } from '@testing-library/react';
import { Markdown, parseMarkdown } from './markdown';
import { sseParser } from './explain-stream';

describe('the explanation Markdown renderer', () => {
  it('reads headings, lists, fenced code and paragraphs', () => {
    expect(parseMarkdown('## Line by line\n1. `int x;` declares\n2. prints\n\n- a\n- b\n```c\nint x;\n```\nDone.')).toEqual([
      { type: 'heading', level: 2, text: 'Line by line' },
      { type: 'list', ordered: true, start: 1, items: ['`int x;` declares', 'prints'] },
      { type: 'list', ordered: false, start: 1, items: ['a', 'b'] },
      { type: 'code', language: 'c', code: 'int x;' },
      { type: 'paragraph', text: 'Done.' },
    ]);
  });

  it('renders elements, never the model’s HTML', () => {
    const { container } = render(
      <Markdown text={'**Bold** and *it* with `x < 1`\n\n<img src=x onerror=alert(1)><script>alert(1)</script>'} />,
    );
    expect(container.querySelector('strong')?.textContent).toBe('Bold');
    expect(container.querySelector('em')?.textContent).toBe('it');
    expect(container.querySelector('code')?.textContent).toBe('x < 1');
    expect(container.querySelector('img, script')).toBeNull();
    expect(container.textContent).toContain('<script>alert(1)</script>');
  });

  it('shows a half-streamed fence as code so far', () => {
    expect(parseMarkdown('Look:\n```python\nprint(1)')).toEqual([
      { type: 'paragraph', text: 'Look:' },
      { type: 'code', language: 'python', code: 'print(1)' },
    ]);
  });
});

describe('the server-sent event reader', () => {
  it('keeps a partial event until its end arrives', () => {
    const feed = sseParser();
    expect(feed('data: {"text":"a"}\n\ndata: {"te')).toEqual([{ event: 'message', data: '{"text":"a"}' }]);
    expect(feed('xt":"b"}\n\nevent: done\ndata: {}\n\n')).toEqual([
      { event: 'message', data: '{"text":"b"}' },
      { event: 'done', data: '{}' },
    ]);
  });
});
