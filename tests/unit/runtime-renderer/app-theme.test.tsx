import { readFileSync } from 'node:fs';
import path from 'node:path';
import { MantineProvider, useMantineContext, useMantineTheme } from '@mantine/core';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { AppTheme, MANTINE_CONTEXT } from '../../../renderer/app/app-theme';
import { cssVariablesResolver, theme } from '../../../renderer/app/theme';
import { renderThemeCss, THEME_CSS_FILE } from '../../../scripts/lib/theme-css';

/** What a component under the provider reads: the context's plain values and the merged theme. */
function Probe() {
  const { colorScheme, classNamesPrefix, cssVariablesSelector, withStaticClasses, headless } = useMantineContext();
  const seen = {
    colorScheme,
    classNamesPrefix,
    cssVariablesSelector,
    withStaticClasses,
    headless,
    theme: useMantineTheme(),
  };
  return <pre>{JSON.stringify(seen)}</pre>;
}

const read = (markup: string) => JSON.parse(/<pre>(.*)<\/pre>/s.exec(markup)![1]!.replaceAll('&quot;', '"'));

describe("the app's Mantine provider (issue 27: the theme's CSS is built, not computed in the browser)", () => {
  it('gives components the context and theme MantineProvider gives them', () => {
    const mantine = renderToStaticMarkup(
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
        <Probe />
      </MantineProvider>,
    );
    const app = renderToStaticMarkup(
      <AppTheme>
        <Probe />
      </AppTheme>,
    );
    expect(read(app)).toEqual(read(mantine));
    expect(read(app).theme.primaryColor).toBe('red');
  });

  it('renders no <style> of its own: the stylesheet carries the theme', () => {
    expect(renderToStaticMarkup(<AppTheme>x</AppTheme>)).toBe('x');
    expect(MANTINE_CONTEXT.cssVariablesSelector).toBe(':root');
  });

  it('theme-variables.css is what MantineProvider writes for the light theme (npm run theme:css when this fails)', () => {
    const css = readFileSync(THEME_CSS_FILE, 'utf8');
    expect(css).toBe(renderThemeCss());
    // The cranberry palette and the breakpoint classes behind hiddenFrom / visibleFrom.
    expect(css).toContain('--mantine-color-red-6: #c0283b');
    expect(css).toContain('.mantine-hidden-from-sm {display: none !important;}');
    expect(css).toContain(':root[data-mantine-color-scheme="light"]');
    expect(css).not.toContain('"dark"');
  });

  it('index.html carries the <html> attributes MantineProvider would set', () => {
    const html = readFileSync(path.join(path.dirname(THEME_CSS_FILE), '..', 'index.html'), 'utf8');
    const root = /<html[^>]*>/.exec(html)![0];
    expect(root).toContain('data-mantine-color-scheme="light"');
    expect(root.includes('data-respect-reduced-motion="true"')).toBe(theme.respectReducedMotion === true);
  });
});
