/**
 * The screen kit's pieces rendered to HTML (react-dom/server, no browser): what they put on the
 * page for a screen to rely on. Their behaviour in Chromium is covered by the shop and auth specs.
 */
import { DEFAULT_THEME, MantineProvider, mergeMantineTheme, UnstyledButton } from '@mantine/core';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { theme } from '../../../renderer/app/theme';
import { AfterFirstPaint } from '../../../renderer/kit/after-first-paint';
import { CardGrid } from '../../../renderer/kit/card-grid';
import { CardPhoto } from '../../../renderer/kit/card-photo';
import { DateField } from '../../../renderer/kit/date-field';
import { serverFieldErrors, validateFields } from '../../../renderer/kit/forms';
import { ICON_BUTTON_ICON, useIconButton } from '../../../renderer/kit/icon-button';
import { PageLayout } from '../../../renderer/kit/page-layout';
import { PersonAvatar } from '../../../renderer/kit/person-avatar';
import { SelectField } from '../../../renderer/kit/select-field';
import { SaveStatus } from '../../../renderer/kit/save-status';
import { EmptyState, ErrorState, errorText } from '../../../renderer/kit/states';
import { Link } from '../../../renderer/routes/link';
import { ZEmail, ZName } from '../../../server/contracts/validation';

function html(node: ReactNode): string {
  return renderToStaticMarkup(
    <MantineProvider theme={theme}>
      <MemoryRouter>{node}</MemoryRouter>
    </MantineProvider>,
  );
}

describe('screen kit', () => {
  it('PageLayout: breadcrumbs in a labelled nav, the current page marked, one h1', () => {
    const page = html(
      <PageLayout title="Shop" breadcrumbs={[{ label: 'Home', to: '/' }, { label: 'Shop' }]} testId="shop">
        <p>content</p>
      </PageLayout>,
    );
    expect(page).toContain('aria-label="Breadcrumb"');
    expect(page).toMatch(/<a[^>]*href="\/"[^>]*>Home<\/a>/);
    expect(page).toMatch(/aria-current="page"[^>]*>Shop</);
    expect(page.match(/<h1/g)).toHaveLength(1);
  });

  it('EmptyState says what to do next; ErrorState offers Try again and shows the message', () => {
    expect(html(<EmptyState title="Nothing yet" description="Add your first wish" />)).toContain('Add your first wish');
    const error = html(<ErrorState error={new Error('The shop is unavailable')} onRetry={() => undefined} />);
    expect(error).toContain('role="alert"');
    expect(error).toContain('The shop is unavailable');
    expect(error).toContain('Try again');
    expect(errorText(null)).toBe('Something went wrong.');
  });

  it('SaveStatus says in a polite live region whether changes saved at once have reached the server', () => {
    const saving = html(<SaveStatus status="saving" />);
    expect(saving).toContain('role="status"');
    expect(saving).toContain('aria-live="polite"');
    expect(saving).toContain('Saving…');
    expect(html(<SaveStatus status="saved" />)).toMatch(/role="status"[^>]*>Saved</);
    expect(html(<SaveStatus status="idle" />)).not.toMatch(/Sav(ing|ed)/);
  });

  it('SelectField is a labelled native select; CardGrid passes its columns as CSS variables', () => {
    const select = html(
      <SelectField
        label="Shopping from"
        value="CA"
        onChange={() => undefined}
        options={[{ value: 'CA', label: 'Canada' }]}
      />,
    );
    const id = /<label for="([^"]+)"/.exec(select)?.[1];
    expect(id).toBeTruthy();
    expect(select).toContain(`<select id="${id}"`);
    expect(html(<CardGrid cols={{ base: 1, md: 4 }}>x</CardGrid>)).toContain('--cols-md:4');
  });

  it('CardPhoto: the photo with its text alternative, else the decorative gift placeholder', () => {
    const photo = html(<CardPhoto src="/demo/products/wool-scarf.svg" alt="Wool Scarf" h={160} testId="p" />);
    expect(photo).toMatch(/<img[^>]*src="\/demo\/products\/wool-scarf.svg"/);
    expect(photo).toContain('alt="Wool Scarf"');
    const none = html(<CardPhoto src={null} alt="Wool Scarf" h={160} testId="p" />);
    expect(none).not.toContain('<img');
    expect(none).toContain('aria-hidden="true"');
    expect(none).toContain('data-testid="p-placeholder"');
  });

  it('AfterFirstPaint leaves its children out of the first render (they join after the paint, in the browser)', () => {
    const page = html(
      <>
        <h2>Above the fold</h2>
        <AfterFirstPaint>
          <section>Below the fold</section>
        </AfterFirstPaint>
      </>,
    );
    expect(page).toContain('Above the fold');
    expect(page).not.toContain('Below the fold');
  });

  it('DateField renders a labelled date picker input', () => {
    const field = html(<DateField label="Exchange date" placeholder="Pick a date" />);
    expect(field).toContain('Exchange date');
    expect(field).toContain('Pick a date');
  });

  it('forms: the spec messages from the server schemas, and the server field errors of a failed call', () => {
    const schema = z.object({ name: ZName, email: ZEmail });
    expect(validateFields(schema, { name: '', email: 'nope' })).toEqual({
      name: 'Value is required',
      email: 'Value is not a valid email address',
    });
    expect(validateFields(schema, { name: 'Ana Lee', email: 'ana@example.test' })).toEqual({});
    expect(
      serverFieldErrors({ data: { fieldErrors: { email: 'An account with this e-mail already exists', n: 1 } } }),
    ).toEqual({
      email: 'An account with this e-mail already exists',
    });
    expect(serverFieldErrors({ fieldErrors: { code: 'That code is not right' } })).toEqual({
      code: 'That code is not right',
    });
    expect(serverFieldErrors(new Error('x'))).toEqual({});
  });
});

