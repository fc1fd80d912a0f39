/**
 * A wish's picture: an http(s) address, or a picture of this site by its plain path (the demo
 * catalogue's, which a wish copies from its product), never another site's `//host` nor a path
 * that climbs out of its folder.
 */
import { describe, expect, it } from 'vitest';
import { VALIDATION_MESSAGES } from '../../../server/contracts/messages';
import { ZWishCreate, ZWishUpdate } from '../../../server/contracts/wish-lists';

const WISH = '5f0c2a3e-8f4b-4c1d-9a7e-2b3c4d5e6f70';

describe('wish picture addresses', () => {
  it.each(['https://img.example.test/scarf.jpg', '/demo/products/wool-scarf.svg', ''])('accepts %j', (imageUrl) => {
    expect(ZWishCreate.safeParse({ title: 'Scarf', imageUrl }).success).toBe(true);
    expect(ZWishUpdate.safeParse({ wishId: WISH, imageUrl }).success).toBe(true);
  });

  it.each([
    '//evil.example/x.png',
    '/demo/../../etc/passwd',
    'javascript:alert(1)',
    'ftp://files.example/x.png',
    'demo/products/x.svg',
    '/demo/products/x.svg?<script>',
  ])('refuses %j with the link message', (imageUrl) => {
    const result = ZWishCreate.safeParse({ title: 'Scarf', imageUrl });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(['imageUrl']);
    expect(result.error?.issues[0]?.message).toBe(VALIDATION_MESSAGES.url);
  });
});
