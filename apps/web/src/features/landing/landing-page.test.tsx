import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import LandingPage from './landing-page';

function renderLanding() {
  const router = createMemoryRouter([{ path: '/', element: <LandingPage /> }]);
  render(
    <MantineProvider env="test">
      <RouterProvider router={router} />
    </MantineProvider>,
  );
}

describe('LandingPage', () => {
  it('describes what the platform does today and promises nothing that does not exist yet', async () => {
    renderLanding();
    await screen.findByRole('heading', { name: 'Learn to program, one day at a time' });
    const page = document.body.cloneNode(true) as HTMLElement;
    page.querySelectorAll('style, script').forEach((n) => n.remove());
    const text = page.textContent ?? '';
    // Not built yet: homework review and exams. (Running code is: the scratchpad runs C, C++ and Python.)
    for (const promise of [/\bexams?\b/i, /homework/i, /review/i])
      expect(text, `the landing page promises ${promise}`).not.toMatch(promise);
    // What exists: daily lessons with examples, the quick quiz, practice problems, a mate, badges.
    expect(text).toMatch(/quick quiz/i);
    expect(text).toMatch(/practice problems/i);
    expect(text).toMatch(/examples/i);
    expect(text).toMatch(/you can run/i);
    expect(text).toMatch(/badges/i);
    expect(screen.getAllByRole('link', { name: /Start Learning/ })).toHaveLength(2);
  });
});
