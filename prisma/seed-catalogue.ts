/**
 * The demo shop catalogue for the US, CA and GB markets: a three-level gift-guide tree per market,
 * eleven merchants (five featured), about 160 products with their guides, and price history
 * (some older, higher prices and exactly one recent price drop per market).
 *
 * Deterministic: ids come from seedId, variety from a PRNG seeded by the market code; only the
 * dates move with `now`. Re-runnable: guides are upserted by id (favourite guides point at them)
 * and guides of these markets that the tree no longer has are removed; merchants, products,
 * their guides and prices of these markets are deleted and written again (wishes keep their copy
 * of a product with productId set to NULL, price watches go with the product: the people seed
 * after this one writes its wishes and watches again).
 */
import type { TDb } from '../server/db/client';
import { seedId } from './seed-ids';

type TTx = Parameters<Parameters<TDb['$transaction']>[0]>[0];

export interface TCatalogueResult {
  giftGuides: number;
  merchants: number;
  products: number;
}

type TMarketCode = 'US' | 'CA' | 'GB';

const CATALOGUE_MARKETS: { code: TMarketCode; currency: string; rate: number }[] = [
  { code: 'US', currency: 'USD', rate: 1 },
  { code: 'CA', currency: 'CAD', rate: 1.35 },
  { code: 'GB', currency: 'GBP', rate: 0.8 },
];

/** The slugs of the products the people seed puts on the demo wish lists (one product of each, per market). */
export const DEMO_PRODUCT_SLUGS = [
  'wool-scarf', // Gifts for Her › Fashion & accessories › Scarves & gloves
  'espresso-machine', // Gifts for Him › Kitchen & bar › Coffee & tea
  'board-game-night', // Gifts for Kids › Tweens › Games & puzzles (and White Elephant › Games & party)
  'wireless-earbuds', // Gifts for Him › Tech & gadgets › Audio & headphones
  'cookbook', // Gifts for Him › Kitchen & bar › Cookbooks
] as const;

/** Product ids are seedId(`product:${market}:${key}`); the key is the product's slug, except for the dropped one. */
const DROPPED_KEY = 'dropped';

/**
 * Ids the people seed and tests use.
 * - `product(market, slug)`: a catalogue product, e.g. the demo ones of DEMO_PRODUCT_SLUGS
 *   ('wool-scarf', 'espresso-machine', 'board-game-night', 'wireless-earbuds', 'cookbook').
 * - `droppedProduct(market)`: the one product per market whose price dropped recently (Noise-Cancelling
 *   Headphones: a higher price recorded 10 days before the seed, the lower current one a day before);
 *   its id is seedId(`product:${market}:dropped`).
 * - `guide(market, ...titles)`: a gift guide by its path of (market-spelled) titles.
 * - `merchant(market, shop)`: a merchant by its shop kind ('home', 'tech', 'outdoors', …).
 */
export const CATALOGUE_KEYS = {
  demoProducts: DEMO_PRODUCT_SLUGS,
  product: (market: string, slug: string): string => seedId(`product:${market}:${slug}`),
  droppedProduct: (market: string): string => seedId(`product:${market}:${DROPPED_KEY}`),
  guide: (market: string, ...titles: string[]): string => seedId(`guide:${market}:${titles.join(':')}`),
  merchant: (market: string, shop: string): string => seedId(`merchant:${market}:${shop}`),
};

export type TShop =
  | 'home'
  | 'tech'
  | 'outdoors'
  | 'kids'
  | 'kitchen'
  | 'beauty'
  | 'jewelry'
  | 'fashion'
  | 'paper'
  | 'treats'
  | 'experiences';

/** Merchants per market, in sortOrder; the first five are featured. */
const MERCHANTS: Record<TMarketCode, [TShop, string, string][]> = {
  US: [
    ['home', 'Hearth & Home Co.', 'https://www.hearthandhomeco.com'],
    ['tech', 'Gadget Grove', 'https://www.gadgetgrove.com'],
    ['outdoors', 'Trailhead Supply', 'https://www.trailheadsupply.com'],
    ['kids', 'Little Sprout Toys', 'https://www.littlesprouttoys.com'],
    ['kitchen', 'Copper Kettle Kitchen', 'https://www.copperkettlekitchen.com'],
    ['beauty', 'Bloom & Birch Beauty', 'https://www.bloomandbirch.com'],
    ['jewelry', 'Silver Lantern Jewelry', 'https://www.silverlanternjewelry.com'],
    ['fashion', 'Main Street Mercantile', 'https://www.mainstreetmercantile.com'],
    ['paper', 'Paper & Quill', 'https://www.paperandquill.com'],
    ['treats', 'Sweet Tooth Pantry', 'https://www.sweettoothpantry.com'],
    ['experiences', 'Wildflower Experiences', 'https://www.wildflowerexperiences.com'],
  ],
  CA: [
    ['home', 'Northern Hearth Home', 'https://www.northernhearth.ca'],
    ['tech', 'True North Tech', 'https://www.truenorthtech.ca'],
    ['outdoors', 'Maple & Pine Outfitters', 'https://www.mapleandpine.ca'],
    ['kids', 'Little Loon Toys', 'https://www.littleloontoys.ca'],
    ['kitchen', 'Prairie Kitchen Co.', 'https://www.prairiekitchen.ca'],
    ['beauty', 'Muskoka Apothecary', 'https://www.muskokaapothecary.ca'],
    ['jewelry', 'Aurora Jewellery', 'https://www.aurorajewellery.ca'],
    ['fashion', 'Laurentian Knit & Co.', 'https://www.laurentianknit.ca'],
    ['paper', 'Inkwell Books & Paper', 'https://www.inkwellbooks.ca'],
    ['treats', 'Sugar Shack Sweets', 'https://www.sugarshacksweets.ca'],
    ['experiences', 'Great Lakes Adventures', 'https://www.greatlakesadventures.ca'],
  ],
  GB: [
    ['home', 'The Cosy Cottage', 'https://www.thecosycottage.co.uk'],
    ['tech', 'Circuit & Co.', 'https://www.circuitandco.co.uk'],
    ['outdoors', 'Fell & Tor Outdoor', 'https://www.fellandtor.co.uk'],
    ['kids', 'Hopscotch Toys', 'https://www.hopscotchtoys.co.uk'],
    ['kitchen', 'The Kitchen Drawer', 'https://www.thekitchendrawer.co.uk'],
    ['beauty', 'Rose & Thistle Apothecary', 'https://www.roseandthistle.co.uk'],
    ['jewelry', 'Hatton Lane Jewellery', 'https://www.hattonlane.co.uk'],
    ['fashion', 'Hebridean Knitwear', 'https://www.hebrideanknitwear.co.uk'],
    ['paper', 'Quire & Quill', 'https://www.quireandquill.co.uk'],
    ['treats', 'The Tuck Shop', 'https://www.thetuckshop.co.uk'],
    ['experiences', 'Days Out Co.', 'https://www.daysoutco.co.uk'],
  ],
};
const FEATURED_MERCHANTS = 5;

