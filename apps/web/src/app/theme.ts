import {
  createTheme,
  darken,
  defaultVariantColorsResolver,
  parseThemeColor,
  type CSSVariablesResolver,
  type ModalProps,
  type VariantColorsResolver,
} from '@mantine/core';

/** Palettes whose dark shades are still too light for text on their own tint. */
const paleText = new Set(['yellow', 'lime', 'orange']);

/**
 * Light and subtle variants (tinted or clear background, coloured text) use shade 9 darkened by a quarter, or
 * near-black for pale palettes, so their labels pass WCAG AA (Mantine's default is a mid shade, about 3:1).
 */
const variantColorResolver: VariantColorsResolver = (input) => {
  if (input.variant !== 'light' && input.variant !== 'subtle') return defaultVariantColorsResolver(input);
  const parsed = parseThemeColor({ color: input.color || input.theme.primaryColor, theme: input.theme });
  if (!parsed.isThemeColor) return defaultVariantColorsResolver(input);
  // An explicit shade ('teal.8') gets the palette's usual tint, not a near-opaque one.
  const defaults = defaultVariantColorsResolver({ ...input, color: parsed.color });
  const text = paleText.has(parsed.color) ? 'var(--mantine-color-dark-8)' : darken(input.theme.colors[parsed.color]![9], 0.25);
  return { ...defaults, color: text, hoverColor: text };
};

/** The one (light) theme. Primary shade 8 keeps white text on filled buttons above 4.5:1 contrast. */
export const theme = createTheme({
  primaryColor: 'blue',
  primaryShade: 8,
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  defaultRadius: 'md',
  variantColorResolver,
  // Users who ask for less motion get no transitions (dialogs, toasts, drawers).
  respectReducedMotion: true,
  headings: { fontWeight: '700' },
  components: {
    // The toast's description is gray-6 by default (3.3:1); gray-8 reads well.
    // Plain objects, not Modal.extend(): the theme must not pull the dialog code into the first page's bundle.
    Notification: { styles: { description: { color: 'var(--mantine-color-gray-8)' } } },
    // Dialogs open above the sidebar drawer (z-index 201), and their close button has a name.
    Modal: { defaultProps: { zIndex: 300, closeButtonProps: { 'aria-label': 'Close' } } satisfies Partial<ModalProps> },
  },
});

/** Mantine's "dimmed" grey (gray-6) is under 4.5:1 on white; gray-7 is 7.9:1. Used for every dimmed text. */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  // Error text in red 8 (red 6 is under 4.5:1 on white).
  light: {
    '--mantine-color-error': 'var(--mantine-color-red-8)',
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-placeholder': 'var(--mantine-color-gray-6)',
  },
  dark: {},
});
