/**
 * A responsive grid of cards (columns per Mantine breakpoint), in plain CSS: the same layout as
 * Mantine's SimpleGrid without its JavaScript on the pages a first load shows.
 */
import type { CSSProperties, HTMLAttributes, ReactNode } from 'react';
import classes from './card-grid.module.css';

export interface TCardGridProps extends HTMLAttributes<HTMLDivElement> {
  cols?: { base?: number; xs?: number; sm?: number; md?: number; lg?: number };
  /** A Mantine spacing name. */
  gap?: 'xs' | 'sm' | 'md' | 'lg' | 'xl';
  children: ReactNode;
}

export function CardGrid({ cols = { base: 1, xs: 2, md: 3 }, gap = 'lg', children, style, ...rest }: TCardGridProps) {
  const variables: Record<string, string | number> = { '--grid-gap': `var(--mantine-spacing-${gap})` };
  for (const [breakpoint, count] of Object.entries(cols)) variables[`--cols-${breakpoint}`] = count;
  return (
    <div className={classes.grid} style={{ ...(variables as CSSProperties), ...style }} {...rest}>
      {children}
    </div>
  );
}
