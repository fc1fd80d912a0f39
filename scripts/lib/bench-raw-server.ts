/**
 * The baseline of `npm run bench:api`: a bare Fastify with a mysql2 pool answering the measured
 * calls with hand-written SQL — no plug-ins, no logging, no Prisma, no tRPC — and the same answer
 * (the bench checks the bodies are equal before it loads either). It still verifies the bearer token
 * (an unauthenticated baseline would not be the same call) and applies the same privacy rules for
 * the case measured: a member reading their own followed people, a public person's public list, their
 * home page's batch, an exchange they take part in, their chats, and the shop's search.
 *
 * REST followed-users and tRPC wishLists.get are answered here; the other tRPC procedures (and a
 * batch of them, `/trpc/a,b,c?batch=1&input={"0":…}`, run side by side as tRPC runs a batch) by
 * bench-raw-calls.ts.
 *
 * Run as its own process (so its memory is measured alone):
 *   DATABASE_URL=… JWT_SECRET=… PUBLIC_URL=… PORT=… node --import tsx scripts/lib/bench-raw-server.ts
 */
import Fastify from 'fastify';
import jwt from 'jsonwebtoken';
import mysql, { type RowDataPacket } from 'mysql2/promise';
import { parseDatabaseUrl } from '../../server/db/database-url';
import { personAt, RAW_PROCEDURES, RawCallError } from './bench-raw-calls';

const env = process.env;
const db = parseDatabaseUrl(env.DATABASE_URL!);
const pool = mysql.createPool({
  host: db.host,
  port: db.port,
  user: db.user,
  password: db.password,
  database: db.database,
  connectionLimit: Number(env.DATABASE_POOL_SIZE ?? 10),
  // DATETIME columns hold UTC, as Prisma writes them.
  timezone: 'Z',
});

function viewerOf(authorization: string | undefined): string | null {
  const token = /^Bearer\s+(\S+)$/i.exec(authorization ?? '')?.[1];
  if (!token) return null;
  try {
    const claims = jwt.verify(token, env.JWT_SECRET!, {
      algorithms: ['HS256'],
      issuer: env.PUBLIC_URL,
      audience: 'gifting-web',
    }) as jwt.JwtPayload;
    return typeof claims.sub === 'string' ? claims.sub : null;
  } catch {
    return null;
  }
}

interface TPersonRow extends RowDataPacket {
  id: string;
  name: string;
  first_name: string | null;
  last_name: string | null;
  picture_key: string | null;
}

// A batch's path names every procedure in it (over 100 characters for the home page's).
const app = Fastify({ logger: false, routerOptions: { maxParamLength: 1000 } });

app.get<{ Params: { userId: string }; Querystring: { limit?: string; offset?: string } }>(
  '/v1/users/:userId/followed-users',
  async (request, reply) => {
    const viewer = viewerOf(request.headers.authorization);
    if (!viewer) return reply.code(401).send({ error: 'unauthenticated' });
    const { userId } = request.params;
    // The measured case is a member's own list; anything else is another call.
    if (viewer !== userId) return reply.code(403).send({ error: 'forbidden' });
    const limit = Math.min(100, Number(request.query.limit ?? 20));
    const offset = Number(request.query.offset ?? 0);
    const visible = `
      FROM follows f JOIN users u ON u.id = f.followed_id AND u.deleted_at IS NULL
      WHERE f.follower_id = ?
        AND NOT EXISTS (SELECT 1 FROM blocks b WHERE b.blocker_id = ? AND b.blocked_id = u.id)
        AND NOT EXISTS (SELECT 1 FROM blocks b2 WHERE b2.blocker_id = u.id AND b2.blocked_id = ?)`;
    const [[rows], [counted]] = await Promise.all([
      pool.query<(TPersonRow & { is_child: number; followed_by: number; managed: number })[]>(
        `SELECT u.id, u.name, u.first_name, u.last_name, u.picture_key,
                EXISTS (SELECT 1 FROM parent_accounts p WHERE p.child_id = u.id) AS is_child,
                EXISTS (SELECT 1 FROM follows g WHERE g.follower_id = u.id AND g.followed_id = ?) AS followed_by,
                EXISTS (SELECT 1 FROM parent_accounts m WHERE m.child_id = u.id AND m.parent_id = ?) AS managed
         ${visible}
         ORDER BY f.created_at DESC, f.followed_id LIMIT ? OFFSET ?`,
        [viewer, viewer, userId, viewer, viewer, limit, offset],
      ),
      pool.query<({ n: number } & RowDataPacket)[]>(`SELECT COUNT(*) AS n ${visible}`, [userId, viewer, viewer]),
    ]);
    const total = Number(counted[0]?.n ?? 0);
    const next = offset + rows.length;
    const more = limit > 0 && rows.length === limit && next < total;
    reply.header('x-paging', JSON.stringify({ limit, offset, total, token: more ? String(next) : '' }));
    return rows.map((row) => ({
      ...personAt(row, '', row.is_child === 1),
      relation: {
        isSelf: row.id === viewer,
        // Everyone here is followed by the viewer (it is their own list) and none is blocked.
        isFollowing: true,
        isFollowedBy: row.followed_by === 1,
        isBlocking: false,
        isManagedByMe: row.managed === 1,
      },
    }));
  },
);

interface TListRow extends TPersonRow {
  list_id: string;
  owner_id: string;
  title: string;
  description: string | null;
  privacy: string;
  exchange_id: string | null;
  event_date: Date | null;
  default_owner_id: string | null;
  created_at: Date;
  updated_at: Date;
  deleted_at: Date | null;
  is_private: number | null;
  blocked: number;
  wish_count: number;
}

