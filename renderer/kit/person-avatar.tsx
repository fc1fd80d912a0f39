/**
 * A person's round picture, or their initials on the app's light red when they have none (or it
 * fails to load): Mantine's Avatar as the app uses it (round, light red variant, initials at 2/5 of
 * the size), drawn with a span and an img. The component cost every page showing people about
 * 1.5 KiB gzip (Avatar, its group and placeholder icon) and five component layers per person; its
 * few rules are inline here, so this part brings no stylesheet of its own either.
 */
import { useMantineTheme, type MantineTheme } from '@mantine/core';
import type { CSSProperties } from 'react';
import { initialsOf } from './initials';
import { usePictureFallback } from './picture-fallback';

const ROOT: CSSProperties = {
  WebkitTapHighlightColor: 'transparent',
  position: 'relative',
  display: 'block',
  userSelect: 'none',
  overflow: 'hidden',
  borderRadius: 1000,
  padding: 0,
};

const IMAGE: CSSProperties = { objectFit: 'cover', width: '100%', height: '100%', display: 'block' };

const INITIALS: CSSProperties = {
  fontWeight: 700,
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: '100%',
  height: '100%',
  borderRadius: 1000,
};

/** The light red variant's colours as the theme resolves them (its text is darkened for contrast). */
const lightRed = new WeakMap<MantineTheme, CSSProperties>();
function initialsColors(theme: MantineTheme): CSSProperties {
  let colors = lightRed.get(theme);
  if (!colors) {
    const resolved = theme.variantColorResolver({ color: 'red', theme, variant: 'light' });
    colors = { background: resolved.background, border: resolved.border, color: resolved.color };
    lightRed.set(theme, colors);
  }
  return colors;
}

export function PersonAvatar({
  name,
  pictureUrl,
  size = 40,
}: {
  name: string;
  pictureUrl: string | null;
  size?: number;
}) {
  const picture = usePictureFallback(pictureUrl);
  const theme = useMantineTheme();
  const side = `calc(${size / 16}rem * var(--mantine-scale))`;
  return (
    <span style={{ ...ROOT, width: side, height: side, minWidth: side }}>
      {picture.showPicture ? (
        <img style={IMAGE} src={pictureUrl ?? undefined} alt={`Picture of ${name}`} onError={picture.onError} />
      ) : (
        <span style={{ ...INITIALS, ...initialsColors(theme), fontSize: `calc(${side} / 2.5)` }}>
          {initialsOf(name)}
        </span>
      )}
    </span>
  );
}
