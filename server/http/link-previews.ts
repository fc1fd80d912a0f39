/**
 * Link previews (issue 29): the HTML shell of a shared page carries Open Graph and Twitter card tags,
 * so a link pasted into a chat or a social network shows what it points to. Chat apps fetch the page
 * as a plain GET without cookies, so a preview is always made for an anonymous visitor, whoever
 * asks: the same services and access rules as the screens, with no identity.
 *
 * - A wish list (/profile/{userId}/wish-lists/{wishlistId}/): its title, owner and wish count when
 *   an anonymous visitor may read it (a public list of a public profile). A private, followers-only
 *   or exchange list, or a list of a private profile, previews as the generic app: never its title
 *   or its owner. Claims never appear (only the count of wishes is read from the list).
 * - A profile (/profile/{userId}/ and its wish-lists page): the name, for a public profile only.
 * - A gift guide (/shop/gift-guides/{giftGuideId}/) and a product (the product links of the shop:
 *   /add-wish/?productId= and any /shop/ page with ?productId=): public catalogue data.
 * - An exchange's invitation link (/gift-exchanges/{exchangeId}/rsvp/?code=): with the exchange's
 *   own code, while sign-up is open, its title, date and budget (what the invitation mail says);
 *   without the right code the generic app. Nothing about participants or pairings.
 *
 * Every other page gets the generic tags (one constant string per build, so the shell's compressed
 * copies are still made once). Only these routes read anything, one or two indexed queries each.
 */
import type { TConfig } from '../config';
import { exchangeTheme } from '../contracts/exchange-values';
import type { TAppDeps } from '../deps';
import { getProfile } from '../services/people/profile';
import { getGuide } from '../services/shop/guides';
import { getProduct } from '../services/shop/products';
import { getWishList } from '../services/wish-lists/lists';

export interface TLinkPreview {
  title: string;
  description: string;
  /** Absolute, or a path on this site (made absolute). */
  image: string | null;
  /** The canonical address: a path on this site. */
  path: string;
  type: 'website' | 'profile' | 'product' | 'article';
}

export const APP_NAME = 'Gifting';
export const APP_DESCRIPTION = 'Wish lists, secret-santa gift exchanges, groups and gift guides.';
/** The generic picture (renderer/public/og-image.png, 1200×630). */
export const APP_IMAGE_PATH = '/og-image.png';

const UUID = '[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}';
const LIST_PATH = new RegExp(`^/profile/(${UUID})/wish-lists/(${UUID})/$`);
const PROFILE_PATH = new RegExp(`^/profile/(${UUID})/(?:wish-lists/)?$`);
const GUIDE_PATH = new RegExp(`^/shop/gift-guides/(${UUID})/$`);
const INVITATION_PATH = new RegExp(`^/gift-exchanges/(${UUID})/rsvp/$`);
const PRODUCT_PAGES = /^\/(?:add-wish\/|shop\/.*)$/;
const IS_UUID = new RegExp(`^${UUID}$`);

export type TPreviewTarget =
  | { kind: 'list'; wishlistId: string }
  | { kind: 'profile'; userId: string }
  | { kind: 'guide'; giftGuideId: string }
  | { kind: 'product'; productId: string }
  | { kind: 'invitation'; exchangeId: string; code: string };

/** Which preview a page address asks for; null for every other page (no work done). */
export function previewTarget(url: URL): TPreviewTarget | null {
  const { pathname, searchParams } = url;
  let match = LIST_PATH.exec(pathname);
  if (match) return { kind: 'list', wishlistId: match[2]!.toLowerCase() };
  match = PROFILE_PATH.exec(pathname);
  if (match) return { kind: 'profile', userId: match[1]!.toLowerCase() };
  match = GUIDE_PATH.exec(pathname);
  if (match) return { kind: 'guide', giftGuideId: match[1]!.toLowerCase() };
  match = INVITATION_PATH.exec(pathname);
  const code = searchParams.get('code');
  if (match && code && code.length <= 100) return { kind: 'invitation', exchangeId: match[1]!.toLowerCase(), code };
  const productId = searchParams.get('productId');
  if (PRODUCT_PAGES.test(pathname) && productId && IS_UUID.test(productId))
    return { kind: 'product', productId: productId.toLowerCase() };
  return null;
}

