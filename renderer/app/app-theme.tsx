/**
 * The app's theme over anything it renders: the app (app-root.tsx), or the error page the server
 * asks for instead of it (main.tsx).
 */
import { MantineContext, MantineThemeProvider } from '@mantine/core';
import { StrictMode, type ContextType, type ReactNode } from 'react';
import { theme } from './theme';

/**
 * What Mantine's MantineProvider puts in its context, for the app's one light colour scheme.
 * The app provides it itself because MantineProvider also computes the theme's CSS variables and
 * breakpoint classes in the browser and writes them into <style> elements on every start: that
 * code is 1.6 KiB gzip of every page's first load and work before the first paint (issue 27). The
 * build ships the same CSS instead (theme-variables.css, generated from the theme and kept equal to
 * MantineProvider's output by a unit test), and index.html carries the attributes the provider
 * would set on <html>: the colour scheme and, as the theme respects reduced motion, that flag.
 */
export const MANTINE_CONTEXT = {
  colorScheme: 'light',
  setColorScheme: () => undefined,
  clearColorScheme: () => undefined,
  getRootElement: () => document.documentElement,
  classNamesPrefix: 'mantine',
  cssVariablesSelector: ':root',
  withStaticClasses: true,
} satisfies NonNullable<ContextType<typeof MantineContext>>;

export function AppTheme({ children }: { children: ReactNode }) {
  return (
    <StrictMode>
      <MantineContext.Provider value={MANTINE_CONTEXT}>
        <MantineThemeProvider theme={theme}>{children}</MantineThemeProvider>
      </MantineContext.Provider>
    </StrictMode>
  );
}