/**
 * A product template: US title and price (in USD; other markets convert and round), one sentence of
 * description, and options: an explicit slug, more guides (paths of US titles joined by ' / '),
 * another shop than the guide's, or a price it dropped to recently (the market's dropped product).
 */
type TItem = [
  title: string,
  usd: number,
  description: string,
  options?: { slug?: string; also?: string[]; shop?: TShop; droppedTo?: number },
];

interface TGuideNode {
  /** US title; other markets get spelling (and currency) adjusted, or a title of their own. */
  title: string;
  titles?: Partial<Record<TMarketCode, string>>;
  description?: string;
  trending?: boolean;
  /** The shop selling the products below (the nearest one up the tree). */
  shop?: TShop;
  /** A budget guide: every product below costs less than this in each market's currency. */
  under?: number;
  children?: TGuideNode[];
  items?: TItem[];
}

const TREE: TGuideNode[] = [
  {
    title: 'Gifts for Her',
    description: 'Thoughtful finds she will actually use.',
    children: [
      {
        title: 'Cozy at home',
        description: 'Soft, warm and made for slow evenings.',
        shop: 'home',
        children: [
          {
            title: 'Blankets & throws',
            description: 'Something to curl up under.',
            items: [
              [
                'Chunky Knit Throw Blanket',
                89,
                'A hand-knitted throw in chunky merino-blend yarn, big enough for two.',
              ],
              ['Faux Fur Throw', 59, 'A silky faux-fur throw that keeps its loft wash after wash.'],
              ['Weighted Blanket', 129, 'A calming 15 lb weighted blanket with a removable cotton cover.'],
            ],
          },
          {
            title: 'Loungewear & slippers',
            description: 'Comfort from morning coffee to bedtime.',
            items: [
              ['Sherpa-Lined Slippers', 45, 'Moccasin-style slippers lined with plush sherpa and a grippy sole.'],
              ['Waffle Knit Robe', 79, 'A lightweight cotton waffle robe with deep pockets and a tie belt.'],
              [
                'Cashmere Lounge Socks',
                32,
                'Bed socks knitted from a cashmere and wool blend, soft enough to sleep in.',
              ],
            ],
          },
          {
            title: 'Candles & scents',
            description: 'Make the whole house smell like a holiday.',
            items: [
              ['Soy Candle Trio', 38, 'Three hand-poured soy candles in fig, cedar and sea salt.'],
              ['Reed Diffuser', 34, 'A glass reed diffuser with a calming lavender and eucalyptus blend.'],
              ['Beeswax Taper Candles', 22, 'A pair of hand-dipped beeswax tapers that burn clean and slow.'],
            ],
          },
        ],
      },
      {
        title: 'Beauty & wellness',
        description: 'A little self-care goes a long way.',
        shop: 'beauty',
        children: [
          {
            title: 'Skincare',
            description: 'Serums, masks and sets that pamper.',
            items: [
              ['Vitamin C Brightening Serum', 42, 'A lightweight daily serum that evens tone and adds glow.'],
              ['Overnight Repair Face Mask', 36, 'A rich sleeping mask with ceramides for dry winter skin.'],
              [
                'Hydrating Skincare Set',
                65,
                'Cleanser, toner and moisturizer in travel sizes, boxed and ready to give.',
              ],
            ],
          },
          {
            title: 'Bath & spa',
            description: 'Turn a bath into a spa night.',
            items: [
              ['Bath Bomb Gift Set', 28, 'Six fizzing bath bombs scented with citrus, rose and vanilla.'],
              ['Eucalyptus Shower Steamers', 16, 'Shower tablets that release eucalyptus and mint as they dissolve.'],
              ['Spa Day Gift Basket', 75, 'Bath salts, body butter, a loofah and a plush towel in a woven basket.'],
            ],
          },
          {
            title: 'Fragrance',
            description: 'Signature scents and samplers.',
            items: [
              ['Eau de Parfum Discovery Set', 48, 'Six sample vials to find a new favorite scent.'],
              ['Solid Perfume Compact', 26, 'A refillable brass compact of solid perfume with jasmine and amber.'],
              ['Rollerball Perfume Oil', 24, 'A pocket-sized rollerball of vanilla and sandalwood perfume oil.'],
            ],
          },
        ],
      },
      {
        title: 'Jewelry',
        description: 'Pieces she will wear every day.',
        shop: 'jewelry',
        children: [
          {
            title: 'Earrings',
            description: 'Hoops, studs and huggies.',
            items: [
              ['Gold Hoop Earrings', 58, 'Lightweight 14k gold-plated hoops with a secure hinged clasp.'],
              ['Pearl Stud Earrings', 45, 'Freshwater pearl studs on sterling silver posts.'],
              ['Sterling Silver Huggie Earrings', 39, 'Small sterling silver huggies that hug the lobe.'],
            ],
          },
          {
            title: 'Necklaces & pendants',
            description: 'Personal, layered and timeless.',
            items: [
              ['Initial Pendant Necklace', 54, 'A dainty gold-filled chain with a hand-stamped initial disc.'],
              ['Birthstone Necklace', 62, 'A sterling silver pendant set with the birthstone of her month.'],
              ['Layered Chain Necklace', 48, 'Two fine chains of different lengths, worn together or apart.'],
            ],
          },
          {
            title: 'Under $50',
            titles: { GB: 'Under £50' },
            description: 'Pretty pieces that are easy on the budget.',
            under: 50,
            items: [
              ['Beaded Friendship Bracelet', 18, 'A stretch bracelet of glass beads with a tiny gold charm.'],
              ['Enamel Stacking Rings', 28, 'A set of three slim enamel rings in soft pastel colors.'],
              ['Charm Bracelet', 34, 'A silver-plated chain bracelet with three starter charms.'],
            ],
          },
        ],
      },
      {
        title: 'Fashion & accessories',
        description: 'Finishing touches for every season.',
        shop: 'fashion',
        children: [
          {
            title: 'Scarves & gloves',
            description: 'Warm layers for cold days.',
            items: [
              ['Wool Scarf', 39, 'A soft, warm wool scarf knitted from pure merino wool.', { slug: 'wool-scarf' }],
              ['Cashmere Wool Scarf', 98, 'A featherlight scarf woven from a cashmere and wool blend.'],
              ['Touchscreen Knit Gloves', 24, 'Knit gloves with conductive fingertips for texting outside.'],
            ],
          },
          {
            title: 'Bags & wallets',
            description: 'Carry-alls and everyday essentials.',
            items: [
              ['Leather Crossbody Bag', 120, 'A full-grain leather crossbody with an adjustable strap.'],
              ['Canvas Weekender Bag', 85, 'A waxed canvas weekender with leather handles and a shoe pocket.'],
              ['Slim Leather Card Wallet', 35, 'A minimalist card wallet that holds six cards and folded bills.'],
            ],
          },
          {
            title: 'Hats',
            description: 'Beanies, berets and more.',
            items: [
              ['Cable Knit Beanie', 28, 'A classic cable-knit beanie in a soft wool blend.'],
              ['Wool Felt Fedora', 65, 'A structured wool felt fedora with a grosgrain band.'],
              ['Faux Fur Pom Beanie', 32, 'A ribbed beanie topped with a removable faux-fur pom.'],
            ],
          },
        ],
      },
    ],
  },
  {
    title: 'Gifts for Him',
    description: 'From gadgets to grilling.',
    children: [
      {
        title: 'Tech & gadgets',
        description: 'Clever gear for the gadget lover.',
        shop: 'tech',
        children: [
          {
            title: 'Audio & headphones',
            description: 'Music on the go and at home.',
            items: [
              [
                'Wireless Earbuds',
                79,
                'True wireless earbuds with a pocket charging case and 24 hours of playback.',
                { slug: 'wireless-earbuds' },
              ],
              [
                'Noise-Cancelling Headphones',
                249,
                'Over-ear headphones with active noise cancelling and 30-hour battery life.',
                { droppedTo: 199 },
              ],
              ['Portable Bluetooth Speaker', 59, 'A waterproof speaker with big sound that clips onto a backpack.'],
            ],
          },
          {
            title: 'Smart home',
            description: 'Small upgrades for a smarter home.',
            items: [
              ['Smart Plug Two-Pack', 25, 'Wi-Fi plugs that put lamps and appliances on a schedule.'],
              ['Smart LED Bulb Starter Kit', 49, 'Four color-changing bulbs controlled from a phone or by voice.'],
              ['Video Doorbell', 99, 'An HD video doorbell with motion alerts and two-way talk.'],
            ],
          },
          {
            title: 'Phone accessories',
            description: 'Chargers, stands and cases.',
            items: [
              ['Wireless Charging Stand', 35, 'A fast wireless charger that holds the phone upright on a desk.'],
              ['Magnetic Phone Wallet', 29, 'A leather wallet that snaps onto the back of a phone.'],
              ['Portable Power Bank', 39, 'A slim 10,000 mAh power bank that charges two devices at once.'],
            ],
          },
        ],
      },
      {
        title: 'Outdoors',
        description: 'For weekends outside.',
        shop: 'outdoors',
        children: [
          {
            title: 'Camping',
            description: 'Gear for nights under the stars.',
            items: [
              ['Enamel Camp Mug', 16, 'A speckled enamel mug that goes from campfire to kitchen table.'],
              ['Rechargeable Camp Lantern', 45, 'A dimmable LED lantern that doubles as a power bank.'],
              ['Packable Hammock', 55, 'A parachute-nylon hammock with tree straps that packs to the size of a melon.'],
            ],
          },
          {
            title: 'Hiking',
            description: 'Trail-tested essentials.',
            items: [
              ['Merino Wool Hiking Socks', 22, 'Cushioned merino wool socks that stay dry for miles.'],
              ['Insulated Water Bottle', 32, 'A double-wall steel bottle that keeps drinks cold for 24 hours.'],
              ['Trekking Poles', 69, 'Collapsible aluminum trekking poles with cork grips.'],
            ],
          },
          {
            title: 'Grilling & BBQ',
            titles: { GB: 'Barbecue' },
            description: 'Tools and rubs for the grill master.',
            items: [
              ['Cast Iron Grill Press', 34, 'A heavy cast iron press for perfect sear marks.'],
              ['Barbecue Tool Set', 49, 'Stainless steel tongs, spatula and fork in a canvas roll.'],
              ['Smoked Salt Rub Collection', 24, 'Four smoky rubs for brisket, ribs, chicken and vegetables.'],
            ],
          },
        ],
      },
      {
        title: 'Grooming',
        description: 'Upgrades for the daily routine.',
        shop: 'beauty',
        children: [
          {
            title: 'Shaving',
            description: 'A better shave, every morning.',
            items: [
              ['Safety Razor Kit', 45, 'A weighted safety razor with a stand and a year of blades.'],
              ['Shaving Brush & Bowl Set', 38, 'A synthetic badger brush and a ceramic lathering bowl.'],
              ['Aftershave Balm', 22, 'A soothing, alcohol-free balm with aloe and sandalwood.'],
            ],
          },
          {
            title: 'Beard care',
            description: 'Oils, balms and brushes.',
            items: [
              ['Beard Oil Trio', 29, 'Three beard oils in cedar, citrus and unscented.'],
              ['Beard Grooming Kit', 49, 'Oil, balm, a comb and scissors in a zip case.'],
              ['Boar Bristle Beard Brush', 18, 'A pear-wood brush with firm boar bristles.'],
            ],
          },
          {
            title: 'Cologne',
            description: 'Fresh, woody and warm scents.',
            items: [
              ['Cedar & Vetiver Cologne', 68, 'A woody eau de toilette with cedar, vetiver and black pepper.'],
              ['Travel Cologne Atomizer', 19, 'A refillable pocket atomizer for cologne on the go.'],
              ['Cologne Sampler Set', 42, 'Five sample sprays to try before choosing a full bottle.'],
            ],
          },
        ],
      },
      {
        title: 'Kitchen & bar',
        description: 'For the cook, the barista and the bartender.',
        shop: 'kitchen',
        children: [
          {
            title: 'Coffee & tea',
            description: 'The perfect cup, every time.',
            items: [
              [
                'Compact Espresso Machine',
                199,
                'A 15-bar espresso machine with a steam wand for café-style lattes at home.',
                { slug: 'espresso-machine' },
              ],
              ['Pour-Over Coffee Set', 48, 'A glass dripper, gooseneck kettle and filters for slow coffee.'],
              ['Loose Leaf Tea Sampler', 26, 'Twelve loose-leaf teas from green to rooibos in a gift tin.'],
            ],
          },
          {
            title: 'Cocktails & bar tools',
            description: 'Shake, stir and pour like a pro.',
            items: [
              ['Cocktail Shaker Set', 42, 'A shaker, jigger, strainer and muddler in brushed copper.'],
              ['Whiskey Stones Gift Set', 24, 'Nine soapstone chilling stones with two tumblers.'],
              ['Crystal Rocks Glasses', 48, 'A pair of heavy-bottomed crystal glasses for an old fashioned.'],
            ],
          },
          {
            title: 'Cookbooks',
            description: 'Recipes worth cooking.',
            shop: 'paper',
            items: [
              [
                'The Weeknight Kitchen Cookbook',
                32,
                'A cookbook of 100 dinners that take thirty minutes or less.',
                { slug: 'cookbook' },
              ],
              ['Fire & Smoke Grilling Cookbook', 29, 'Recipes and techniques for the grill and the smoker.'],
              ['Bread at Home Baking Book', 28, 'Sourdough, focaccia and bagels explained step by step.'],
            ],
          },
        ],
      },
    ],
  },
  {
    title: 'Gifts for Kids',
    description: 'Toys, books and crafts by age.',
    shop: 'kids',
    children: [
      {
        title: 'Babies',
        description: 'Soft, safe first gifts.',
        items: [
          ['Organic Cotton Sleep Sack', 38, 'A breathable organic cotton sleep sack with a two-way zip.'],
          ['Black-and-White Sensory Cards', 15, 'High-contrast picture cards for newborn eyes.'],
          ['Soft Bunny Comforter', 24, 'A velvety bunny comforter blanket to snuggle at nap time.'],
        ],
      },
      {
        title: 'Toddlers',
        description: 'Busy hands and big imaginations.',
        children: [
          {
            title: 'Stacking & sorting',
            description: 'Early learning through play.',
            items: [
              ['Wooden Rainbow Stacker', 29, 'Seven nesting wooden arches painted in rainbow colors.'],
              ['Shape Sorter Cube', 22, 'A wooden cube with twelve chunky shapes to post and find.'],
              ['Stacking Cups', 12, 'Ten nesting cups that stack, pour and float in the bath.'],
            ],
          },
          {
            title: 'Bath toys',
            description: 'Splashy fun at bath time.',
            items: [
              ['Bath Boat Set', 18, 'Three floating boats that link into a little fleet.'],
              ['Squirt Toy Pack', 12, 'Mold-free sea-animal squirters that open for cleaning.'],
              ['Foam Bath Letters', 14, 'Foam letters and numbers that stick to the tub when wet.'],
            ],
          },
          {
            title: 'Board books',
            description: 'Sturdy stories for little readers.',
            shop: 'paper',
            items: [
              ['Goodnight Forest Board Book', 9, 'A rhyming bedtime board book about woodland animals.'],
              ['Lift-the-Flap Animals Book', 12, 'A board book with big flaps hiding animals and their babies.'],
              ['Touch and Feel Farm Book', 10, 'A touchy-feely board book of soft, fuzzy and bumpy farm animals.'],
            ],
          },
        ],
      },
      {
        title: 'Ages 5-8',
        description: 'Builders, makers and readers.',
        children: [
          {
            title: 'Building sets',
            description: 'Build, rebuild and build again.',
            items: [
              ['Magnetic Tile Building Set', 59, 'Sixty translucent magnetic tiles for castles, rockets and more.'],
              ['Treehouse Building Blocks Set', 79, 'A 500-piece brick set that builds a treehouse with three floors.'],
              ['Marble Run Starter Kit', 45, 'Eighty pieces of track, funnels and spirals for endless runs.'],
            ],
          },
          {
            title: 'Arts & crafts',
            description: 'Make something to keep.',
            items: [
              ['Kids Watercolor Paint Set', 22, 'Twenty-four watercolor pans, brushes and a pad of thick paper.'],
              ['Friendship Bracelet Kit', 16, 'Threads, beads and a loom to make twenty bracelets.'],
              ['Air-Dry Clay Kit', 19, 'Colored air-dry clay and tools to sculpt tiny animals.'],
            ],
          },
          {
            title: 'Books & reading',
            description: 'Stories they will read under the covers.',
            shop: 'paper',
            items: [
              [
                'Dragon Academy Chapter Book Box Set',
                29,
                'Four illustrated chapter books about a school for young dragons.',
              ],
              ['Kids Atlas of the World', 24, 'A big illustrated atlas packed with maps, flags and facts.'],
              ['Bedtime Stories Treasury', 22, 'Fifty short stories from around the world, one for every night.'],
            ],
          },
        ],
      },
      {
        title: 'Tweens',
        description: 'Curious, clever and hard to shop for.',
        children: [
          {
            title: 'Science kits',
            description: 'Experiments to try at the kitchen table.',
            items: [
              ['Crystal Growing Kit', 24, 'Grow seven glittering crystals and a geode in a week.'],
              ['Robotics Starter Kit', 69, 'Build and code a two-wheeled robot with a free tablet app.'],
              ['Microscope Kit for Kids', 49, 'A real 40x–640x microscope with prepared slides.'],
            ],
          },
          {
            title: 'Games & puzzles',
            description: 'For family game night.',
            shop: 'paper',
            items: [
              [
                'Board Game Night Bundle',
                45,
                'Three award-winning family board games in one box for a whole night of play.',
                { slug: 'board-game-night', also: ['White Elephant / Games & party'] },
              ],
              ['1000-Piece Jigsaw Puzzle', 19, 'A 1000-piece puzzle of a busy winter market.'],
              ['Strategy Card Game', 15, 'A quick strategy card game for two to five players.'],
            ],
          },
          {
            title: 'Sports & active',
            description: 'Get moving, indoors and out.',
            shop: 'outdoors',
            items: [
              ['Kick Scooter', 89, 'A foldable aluminum scooter with light-up wheels.'],
              ['Glow-in-the-Dark Ball', 25, 'A size 5 ball that glows for games after sunset.'],
              ['Jump Rope with Counter', 14, 'A speed rope with a digital counter in the handle.'],
            ],
          },
        ],
      },
    ],
  },
  {
    title: 'Secret Santa under $25',
    titles: { GB: 'Secret Santa under £25' },
    description: 'Crowd-pleasers that fit the budget.',
    trending: true,
    under: 25,
    children: [
      {
        title: 'Desk & office',
        description: 'Little upgrades for the workday.',
        shop: 'paper',
        children: [
          {
            title: 'Notebooks & stationery',
            description: 'Paper goods people actually use.',
            items: [
              ['Linen Hardcover Notebook', 16, 'A dotted A5 notebook bound in linen with a ribbon marker.'],
              ['Brass Pen & Pencil Set', 18, 'A solid brass pen and mechanical pencil in a gift box.'],
              ['Weekly Desk Planner', 14, 'An undated tear-off planner pad for weekly to-dos.'],
            ],
          },
          {
            title: 'Desk gadgets',
            description: 'Clever things for a tidy desk.',
            shop: 'tech',
            items: [
              ['Mini Desk Fan', 15, 'A quiet USB fan with three speeds that clips to a monitor.'],
              ['Adjustable Phone Stand', 12, 'An aluminum stand that tilts for video calls.'],
              ['Cable Organizer Set', 10, 'Silicone clips and ties that tame desk cables.'],
            ],
          },
          {
            title: 'Mugs',
            description: 'Every desk needs a good mug.',
            shop: 'kitchen',
            items: [
              ['Stoneware Coffee Mug', 16, 'A handmade stoneware mug with a speckled glaze.'],
              ["World's Okayest Coworker Mug", 14, 'A cheeky ceramic mug for the office gift exchange.'],
              ['Insulated Travel Mug', 18, 'A leak-proof travel mug that keeps coffee hot for hours.'],
            ],
          },
        ],
      },
      {
        title: 'Snacks & treats',
        description: 'Sweet, salty and spicy.',
        shop: 'treats',
        children: [
          {
            title: 'Chocolate & sweets',
            description: 'For the sweet tooth.',
            items: [
              ['Sea Salt Caramel Box', 15, 'Twelve soft caramels topped with flaky sea salt.'],
              ['Dark Chocolate Tasting Set', 17, 'Five single-origin dark chocolate bars with tasting notes.'],
              ['Gourmet Fudge Tin', 14, 'Butter fudge in four flavors, packed in a keepsake tin.'],
            ],
          },
          {
            title: 'Hot sauce & spices',
            description: 'For people who like it hot.',
            items: [
              ['Hot Sauce Trio', 18, 'Three small-batch hot sauces from mild to fiery.'],
              ['Spice Blend Sampler', 16, 'Six spice blends for tacos, curries and roasts.'],
              ['Chili Crisp Jar', 9, 'Crunchy chili oil with garlic and shallots for everything.'],
            ],
          },
        ],
      },
      {
        title: 'Stocking stuffers',
        description: 'Small gifts, big smiles.',
        children: [
          {
            title: 'Socks',
            description: 'Nobody has enough good socks.',
            shop: 'fashion',
            items: [
              [
                'Wool Socks',
                14,
                'Thick wool socks for cold floors and winter boots.',
                { also: ['Gifts for Him / Outdoors / Hiking'] },
              ],
              ['Novelty Taco Socks', 10, 'Crew socks folded and packed to look like tacos.'],
              ['Fuzzy Cabin Socks', 12, 'Fluffy socks with grippy soles for lazy mornings.'],
            ],
          },
          {
            title: 'Mini gadgets',
            description: 'Pocket-sized tech.',
            shop: 'tech',
            items: [
              ['Keychain Flashlight', 12, 'A bright rechargeable flashlight the size of a key.'],
              ['Pocket Multi-Tool', 18, 'Eleven tools, including pliers and a bottle opener, in one.'],
              ['Bluetooth Item Tracker', 17, 'A tag that finds keys and bags from a phone.'],
            ],
          },
          {
            title: 'Little luxuries',
            description: 'Small treats to feel fancy.',
            shop: 'beauty',
            items: [
              ['Lip Balm Trio', 9, 'Three nourishing lip balms in honey, mint and berry.'],
              ['Mini Hand Cream Set', 15, 'Four travel-size hand creams in a floral gift box.'],
              ['Silk Sleep Mask', 18, 'A mulberry silk sleep mask with an adjustable strap.'],
            ],
          },
        ],
      },
    ],
  },
  {
    title: 'White Elephant',
    description: 'Funny, weird and wonderful.',
    shop: 'home',
    children: [
      {
        title: 'Gag gifts',
        description: 'Guaranteed to get a laugh.',
        items: [
          ['Bacon-Scented Candle', 16, 'A candle that smells exactly like Sunday breakfast.'],
          ['Inflatable Unicorn Horn for Cats', 12, 'A party hat your cat will tolerate for about four seconds.'],
          ['Pizza Blanket', 25, 'A round fleece blanket printed like a pepperoni pizza.'],
        ],
      },
      {
        title: 'Games & party',
        description: 'Liven up the party.',
        shop: 'paper',
        children: [
          {
            title: 'Card games',
            description: 'Quick to learn, hard to stop.',
            items: [
              ['Party Card Game', 20, 'A fast, loud card game for four to ten players.'],
              ['Trivia Night Card Deck', 15, 'Five hundred trivia questions in a pocket tin.'],
              ['Charades Card Game', 14, 'Charades with a twist: act, draw or hum the card.'],
            ],
          },
          {
            title: 'Party games',
            description: 'Games that get everyone involved.',
            items: [
              ['Giant Tumble Tower', 39, 'A giant wooden block tower that stacks up to four feet.'],
              ['Tabletop Cornhole Game', 24, 'A mini cornhole set with two boards and eight bean bags.'],
              ['Karaoke Microphone', 29, 'A wireless karaoke mic with a built-in speaker and echo.', { shop: 'tech' }],
            ],
          },
        ],
      },
      {
        title: 'Surprisingly useful',
        description: 'Funny at first, used every day after.',
        items: [
          ['Rechargeable Hand Warmers', 29, 'A pair of pocket hand warmers that charge over USB.', { shop: 'tech' }],
          [
            'Mini Waffle Maker',
            25,
            'A tiny nonstick waffle iron for one perfect waffle at a time.',
            { shop: 'kitchen' },
          ],
          ['Self-Stirring Mug', 19, 'A mug with a built-in stirrer for hot chocolate at the push of a button.'],
        ],
      },
    ],
  },
  {
    title: 'Experiences',
    description: 'Memories over things.',
    shop: 'experiences',
    children: [
      {
        title: 'Classes',
        description: 'Learn something new together.',
        children: [
          {
            title: 'Cooking classes',
            description: 'Hands-on classes with a meal at the end.',
            items: [
              ['Pasta-Making Class for Two', 140, 'Roll, cut and fill fresh pasta with a chef, then eat it.'],
              ['Sushi Rolling Workshop', 95, 'A two-hour workshop on rice, knife skills and rolling.'],
              ['Online Baking Masterclass', 49, 'Six video lessons on bread, pastry and cakes, watched at home.'],
            ],
          },
          {
            title: 'Art & pottery',
            description: 'Get creative, get messy.',
            items: [
              [
                'Pottery Wheel Taster Session',
                75,
                'Throw your first bowl on the wheel; it is glazed and fired for you.',
              ],
              ['Watercolor Painting Workshop', 65, 'An afternoon of landscape painting with all materials supplied.'],
              ['Candle-Making Workshop', 55, 'Blend your own scent and pour three soy candles to take home.'],
            ],
          },
          {
            title: 'Fitness & wellness',
            description: 'Feel-good sessions.',
            items: [
              ['Yoga Class Pass', 90, 'Five drop-in yoga classes at a studio near you.'],
              ['Climbing Taster Session', 60, 'An instructor-led introduction to indoor rock climbing.'],
              ['Guided Meditation Course', 39, 'A four-week online course in everyday meditation.'],
            ],
          },
        ],
      },
      {
        title: 'Subscriptions',
        description: 'The gift that keeps arriving.',
        children: [
          {
            title: 'Food & drink boxes',
            description: 'Tasty deliveries every month.',
            items: [
              ['Coffee Subscription', 60, 'Three months of freshly roasted beans delivered to the door.'],
              ['Snack Box Subscription', 45, 'A monthly box of snacks from small makers.'],
              ['Craft Beer Club', 75, 'Three months of twelve craft beers from independent breweries.'],
            ],
          },
          {
            title: 'Books & magazines',
            description: 'Something to read every month.',
            items: [
              ['Book of the Month Club', 48, 'Three months of hand-picked hardcovers with a monthly newsletter.'],
              ['Magazine Subscription', 30, 'A year of a favorite magazine, with a gift card to announce it.'],
              ['Audiobook Membership', 45, 'Three months of audiobook credits to spend on any title.'],
            ],
          },
        ],
      },
      {
        title: 'Days out',
        description: 'Adventures worth remembering.',
        children: [
          {
            title: 'Tours & tastings',
            description: 'Eat, drink and explore.',
            items: [
              ['Wine Tasting for Two', 110, 'A guided tasting of six wines with a cheese board.'],
              ['Food Walking Tour', 65, 'Three hours of tastings with a local guide.'],
              ['Brewery Tour & Tasting', 45, 'A behind-the-scenes tour and a flight of four beers.'],
            ],
          },
          {
            title: 'Adventure',
            description: 'For thrill seekers.',
            items: [
              ['Hot Air Balloon Ride', 250, 'A sunrise balloon flight with a celebratory toast after landing.'],
              ['Zipline Adventure', 95, 'A treetop course of eight ziplines and rope bridges.'],
              ['Indoor Skydiving Session', 85, 'Two flights in a wind tunnel with an instructor.'],
            ],
          },
          {
            title: 'Spa days',
            description: 'Time out to relax.',
            items: [
              ['Spa Day for Two', 199, 'A day pass with pools, sauna and a treatment each.'],
              ['Couples Massage', 160, 'A side-by-side hour-long massage for two.'],
              ['Float Tank Session', 70, 'An hour of weightless floating in a quiet pod.'],
            ],
          },
        ],
      },
    ],
  },
];

