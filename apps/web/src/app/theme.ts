import { createTheme, Notification, type CSSVariablesResolver } from '@mantine/core';

/** The one (light) theme. Primary shade 8 keeps white text on filled buttons above 4.5:1 contrast. */
export const theme = createTheme({
  primaryColor: 'blue',
  primaryShade: 8,
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  defaultRadius: 'md',
  // Users who ask for less motion get no transitions (dialogs, toasts, drawers).
  respectReducedMotion: true,
  headings: { fontWeight: '700' },
  components: {
    // The toast's description is gray-6 by default (3.3:1); gray-8 reads well.
    Notification: Notification.extend({ styles: { description: { color: 'var(--mantine-color-gray-8)' } } }),
  },
});

/** Mantine's "dimmed" grey (gray-6) is under 4.5:1 on white; gray-7 is 7.9:1. Used for every dimmed text. */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': 'var(--mantine-color-gray-7)', '--mantine-color-placeholder': 'var(--mantine-color-gray-6)' },
  dark: {},
});
