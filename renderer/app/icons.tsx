/**
 * Small stroke icons (24×24, 2px round strokes) drawn as inline SVG: no icon font and no emoji font
 * needed, so they render the same everywhere (emoji show as empty boxes without an emoji font).
 * They are decorative (`aria-hidden`): keep the visible text next to them.
 */
import type { ReactNode, SVGProps } from 'react';

export type TIconProps = Omit<SVGProps<SVGSVGElement>, 'children'> & { size?: number | string };

export function Icon({ children, size = 16, ...props }: TIconProps & { children: ReactNode }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden
      focusable={false}
      {...props}
    >
      {children}
    </svg>
  );
}

export function EyeIcon(props: TIconProps) {
  return (
    <Icon {...props}>
      <path d="M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12Z" />
      <circle cx="12" cy="12" r="3" />
    </Icon>
  );
}

export function SwitchIcon(props: TIconProps) {
  return (
    <Icon {...props}>
      <path d="M17 3l4 4-4 4" />
      <path d="M3 7h18" />
      <path d="M7 21l-4-4 4-4" />
      <path d="M21 17H3" />
    </Icon>
  );
}

export function UsersIcon(props: TIconProps) {
  return (
    <Icon {...props}>
      <circle cx="9" cy="8" r="3.5" />
      <path d="M2.5 20c.8-3.4 3.4-5.5 6.5-5.5s5.7 2.1 6.5 5.5" />
      <path d="M16 4.5a3.5 3.5 0 0 1 0 7" />
      <path d="M18 14.8c1.8.8 3 2.5 3.5 5.2" />
    </Icon>
  );
}

export function LogOutIcon(props: TIconProps) {
  return (
    <Icon {...props}>
      <path d="M9 21H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h4" />
      <path d="M16 17l5-5-5-5" />
      <path d="M21 12H9" />
    </Icon>
  );
}

export function ChevronDownIcon(props: TIconProps) {
  return (
    <Icon {...props}>
      <path d="M6 9l6 6 6-6" />
    </Icon>
  );
}

/** A wrapped present with a bow: the product mark and gift exchanges. */
export function GiftIcon(props: TIconProps) {
  return (
    <Icon {...props}>
      <rect x="3" y="8" width="18" height="4" rx="1" />
      <path d="M5 12v7a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2v-7" />
      <path d="M12 8v13" />
      <path d="M12 8S10.5 3.5 8 3.5a2.25 2.25 0 0 0 0 4.5" />
      <path d="M12 8s1.5-4.5 4-4.5a2.25 2.25 0 0 1 0 4.5" />
    </Icon>
  );
}

/** A fir tree: the festive season. */
export function TreeIcon(props: TIconProps) {
  return (
    <Icon {...props}>
      <path d="M12 2.5 7.5 8.5h3L6 14h3.5L5.5 19h13l-4-5H18l-4.5-5.5h3L12 2.5Z" />
      <path d="M12 19v2.5" />
    </Icon>
  );
}

/** A big and a small four-pointed star: something new. */
export function SparklesIcon(props: TIconProps) {
  return (
    <Icon {...props}>
      <path d="M10 3.5 11.6 8.4 16.5 10l-4.9 1.6L10 16.5l-1.6-4.9L3.5 10l4.9-1.6L10 3.5Z" />
      <path d="M18.5 14.5v5" />
      <path d="M16 17h5" />
    </Icon>
  );
}

/** A bulleted list: wish lists. */
export function ListIcon(props: TIconProps) {
  return (
    <Icon {...props}>
      <path d="M9 6h11" />
      <path d="M9 12h11" />
      <path d="M9 18h11" />
      <path d="M4.5 6h.01" />
      <path d="M4.5 12h.01" />
      <path d="M4.5 18h.01" />
    </Icon>
  );
}

/** A shopping bag with handles: the shop. */
export function ShoppingBagIcon(props: TIconProps) {
  return (
    <Icon {...props}>
      <path d="M6 3 3.5 6.5V19a2 2 0 0 0 2 2h13a2 2 0 0 0 2-2V6.5L18 3H6Z" />
      <path d="M3.5 6.5h17" />
      <path d="M15.5 10a3.5 3.5 0 0 1-7 0" />
    </Icon>
  );
}

/** A speech bubble: messages. */
export function MessageIcon(props: TIconProps) {
  return (
    <Icon {...props}>
      <path d="M20.5 11.5a8 8 0 0 1-11.8 7.1L3.5 20.5l1.9-4.6A8 8 0 1 1 20.5 11.5Z" />
    </Icon>
  );
}

/** An open-ended wrench: maintenance. */
export function WrenchIcon(props: TIconProps) {
  return (
    <Icon {...props}>
      <path d="M14.5 6.5a1 1 0 0 0 0 1.4l1.6 1.6a1 1 0 0 0 1.4 0l3.6-3.6a6 6 0 0 1-8 8l-6.6 6.6a2.1 2.1 0 0 1-3-3l6.6-6.6a6 6 0 0 1 8-8l-3.6 3.6Z" />
    </Icon>
  );
}

export function CheckIcon(props: TIconProps) {
  return (
    <Icon {...props}>
      <path d="M5 12.5l4.5 4.5L19 7" />
    </Icon>
  );
}

/** A magnifying glass: searching (and not finding). */
export function SearchIcon(props: TIconProps) {
  return (
    <Icon {...props}>
      <circle cx="11" cy="11" r="7" />
      <path d="m20.5 20.5-4.5-4.5" />
    </Icon>
  );
}

/** A house: back home. */
export function HomeIcon(props: TIconProps) {
  return (
    <Icon {...props}>
      <path d="M3 10.5 12 3l9 7.5" />
      <path d="M5 9v11a1 1 0 0 0 1 1h4v-6h4v6h4a1 1 0 0 0 1-1V9" />
    </Icon>
  );
}
