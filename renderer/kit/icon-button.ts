/**
 * A square icon button in the look of Mantine's ActionIcon, as the header uses it (the subtle
 * variant, gray, size lg): class and style to spread on an UnstyledButton (a button, or a Link
 * through its `component`), its icon in a span of class ICON_BUTTON_ICON. ActionIcon brought its JavaScript and its group parts (1.3 KiB gzip) to
 * every member page for the header's two buttons; these are its rules in a CSS module and its
 * colours from the theme's own variant resolver, so the buttons look and behave the same.
 */
import { useMantineTheme, type MantineTheme } from '@mantine/core';
import type { CSSProperties } from 'react';
import classes from './icon-button.module.css';

/** ActionIcon's `lg` size (its --ai-size-lg). */
const SIZE_LG = '34px';

/** The subtle gray variant's colours as the theme resolves them, once per theme. */
const subtleGray = new WeakMap<MantineTheme, CSSProperties>();
function colorsOf(theme: MantineTheme): CSSProperties {
  let colors = subtleGray.get(theme);
  if (!colors) {
    const resolved = theme.variantColorResolver({ color: 'gray', theme, variant: 'subtle' });
    colors = {
      '--ai-size': SIZE_LG,
      '--ai-bg': resolved.background,
      '--ai-hover': resolved.hover,
      '--ai-color': resolved.color,
      '--ai-bd': resolved.border,
      ...(resolved.hoverColor ? { '--ai-hover-color': resolved.hoverColor } : {}),
    } as CSSProperties;
    subtleGray.set(theme, colors);
  }
  return colors;
}

/** The class of the span that holds the icon inside the button. */
export const ICON_BUTTON_ICON = classes.icon;

/** Spread on an UnstyledButton; `mantine-active` is Mantine's own pressed nudge, as ActionIcon has it. */
export function useIconButton(): { className: string; style: CSSProperties } {
  return { className: `mantine-active ${classes.root}`, style: colorsOf(useMantineTheme()) };
}
