/**
 * The List-Unsubscribe address of every notification and invitation mail (issue 29, RFC 8058):
 *   POST /v1/email/unsubscribe?id&sig  the one-click unsubscribe a mailbox provider sends (body
 *       `List-Unsubscribe=One-Click`, form-encoded); works without signing in, the signature is
 *       the authority; answers a short page (a person's browser may post it from the GET's form).
 *   GET  the same address, opened by a person: a confirmation page whose button posts. A GET never
 *       unsubscribes (link scanners and prefetchers follow links).
 * Both are server-made pages (http/simple-page.ts) rather than renderer screens: they must work from
 * any mail client without the app's script, sign-in or token.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import type { TAppDeps } from '../../deps';
import { AppError } from '../../errors';
import { simplePage } from '../../http/simple-page';
import { readUnsubscribeLink, unsubscribe } from '../../services/notifications/unsubscribe';

const ZUnsubscribeQuery = z.object({ id: z.string().max(600).optional(), sig: z.string().max(100).optional() });

const escape = (text: string): string => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

function badLink(reply: FastifyReply) {
  return reply
    .code(400)
    .type('text/html; charset=utf-8')
    .send(
      simplePage({
        title: 'This link is not valid',
        lines: ['The unsubscribe link is incomplete or was changed. Use the link of the e-mail as it came.'],
        links: [{ label: 'E-mail settings after signing in', href: '/settings/' }],
      }),
    );
}

export function emailRoutes(deps: TAppDeps) {
  return async (app: FastifyInstance): Promise<void> => {
    // Mailbox providers post form-encoded (or multipart) bodies; the body's content does not matter.
    app.addContentTypeParser(
      ['application/x-www-form-urlencoded', 'multipart/form-data'],
      { parseAs: 'string', bodyLimit: 4096 },
      (_request, body, done) => done(null, body),
    );
    app.get(
      '/v1/email/unsubscribe',
      {
        schema: {
          summary: 'The page a mail’s unsubscribe link opens (a button that posts; a GET changes nothing)',
          responses: { 200: { description: 'The page', contentType: 'text/html' } },
          querystring: ZUnsubscribeQuery,
        },
      },
      async (request, reply) => {
        const query = ZUnsubscribeQuery.parse(request.query);
        let label: string;
        try {
          label = readUnsubscribeLink(deps.config, query).label;
        } catch (error) {
          if (error instanceof AppError) return badLink(reply);
          throw error;
        }
        const action = `/v1/email/unsubscribe?${new URLSearchParams({ id: query.id ?? '', sig: query.sig ?? '' }).toString()}`;
        const page = simplePage({ title: 'Unsubscribe', lines: [`Stop ${label}?`], links: [] }).replace(
          '<ul></ul>',
          `<form method="post" action="${escape(action)}"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit">Unsubscribe</button></form>`,
        );
        return reply.type('text/html; charset=utf-8').send(page);
      },
    );
    app.post(
      '/v1/email/unsubscribe',
      {
        schema: {
          summary: 'One-click unsubscribe (RFC 8058): turns off the kind of mail the signed link names',
          responses: { 200: { description: 'Done', contentType: 'text/html' } },
          querystring: ZUnsubscribeQuery,
        },
      },
      async (request, reply) => {
        const query = ZUnsubscribeQuery.parse(request.query);
        try {
          const outcome = await unsubscribe(deps, query);
          return reply.type('text/html; charset=utf-8').send(
            simplePage({
              title: 'You are unsubscribed',
              lines: [`You will not get ${outcome.label} any more.`],
              links: [{ label: 'Gifting', href: '/' }],
            }),
          );
        } catch (error) {
          if (error instanceof AppError) return badLink(reply);
          throw error;
        }
      },
    );
  };
}
