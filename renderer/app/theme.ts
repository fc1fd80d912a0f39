import { createTheme } from '@mantine/core';

/** Festive but readable: a cranberry red primary on a warm neutral body, rounded friendly surfaces. */
export const theme = createTheme({
  primaryColor: 'red',
  primaryShade: { light: 7, dark: 6 },
  defaultRadius: 'md',
  fontFamily:
    'Inter, ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  headings: {
    fontFamily:
      'Inter, ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
    fontWeight: '800',
  },
  cursorType: 'pointer',
});
