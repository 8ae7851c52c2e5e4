import { createTheme } from '@mantine/core';

/** The one (light) theme. Primary shade 8 keeps white text on filled buttons above 4.5:1 contrast. */
export const theme = createTheme({
  primaryColor: 'blue',
  primaryShade: 8,
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  defaultRadius: 'md',
  headings: { fontWeight: '700' },
});