/** Second sentences for about half of the descriptions. */
const CLOSERS = [
  'Arrives gift-wrapped with a handwritten note.',
  'A customer favorite every holiday season.',
  'Comes in a recyclable gift box.',
  'Ships within two business days.',
  'Easy returns through the end of January.',
  'Rated five stars by hundreds of gift-givers.',
];

/** British (and Canadian) spelling: [US, GB, also in CA]. */
const SPELLINGS: [string, string, boolean][] = [
  ['jewelry', 'jewellery', true],
  ['color', 'colour', true],
  ['flavor', 'flavour', true],
  ['favorite', 'favourite', true],
  ['gray', 'grey', true],
  ['cozy', 'cosy', false],
  ['organiz', 'organis', false],
  ['aluminum', 'aluminium', false],
  ['moisturiz', 'moisturis', false],
  ['mold', 'mould', false],
];

function localize(text: string, market: TMarketCode): string {
  if (market === 'US') return text;
  let out = text;
  for (const [us, gb, inCanada] of SPELLINGS) {
    if (market === 'CA' && !inCanada) continue;
    out = out.replace(new RegExp(us, 'gi'), (match) =>
      match[0] === match[0]!.toUpperCase() ? gb[0]!.toUpperCase() + gb.slice(1) : gb,
    );
  }
  return out;
}

