import { describe, expect, it } from 'vitest';
import { render as rtlRender } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { Markdown, RichText } from './markdown';

const render = (ui: React.ReactNode) => rtlRender(<MantineProvider>{ui}</MantineProvider>);
/** The RichText span (MantineProvider adds its own style element beside it). */
const lesson = (text: string) => rtlRender(<RichText text={text} />).container.firstElementChild as HTMLElement;
const bold = (c: HTMLElement) => [...c.querySelectorAll('strong')].map((e) => e.textContent);
const code = (c: HTMLElement) => [...c.querySelectorAll('code')].map((e) => e.textContent);

describe('lesson text (RichText)', () => {
  it('reads **bold** and keeps newlines and spaces as written', () => {
    const c = lesson('A **variable** holds\n  a value; 2 * 3 stays');
    expect(bold(c)).toEqual(['variable']);
    expect(c.style.whiteSpace).toBe('pre-wrap');
    expect(c.textContent).toBe('A variable holds\n  a value; 2 * 3 stays');
  });

  it('leaves the power operator plain (Python 7)', () => {
    const text =
      'You already know +, -, * and /. Three more are extremely useful. **//** divides and keeps only the whole part ' +
      '(floor division). **%** (modulo) gives the remainder of a division. ** raises to a power.';
    const c = lesson(text);
    expect(bold(c)).toEqual(['//', '%']);
    expect(c.textContent).toContain('. ** raises to a power.');
    for (const t of [
      '**',
      '7 ** 2',
      'print(2 ** 10, 9 ** 0.5) and 2 * 3 ** 2',
      'Python follows the usual maths rules: ** first, then * / // %',
    ]) {
      const plain = lesson(t);
      expect(bold(plain)).toEqual([]);
      expect(plain.textContent).toBe(t);
    }
  });

  it('does not bold across operator** (C++ 37) and shows backticks as code', () => {
    const text =
      'There are limits. You cannot invent new symbols (no operator**), you cannot change how many operands an\n' +
      'operator takes or its precedence (* still binds tighter than +), at least one operand must be a class\n' +
      'type. Above all, keep the\n**expected meaning**: + should add. An operator+ that deletes a file compiles fine,\n' +
      'but nobody reading `a + b` will guess it.';
    const c = lesson(text);
    expect(bold(c)).toEqual(['expected meaning']);
    expect(code(c)).toEqual(['a + b']);
    expect(c.textContent).toContain('(no operator**), you cannot');
    expect(c.textContent).not.toContain('`');
  });

  it('keeps **kwargs plain and reads the bold the author meant around stars (Python 12)', () => {
    expect(bold(lesson('Any number of keyword arguments - **kwargs'))).toEqual([]);
    const mixed = lesson('Reach for *args when the caller has a bunch of values, and for **kwargs when the names are data.');
    expect(bold(mixed)).toEqual([]);
    expect(mixed.textContent).toBe('Reach for *args when the caller has a bunch of values, and for **kwargs when the names are data.');
    const starred = lesson('Two stars, ****kwargs**, collect all extra keyword arguments into a **dictionary**.');
    expect(bold(starred)).toEqual(['kwargs', 'dictionary']);
    expect(starred.textContent).toBe('Two stars, **kwargs, collect all extra keyword arguments into a dictionary.');
  });

  it('reads the bold around pointers, dunder names and a closing star (C 18, Python 24, C++ 49)', () => {
    expect(bold(lesson('declare the parameter as **const int *a**: "a points to ints"'))).toEqual(['const int *a']);
    expect(bold(lesson('**Misspelling __init__.** Python then calls object.__init__'))).toEqual(['Misspelling __init__.']);
    const c = lesson('**1. auto deduces const char*.** auto s = "text";\n\n**2. Reading an empty optional.** *opt when opt holds nothing');
    expect(bold(c)).toEqual(['1. auto deduces const char*.', '2. Reading an empty optional.']);
    expect(c.textContent).toContain('*opt when opt');
  });

  it('does not bold between operands written without spaces', () => {
    const c = lesson('x**2 + y**2 is the square of the distance; 2**10 is 1024');
    expect(bold(c)).toEqual([]);
    expect(c.textContent).toBe('x**2 + y**2 is the square of the distance; 2**10 is 1024');
    expect(bold(lesson('"dunder" methods, for **d**ouble **under**score'))).toEqual(['d', 'under']);
  });

  it('never formats inside inline code', () => {
    const c = lesson('Call `f(**kwargs)` or `2 ** 10` and `**not bold**`, then **bold** `x`.');
    expect(code(c)).toEqual(['f(**kwargs)', '2 ** 10', '**not bold**', 'x']);
    expect(bold(c)).toEqual(['bold']);
  });

  it('reads nothing the specification does not show: italics, underscores, escapes, entities and HTML stay text', () => {
    const text = 'func.__name__ and *args, 2*3*4, a\\*b, &amp; <b>x</b> <script>alert(1)</script> [a](http://x) # no heading';
    const c = lesson(text);
    expect(c.querySelector('em, b, script, a, h1')).toBeNull();
    expect(c.textContent).toBe(text);
  });
});

describe('an explanation (Markdown)', () => {
  it('reads headings, lists, fenced code and paragraphs', () => {
    const { container } = render(
      <Markdown text={'## Line by line\n1. `int x;` declares\n2. prints\n\n- a\n- b\n\n```c\nint x;\n```\nDone.'} />,
    );
    expect(container.querySelector('h4')?.textContent).toBe('Line by line');
    expect([...container.querySelectorAll('ol > li')].map((e) => e.textContent)).toEqual(['int x; declares', 'prints']);
    expect([...container.querySelectorAll('ul > li')].map((e) => e.textContent)).toEqual(['a', 'b']);
    expect(container.querySelector('pre')?.getAttribute('aria-label')).toBe('c code');
    expect(container.querySelector('pre code')?.textContent).toBe('int x;');
    expect(container.querySelector('p:last-child')?.textContent).toBe('Done.');
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

  it('keeps dunder names and snake_case as written', () => {
    const { container } = render(<Markdown text={'The __init__ method sets __name__; my_var_name and *this* stay.'} />);
    expect(container.querySelector('p')?.textContent).toBe('The __init__ method sets __name__; my_var_name and this stay.');
    expect(container.querySelector('strong')).toBeNull();
    expect(container.querySelector('em')?.textContent).toBe('this');
  });

  it('shows a half-streamed fence as code so far, and 2 ** 10 plain', () => {
    const { container } = render(<Markdown text={'Look: 2 ** 10 and **kwargs\n```python\nprint(1)'} />);
    expect(container.querySelector('p')?.textContent).toBe('Look: 2 ** 10 and **kwargs');
    expect(container.querySelector('pre code')?.textContent).toBe('print(1)');
    expect(container.querySelector('strong')).toBeNull();
  });
});