describe('PersonAvatar (renderer/kit/person-avatar.tsx)', () => {
  it('shows the picture, named for a screen reader, in a circle of the given size', () => {
    const markup = html(<PersonAvatar name="Jo Park" pictureUrl="/v1/users/u1/picture?v=2" size={32} />);
    expect(markup).toContain('<img');
    expect(markup).toContain('src="/v1/users/u1/picture?v=2"');
    expect(markup).toContain('alt="Picture of Jo Park"');
    expect(markup).toContain('width:calc(2rem * var(--mantine-scale));height:calc(2rem * var(--mantine-scale))');
  });

  it('shows the initials as text when there is no picture (40 px by default)', () => {
    const markup = html(<PersonAvatar name="Jo Park" pictureUrl={null} />);
    expect(markup).not.toContain('<img');
    expect(markup).toMatch(/>JP<\/span><\/span>$/);
    expect(markup).toContain('font-size:calc(calc(2.5rem * var(--mantine-scale)) / 2.5)');
    // The theme's light red, with its text darkened for contrast (renderer/app/theme.ts), as Avatar had it.
    const lightRed = mergeMantineTheme(DEFAULT_THEME, theme).variantColorResolver({
      color: 'red',
      theme: mergeMantineTheme(DEFAULT_THEME, theme),
      variant: 'light',
    });
    expect(lightRed.color).not.toBe('var(--mantine-color-red-light-color)');
    expect(markup).toContain(`background:${lightRed.background}`);
    expect(markup).toContain(`color:${lightRed.color}`);
  });
});

describe('icon buttons (renderer/kit/icon-button.ts)', () => {
  function Bell() {
    return (
      <UnstyledButton {...useIconButton()} aria-label="Notifications">
        <span className={ICON_BUTTON_ICON}>!</span>
      </UnstyledButton>
    );
  }

  it("draw a focusable button in ActionIcon's subtle gray, lg size, with its pressed nudge", () => {
    const markup = html(<Bell />);
    const merged = mergeMantineTheme(DEFAULT_THEME, theme);
    const subtle = merged.variantColorResolver({ color: 'gray', theme: merged, variant: 'subtle' });
    expect(markup).toMatch(/<button[^>]*class="mantine-focus-auto mantine-active [^"]*"/);
    expect(markup).toContain('aria-label="Notifications"');
    expect(markup).toContain('--ai-size:34px');
    for (const [name, value] of [
      ['--ai-bg', subtle.background],
      ['--ai-hover', subtle.hover],
      ['--ai-color', subtle.color],
      ['--ai-bd', subtle.border],
    ])
      expect(markup).toContain(`${name}:${value}`);
    expect(markup).toContain(`<span class="${ICON_BUTTON_ICON}">!</span>`);
  });
});

describe('Link (renderer/routes/link.tsx)', () => {
  const at = (location: string, node: ReactNode): string =>
    renderToStaticMarkup(
      <MemoryRouter initialEntries={[location]}>
        <Routes>
          <Route path="/shop/:marketId/" element={node} />
        </Routes>
      </MemoryRouter>,
    );

  it("renders the router's href: absolute paths as they are, relative ones from the current route", () => {
    expect(at('/shop/us/', <Link to="/wish-lists/">Lists</Link>)).toBe('<a href="/wish-lists/">Lists</a>');
    expect(at('/shop/us/', <Link to="guides/">Guides</Link>)).toBe('<a href="/shop/us/guides/">Guides</a>');
    expect(at('/shop/us/', <Link to={{ pathname: '/search/', search: '?q=socks' }}>Search</Link>)).toBe(
      '<a href="/search/?q=socks">Search</a>',
    );
  });

  it('passes its other props to the anchor, and leaves another origin to the browser', () => {
    expect(
      at(
        '/shop/us/',
        <Link to="/home/" className="nav" aria-current="page" data-testid="home-link" target="_self">
          Home
        </Link>,
      ),
    ).toBe('<a class="nav" aria-current="page" data-testid="home-link" href="/home/" target="_self">Home</a>');
    expect(at('/shop/us/', <Link to="https://shop.example/socks">Socks</Link>)).toBe(
      '<a href="https://shop.example/socks">Socks</a>',
    );
  });
});
