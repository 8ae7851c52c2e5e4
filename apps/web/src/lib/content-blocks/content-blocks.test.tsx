import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import type { ContentBlock } from '@learn/shared';
import { ContentBlocks, isPreformatted, RichText, TaskText } from './content-blocks';

const renderUi = (ui: React.ReactNode) => render(<MantineProvider>{ui}</MantineProvider>);

describe('RichText', () => {
  it('renders **bold** as strong and keeps newlines', () => {
    const { container } = renderUi(<RichText text={'A **variable** holds\na value; 2 * 3 stays'} />);
    expect(container.querySelector('strong')?.textContent).toBe('variable');
    const span = container.querySelector('span[style]') as HTMLElement;
    expect(span.style.whiteSpace).toBe('pre-wrap');
    expect(span.textContent).toBe('A variable holds\na value; 2 * 3 stays');
  });
});

describe('ContentBlocks', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  const blocks: ContentBlock[] = [
    { type: 'heading', text: 'What is a variable?' },
    { type: 'paragraph', text: 'A **box** for values.' },
    { type: 'list', items: ['first **item**', 'second'] },
    { type: 'table', headers: ['Type', 'Holds'], rows: [['int', 'whole numbers']] },
    { type: 'callout', icon: 'idea', text: 'Think of a box.' },
    { type: 'callout', icon: 'exercise', text: 'Try it yourself.' },
    { type: 'code', language: 'c', code: 'int main(void) { return 0; }' },
  ];

  it('renders every block type', async () => {
    renderUi(<ContentBlocks blocks={blocks} />);
    expect(screen.getByRole('heading', { name: 'What is a variable?' })).toBeTruthy();
    expect(screen.getByText('box').tagName).toBe('STRONG');
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
    const table = screen.getByRole('region', { name: /Table/ });
    expect(within(table).getByRole('columnheader', { name: 'Holds' })).toBeTruthy();
    expect(within(table).getByRole('cell', { name: 'whole numbers' })).toBeTruthy();
    const notes = screen.getAllByRole('note');
    expect(notes[0]!.textContent).toContain('Idea: Think of a box.');
    expect(notes[0]!.querySelector('[data-icon="idea"] svg')).toBeTruthy();
    expect(notes[1]!.textContent).toContain('Exercise: Try it yourself.');
    // Highlighting arrives from the lazily loaded highlight.js.
    await waitFor(() => expect(document.querySelector('pre .hljs-keyword')?.textContent).toBe('return'));
    expect(screen.getByText('C')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Explain Code|Run in Scratchpad/ })).toBeNull();
  });

  it('copies the code and says Copied for 2 seconds', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderUi(<ContentBlocks blocks={[{ type: 'code', language: 'python', code: 'print("hi")' }]} />);
    fireEvent.click(screen.getByRole('button', { name: 'Copy Python code' }));
    expect(await screen.findByRole('button', { name: 'Copied' })).toBeTruthy();
    expect(writeText).toHaveBeenCalledWith('print("hi")');
    await act(() => {
      vi.advanceTimersByTime(1900);
    });
    expect(screen.getByRole('button', { name: 'Copied' })).toBeTruthy();
    await act(() => {
      vi.advanceTimersByTime(200);
    });
    expect(screen.getByRole('button', { name: 'Copy Python code' })).toBeTruthy();
  });
});

describe('Run in Scratchpad', () => {
  it('is offered on runnable code when the page passes onRunCode, and hands over the code and language', () => {
    const onRunCode = vi.fn();
    renderUi(
      <ContentBlocks
        blocks={[
          { type: 'code', language: 'cpp', code: 'int main() {}' },
          { type: 'code', language: 'bash', code: 'gcc main.c' },
        ]}
        onRunCode={onRunCode}
      />,
    );
    const buttons = screen.getAllByRole('button', { name: /^Run in Scratchpad/ });
    expect(buttons).toHaveLength(1);
    fireEvent.click(buttons[0]!);
    expect(onRunCode).toHaveBeenCalledWith('int main() {}', 'cpp');
  });
});

describe('TaskText', () => {
  it('keeps drawings and aligned output in monospace and the rest as paragraphs', () => {
    expect(isPreformatted('+-----+\n| HI  |\n+-----+')).toBe(true);
    expect(isPreformatted('Name   Score\nAda    90')).toBe(true);
    expect(isPreformatted('Write a program that reads two numbers.')).toBe(false);
    const { container } = render(
      <MantineProvider>
        <TaskText text={'Print this badge:\n\n+--+\n|Hi|\n+--+\n\nUse **printf**.'} />
      </MantineProvider>,
    );
    expect(container.querySelector('pre')?.textContent).toBe('+--+\n|Hi|\n+--+');
    expect(container.querySelectorAll('p')).toHaveLength(2);
    expect(container.querySelector('strong')?.textContent).toBe('printf');
  });
});
