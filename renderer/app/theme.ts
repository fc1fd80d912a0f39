import {
  Badge,
  createTheme,
  darken,
  defaultVariantColorsResolver,
  parseThemeColor,
  type CSSVariablesResolver,
  type MantineColorsTuple,
  type VariantColorsResolver,
} from '@mantine/core';

/**
 * Cranberry, replacing Mantine's red everywhere (`color="red"` included): from shade 5 on, white
 * text on it and it as text on white or on shade 0 reach WCAG AA's 4.5:1 (shade 6 ≈ 5.8:1).
 */
const cranberry: MantineColorsTuple = [
  '#fff0f1',
  '#ffe0e3',
  '#fdc0c6',
  '#f7939d',
  '#ee6b78',
  '#c73347',
  '#c0283b',
  '#a91f31',
  '#921a2a',
  '#7a1523',
];

/**
 * Text of the "light", "subtle" and "outline" variants (alerts, light buttons, badges) is the
 * colour's darkest shade darkened further, so even yellow, orange and gray reach 4.5:1 on white and
 * on their own shade 0.
 */
const variantColorResolver: VariantColorsResolver = (input) => {
  const colors = defaultVariantColorsResolver(input);
  if (input.variant !== 'light' && input.variant !== 'subtle' && input.variant !== 'outline') return colors;
  const parsed = parseThemeColor({ color: input.color ?? input.theme.primaryColor, theme: input.theme });
  if (!parsed.isThemeColor) return colors;
  const text = darken(input.theme.colors[parsed.color]?.[9] ?? parsed.value, 0.35);
  return { ...colors, color: text, hoverColor: text };
};

/** Dimmed text (hints, captions, the footer) at 4.5:1 on white and on the pale page backgrounds. */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  // Dimmed text and placeholders (a file input's "Choose a file" is text axe checks) reach 4.5:1 on white.
  light: { '--mantine-color-dimmed': 'var(--mantine-color-gray-7)', '--mantine-color-placeholder': '#6b7280' },
  dark: {},
});

/** Festive but readable: a cranberry primary on a warm neutral body, rounded friendly surfaces. */
export const theme = createTheme({
  colors: { red: cranberry },
  primaryColor: 'red',
  primaryShade: { light: 6, dark: 5 },
  variantColorResolver,
  defaultRadius: 'md',
  fontFamily:
    'Inter, ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  headings: {
    fontFamily:
      'Inter, ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
    fontWeight: '800',
  },
  cursorType: 'pointer',
  // A member whose system asks for reduced motion gets no transitions (modals, menus, drawers).
  respectReducedMotion: true,
  // Keyboard focus always shows a ring (WCAG 2.4.7), pointer clicks do not.
  focusRing: 'auto',
  components: {
    /**
     * A badge shows its whole word (issue 26: "TRENDING" read "TRENDI…"): it never shrinks in a
     * row beside a long title (the title wraps instead), and a phrase that does not fit its
     * container wraps between words rather than being cut with an ellipsis.
     */
    Badge: Badge.extend({
      styles: {
        root: { flexShrink: 0, maxWidth: '100%', height: 'auto', minHeight: 'var(--badge-height)' },
        label: { whiteSpace: 'normal', overflow: 'visible', textOverflow: 'clip' },
      },
    }),
    /**
     * No empty focusable <div> as a menu's first child: a menu may hold only items, groups and
     * separators (axe: aria-required-children), and opening focuses the first item instead. A plain
     * object, not Menu.extend: importing Menu here would pull it into every page's first load.
     */
    Menu: { defaultProps: { withInitialFocusPlaceholder: false } },
  },
});