interface TWishRow extends RowDataPacket {
  id: string;
  wishlist_id: string;
  title: string;
  description: string | null;
  price_amount: string | null;
  currency: string | null;
  merchant: string | null;
  quantity: number;
  url: string | null;
  image_url: string | null;
  priority: number;
  notes: string | null;
  product_id: string | null;
  sort_order: number;
  received_at: Date | null;
  created_at: Date;
  claimed: string | number;
  mine: string | number;
}

const notFound = { error: { code: 'NOT_FOUND', message: 'Not found', status: 404 } };

app.get<{ Querystring: { input?: string } }>('/trpc/wishLists.get', async (request, reply) => {
  const viewer = viewerOf(request.headers.authorization);
  const { wishlistId } = JSON.parse(request.query.input ?? '{}') as { wishlistId?: string };
  const [lists] = await pool.query<TListRow[]>(
    `SELECT l.id AS list_id, l.owner_id, l.title, l.description, l.privacy, l.exchange_id, l.event_date,
            l.default_owner_id, l.created_at, l.updated_at,
            u.id, u.name, u.first_name, u.last_name, u.picture_key, u.deleted_at, s.is_private,
            EXISTS (SELECT 1 FROM blocks b WHERE b.blocker_id = l.owner_id AND b.blocked_id = ?) AS blocked,
            (SELECT COUNT(*) FROM wishes c WHERE c.wishlist_id = l.id) AS wish_count
     FROM wish_lists l JOIN users u ON u.id = l.owner_id LEFT JOIN user_settings s ON s.user_id = u.id
     WHERE l.id = ?`,
    [viewer, wishlistId],
  );
  const list = lists[0];
  // The measured case: a public list of a public person, read by someone else.
  if (!list || list.deleted_at || list.blocked || list.is_private !== 0 || list.privacy !== 'public')
    return reply.code(404).send(notFound);
  const [wishes] = await pool.query<TWishRow[]>(
    `SELECT w.id, w.wishlist_id, w.title, w.description, w.price_amount, w.currency, w.merchant, w.quantity,
            w.url, w.image_url, w.priority, w.notes, w.product_id, w.sort_order, w.received_at, w.created_at,
            (SELECT COALESCE(SUM(c.quantity), 0) FROM wish_claims c WHERE c.wish_id = w.id) AS claimed,
            (SELECT COALESCE(SUM(m.quantity), 0) FROM wish_claims m WHERE m.wish_id = w.id AND m.claimer_id = ?) AS mine
     FROM wishes w
     WHERE w.wishlist_id = ?
     ORDER BY w.sort_order, w.created_at`,
    [viewer, wishlistId],
  );
  return {
    result: {
      data: {
        view: 'guest',
        list: {
          wishlistId: list.list_id,
          ownerId: list.owner_id,
          owner: personAt(list),
          title: list.title,
          description: list.description,
          privacy: list.privacy,
          exchangeId: list.exchange_id,
          eventDate: list.event_date ? list.event_date.toISOString().slice(0, 10) : null,
          isDefault: list.default_owner_id !== null,
          wishCount: Number(list.wish_count),
          canEdit: false,
          createdAt: list.created_at.toISOString(),
          updatedAt: list.updated_at.toISOString(),
        },
        wishes: wishes.map((wish) => {
          const claimed = Number(wish.claimed);
          return {
            wishId: wish.id,
            wishlistId: wish.wishlist_id,
            title: wish.title,
            description: wish.description,
            price:
              wish.price_amount === null || !wish.currency
                ? null
                : { amount: Number(wish.price_amount), currency: wish.currency },
            merchant: wish.merchant,
            quantity: wish.quantity,
            url: wish.url,
            imageUrl: wish.image_url,
            priority: wish.priority,
            notes: wish.notes,
            productId: wish.product_id,
            sortOrder: wish.sort_order,
            createdAt: wish.created_at.toISOString(),
            claimedQuantity: claimed,
            myClaimQuantity: Number(wish.mine),
            remainingQuantity: Math.max(0, wish.quantity - claimed),
            isReceived: wish.received_at !== null,
          };
        }),
      },
    },
  };
});

app.get<{ Params: { path: string }; Querystring: { batch?: string; input?: string } }>(
  '/trpc/:path',
  async (request, reply) => {
    const viewer = viewerOf(request.headers.authorization);
    if (!viewer) return reply.code(401).send({ error: 'unauthenticated' });
    const names = request.params.path.split(',');
    const procedures = names.map((name) => RAW_PROCEDURES[name]);
    if (procedures.some((procedure) => !procedure)) return reply.code(404).send(notFound);
    try {
      if (request.query.batch === '1') {
        const inputs = JSON.parse(request.query.input ?? '{}') as Record<string, unknown>;
        const answers = await Promise.all(procedures.map((procedure, i) => procedure!(pool, viewer, inputs[i])));
        return answers.map((data) => ({ result: { data } }));
      }
      const input = request.query.input === undefined ? undefined : (JSON.parse(request.query.input) as unknown);
      return { result: { data: await procedures[0]!(pool, viewer, input) } };
    } catch (error) {
      if (error instanceof RawCallError) return reply.code(error.status).send({ error: error.message });
      throw error;
    }
  },
);

app.get('/readyz', async () => ({ status: 'ready' }));

await app.listen({ host: '127.0.0.1', port: Number(env.PORT ?? 0) });
const shutdown = (): void => {
  void app
    .close()
    .then(() => pool.end())
    .finally(() => process.exit(0));
};
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