function slugify(title: string): string {
  return title
    .toLowerCase()
    .replace(/&/g, 'and')
    .replace(/['’]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/** A small deterministic PRNG (mulberry32) seeded from a string. */
function prng(seed: string): () => number {
  let state = 0;
  for (const char of seed) state = (Math.imul(state, 31) + char.charCodeAt(0)) | 0;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A shop price: under 100 it ends in .99, from 100 it is a round multiple of 5. */
function shopPrice(amount: number): number {
  if (amount >= 100) return Math.round(amount / 5) * 5;
  return Math.max(Math.round(amount), 2) - 0.01;
}

const DAY = 24 * 60 * 60 * 1000;
/** Products that also get 1–2 earlier, higher prices (per market). */
const PRODUCTS_WITH_HISTORY = 15;

interface TGuideRow {
  id: string;
  marketCode: string;
  title: string;
  description: string | null;
  parentGiftGuideId: string | null;
  isTrending: boolean;
  sortOrder: number;
}

interface TProductPlan {
  key: string;
  slug: string;
  shop: TShop;
  title: string;
  description: string;
  price: number;
  droppedFrom: number | null;
  guideIds: string[];
  under: number | null;
}

/** The market's guides (parents first) and its products with their guides. */
function planMarket(market: (typeof CATALOGUE_MARKETS)[number]) {
  const code = market.code;
  const random = prng(`catalogue:${code}`);
  const guides: TGuideRow[] = [];
  const idOfPath = new Map<string, string>();
  const products: TProductPlan[] = [];
  const walk = (
    nodes: TGuideNode[],
    parent: { id: string; titles: string[]; path: string[]; shop?: TShop; under: number | null } | null,
  ): void => {
    for (const [index, node] of nodes.entries()) {
      const title = node.titles?.[code] ?? localize(node.title, code);
      const titles = [...(parent?.titles ?? []), title];
      // `path` holds the US titles, the names `also` uses in every market.
      const path = [...(parent?.path ?? []), node.title];
      const id = seedId(`guide:${code}:${titles.join(':')}`);
      idOfPath.set(path.join(' / '), id);
      guides.push({
        id,
        marketCode: code,
        title,
        description: node.description ?? null,
        parentGiftGuideId: parent?.id ?? null,
        isTrending: Boolean(node.trending),
        sortOrder: index,
      });
      const shop = node.shop ?? parent?.shop;
      const under = node.under ?? parent?.under ?? null;
      if (node.children?.length) walk(node.children, { id, titles, path, shop, under });
      for (const [title, usd, description, options] of node.items ?? []) {
        const slug = options?.slug ?? slugify(title);
        const itemShop = options?.shop ?? shop;
        if (!itemShop) throw new Error(`No shop sells "${title}"`);
        const closer = random() < 0.5 ? ` ${CLOSERS[Math.floor(random() * CLOSERS.length)]}` : '';
        products.push({
          key: options?.droppedTo ? DROPPED_KEY : slug,
          slug,
          shop: itemShop,
          title: localize(title, code),
          description: localize(description + closer, code),
          price: shopPrice((options?.droppedTo ?? usd) * market.rate),
          droppedFrom: options?.droppedTo ? shopPrice(usd * market.rate) : null,
          guideIds: [id, ...(options?.also ?? []).map((also) => `path:${also}`)],
          under,
        });
      }
    }
  };
  walk(TREE, null);
  for (const product of products) {
    product.guideIds = product.guideIds.map((ref) => {
      if (!ref.startsWith('path:')) return ref;
      const id = idOfPath.get(ref.slice('path:'.length));
      if (!id) throw new Error(`Unknown guide "${ref.slice(5)}" for "${product.title}"`);
      return id;
    });
    if (product.under !== null && product.price >= product.under) {
      throw new Error(`"${product.title}" costs ${product.price} ${market.currency}, over its guide's budget`);
    }
  }
  return { guides, products, random };
}

export async function seedCatalogue(tx: TTx, now: Date = new Date()): Promise<TCatalogueResult> {
  const codes = CATALOGUE_MARKETS.map((market) => market.code);
  const plans = CATALOGUE_MARKETS.map((market) => ({ market, ...planMarket(market) }));

  // Guides: upserted (favourite guides point at them), then the ones the tree no longer has go.
  const guideIds: string[] = [];
  for (const { guides } of plans) {
    for (const { id, ...data } of guides) {
      await tx.giftGuide.upsert({ where: { id }, create: { id, ...data }, update: data });
      guideIds.push(id);
    }
  }
  await tx.giftGuide.deleteMany({ where: { marketCode: { in: codes }, id: { notIn: guideIds } } });

  // The rest is written from scratch.
  const inMarkets = { marketCode: { in: codes } };
  await tx.productGiftGuide.deleteMany({ where: { product: inMarkets } });
  await tx.productPrice.deleteMany({ where: { product: inMarkets } });
  await tx.product.deleteMany({ where: inMarkets });
  await tx.merchant.deleteMany({ where: inMarkets });

  let merchants = 0;
  let products = 0;
  for (const { market, products: planned, random } of plans) {
    const code = market.code;
    const merchantRows = MERCHANTS[code].map(([shop, name, url], index) => ({
      id: CATALOGUE_KEYS.merchant(code, shop),
      marketCode: code,
      name,
      url,
      isFeatured: index < FEATURED_MERCHANTS,
      sortOrder: index,
    }));
    await tx.merchant.createMany({ data: merchantRows });
    merchants += merchantRows.length;
    const merchantOf = new Map(MERCHANTS[code].map(([shop], index) => [shop, merchantRows[index]!]));

    const money = (amount: number): string => amount.toFixed(2);
    const productRows = [];
    const links: { productId: string; giftGuideId: string }[] = [];
    const prices: { productId: string; amount: string; currency: string; recordedAt: Date }[] = [];
    const older: { id: string; price: number; createdAt: Date }[] = [];
    for (const product of planned) {
      const id = CATALOGUE_KEYS.product(code, product.key);
      const merchant = merchantOf.get(product.shop)!;
      // Spread over the last 90 days; the dropped product was listed 10 days ago.
      const createdAt =
        product.droppedFrom !== null
          ? new Date(now.getTime() - 10 * DAY)
          : new Date(now.getTime() - Math.floor((0.1 + random() * 89.5) * DAY));
      productRows.push({
        id,
        marketCode: code,
        merchantId: merchant.id,
        title: product.title,
        description: product.description,
        priceAmount: money(product.price),
        currency: market.currency,
        url: `${merchant.url}/products/${product.slug}`,
        imageUrl: demoProductPicture(product.slug),
        createdAt,
      });
      for (const giftGuideId of new Set(product.guideIds)) links.push({ productId: id, giftGuideId });
      if (product.droppedFrom !== null) {
        prices.push({
          productId: id,
          amount: money(product.droppedFrom),
          currency: market.currency,
          recordedAt: createdAt,
        });
        prices.push({
          productId: id,
          amount: money(product.price),
          currency: market.currency,
          recordedAt: new Date(now.getTime() - DAY),
        });
      } else {
        prices.push({ productId: id, amount: money(product.price), currency: market.currency, recordedAt: createdAt });
        if (now.getTime() - createdAt.getTime() > 30 * DAY) older.push({ id, price: product.price, createdAt });
      }
    }
    // Some products were dearer before they were listed at today's price (long enough ago not to count as recent drops).
    for (const { id, price, createdAt } of pickSome(older, PRODUCTS_WITH_HISTORY, random)) {
      let amount = price;
      const count = random() < 0.5 ? 1 : 2;
      for (let step = 1; step <= count; step += 1) {
        amount = Math.max(shopPrice(amount * (1.1 + random() * 0.2)), amount + 1);
        prices.push({
          productId: id,
          amount: money(amount),
          currency: market.currency,
          recordedAt: new Date(createdAt.getTime() - step * Math.floor((14 + random() * 14) * DAY)),
        });
      }
    }
    await tx.product.createMany({ data: productRows });
    await tx.productGiftGuide.createMany({ data: links });
    await tx.productPrice.createMany({ data: prices });
    products += productRows.length;
  }
  return { giftGuides: guideIds.length, merchants, products };
}

/**
 * The demo products' pictures ship with the app (renderer/public/demo/products, served by the
 * monolith like the rest of the build), so `npm start` shows a complete shop offline. They are
 * small SVGs drawn by scripts/demo-product-pictures.ts: `npx tsx scripts/demo-product-pictures.ts`
 * writes them again after the catalogue changes.
 */
export const DEMO_PICTURE_DIR = 'demo/products';

export function demoProductPicture(slug: string): string {
  return `/${DEMO_PICTURE_DIR}/${slug}.svg`;
}

/** Each product's picture subject: its slug, its US title and the kind of shop selling it (the drawing). */
export function demoPictureSubjects(): { slug: string; title: string; shop: TShop }[] {
  const bySlug = new Map<string, { slug: string; title: string; shop: TShop }>();
  for (const product of planMarket(CATALOGUE_MARKETS[0]!).products) {
    if (!bySlug.has(product.slug))
      bySlug.set(product.slug, { slug: product.slug, title: product.title, shop: product.shop });
  }
  return [...bySlug.values()];
}

/** `count` items of `items`, chosen by `random`, in their original order. */
function pickSome<T>(items: T[], count: number, random: () => number): T[] {
  const indexes = items.map((_, index) => index);
  for (let i = indexes.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [indexes[i], indexes[j]] = [indexes[j]!, indexes[i]!];
  }
  const chosen = new Set(indexes.slice(0, count));
  return items.filter((_, index) => chosen.has(index));
}