const clip = (text: string, max: number): string => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1).trimEnd()}…` : flat;
};

const plural = (count: number, one: string, many: string): string => `${count} ${count === 1 ? one : many}`;

/** The preview an anonymous visitor may see, or null (unknown, hidden or closed: the generic app). */
export async function resolvePreview(
  deps: Pick<TAppDeps, 'db' | 'cache' | 'log'>,
  target: TPreviewTarget,
): Promise<TLinkPreview | null> {
  try {
    switch (target.kind) {
      case 'list': {
        // The screen's own read with no viewer: the owner's privacy, then the list's (404/401 else).
        const { list, wishes } = await getWishList(deps.db, null, { wishlistId: target.wishlistId });
        const owner = list.owner.displayName;
        const picture = wishes.find((wish) => wish.imageUrl)?.imageUrl ?? list.owner.pictureUrl ?? null;
        const count = plural(list.wishCount, 'wish', 'wishes');
        return {
          title: `${list.title} · ${owner}`,
          description: clip(
            list.description ? `${list.description} (${count})` : `${owner}’s wish list: ${count}.`,
            200,
          ),
          image: picture,
          path: `/profile/${list.ownerId}/wish-lists/${list.wishlistId}/`,
          type: 'article',
        };
      }
      case 'profile': {
        const profile = await getProfile(deps.db, null, target.userId);
        if (profile.isDeleted || profile.isPrivate || !profile.canSeePrivate) return null;
        return {
          title: `${profile.displayName} on ${APP_NAME}`,
          description: `See ${profile.shortName}’s wish lists on ${APP_NAME}.`,
          image: profile.pictureUrl,
          path: `/profile/${profile.userId}/`,
          type: 'profile',
        };
      }
      case 'guide': {
        const guide = await getGuide(deps, target.giftGuideId);
        return {
          title: `${guide.title} · ${APP_NAME} gift guide`,
          description: clip(guide.description ?? `Gift ideas: ${guide.title}.`, 200),
          image: guide.imageUrl,
          path: `/shop/gift-guides/${guide.giftGuideId}/`,
          type: 'website',
        };
      }
      case 'product': {
        const product = await getProduct(deps, target.productId);
        const price = `${product.price.amount.toFixed(2)} ${product.price.currency}`;
        return {
          title: product.title,
          description: clip(
            `${price} at ${product.merchant.name}${product.description ? `. ${product.description}` : ''}`,
            200,
          ),
          image: product.imageUrl,
          path: `/add-wish/?productId=${product.productId}`,
          type: 'product',
        };
      }
      case 'invitation': {
        const exchange = await deps.db.exchange.findUnique({
          where: { id: target.exchangeId },
          select: {
            id: true,
            title: true,
            joinCode: true,
            status: true,
            exchangeDate: true,
            budgetAmount: true,
            budgetCurrency: true,
            themeId: true,
            imageUrl: true,
          },
        });
        // Only the exchange's own code, and only while people may still sign up (as joinByLink).
        if (!exchange || exchange.joinCode !== target.code || exchange.status !== 'open') return null;
        const theme = exchangeTheme(exchange.themeId);
        const date = exchange.exchangeDate.toISOString().slice(0, 10);
        return {
          title: `You’re invited: ${exchange.title}`,
          description: `A gift exchange on ${date}, budget ${Number(exchange.budgetAmount)} ${exchange.budgetCurrency}. ${theme.tagline}.`,
          image: exchange.imageUrl,
          path: `/gift-exchanges/${exchange.id}/rsvp/?code=${encodeURIComponent(exchange.joinCode)}`,
          type: 'website',
        };
      }
    }
  } catch (error) {
    // Hidden or unknown (the services' 401/403/404) previews as the app; anything else is logged.
    const status = (error as { httpStatus?: number }).httpStatus;
    if (status === undefined || status >= 500)
      deps.log?.warn({ err: error instanceof Error ? error.message : String(error) }, 'link preview failed');
    return null;
  }
}

/** Escapes text for an HTML attribute or element. */
export function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!,
  );
}

function absolute(publicUrl: string, address: string): string {
  try {
    const url = new URL(address, `${publicUrl}/`);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.toString() : `${publicUrl}${APP_IMAGE_PATH}`;
  } catch {
    return `${publicUrl}${APP_IMAGE_PATH}`;
  }
}

/** The generic preview: the app itself. */
export function appPreview(): TLinkPreview {
  return { title: APP_NAME, description: APP_DESCRIPTION, image: null, path: '/', type: 'website' };
}

/**
 * The head tags of a preview: <title>, description, canonical, Open Graph and Twitter card. The
 * generic one (`shellTitle: true`) leaves the shell's own title and description as they are, and
 * names no canonical address (each page of the app is its own).
 */
export function previewHead(
  config: Pick<TConfig, 'publicUrl'>,
  preview: TLinkPreview,
  options: { shellTitle?: boolean } = {},
): string {
  const url = absolute(config.publicUrl, preview.path);
  const image = absolute(config.publicUrl, preview.image ?? APP_IMAGE_PATH);
  const meta = (attribute: 'name' | 'property', key: string, value: string): string =>
    `<meta ${attribute}="${key}" content="${escapeHtml(value)}" />`;
  return [
    ...(options.shellTitle
      ? []
      : [`<title>${escapeHtml(preview.title)}</title>`, meta('name', 'description', preview.description)]),
    // Every other page is not the app's root: only a previewed page names its canonical address.
    ...(options.shellTitle ? [] : [`<link rel="canonical" href="${escapeHtml(url)}" />`]),
    meta('property', 'og:site_name', APP_NAME),
    meta('property', 'og:type', preview.type),
    meta('property', 'og:title', preview.title),
    meta('property', 'og:description', preview.description),
    meta('property', 'og:url', url),
    meta('property', 'og:image', image),
    meta('name', 'twitter:card', preview.image ? 'summary_large_image' : 'summary'),
    meta('name', 'twitter:title', preview.title),
    meta('name', 'twitter:description', preview.description),
    meta('name', 'twitter:image', image),
  ].join('');
}

/** The shell with the preview's tags in place of its own <title> and description. */
export function withPreviewHead(html: string, head: string): string {
  let stripped = html;
  if (head.includes('<title>')) stripped = stripped.replace(/<title>[\s\S]*?<\/title>/i, '');
  if (head.includes('name="description"')) stripped = stripped.replace(/<meta\s+name="description"[^>]*>/i, '');
  if (stripped.includes('</head>')) return stripped.replace('</head>', `${head}</head>`);
  // A shell without a head element: the tags go right after the doctype (before it, quirks mode).
  const doctype = /^\s*<!doctype[^>]*>/i.exec(stripped);
  return doctype ? `${doctype[0]}${head}${stripped.slice(doctype[0].length)}` : `${head}${stripped}`;
}
