import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { ExplainButton } from './code-block';

describe('ExplainButton without AI', () => {
  it('says why it cannot explain, on keyboard focus as on hover, and does nothing on click', async () => {
    const explain = vi.fn();
    render(
      <MantineProvider env="test">
        <ExplainButton
          action={{ explain, disabledReason: 'AI explanations are not set up on this server.' }}
          code="x"
          language="c"
          label="C code"
        />
      </MantineProvider>,
    );
    const button = screen.getByRole('button', { name: 'Explain Code: AI explanations are not set up on this server.' });
    fireEvent.focus(button);
    expect((await screen.findByRole('tooltip')).textContent).toBe('AI explanations are not set up on this server.');
    fireEvent.click(button);
    expect(explain).not.toHaveBeenCalled();
  });
});
