/**
 * /old-admin/… (spec §2: other /admin/{pageName}[/{resourceId}] paths go there): the old admin app
 * is retired, and these addresses came to "Page not found". They now answer a page that says so and
 * leads to where each tool lives in today's admin area.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { simplePage } from './simple-page';

const TOOLS = [
  { label: 'Find a member (account, family, sign-ins, impersonation)', href: '/admin/finduser/' },
  { label: 'Merge two accounts', href: '/admin/mergeaccounts/' },
  { label: 'A member’s messages', href: '/admin/UserMessages/' },
  { label: 'Gift exchange details', href: '/admin/viewexchangedetails/' },
  { label: 'Group details', href: '/admin/viewgroupdetails/' },
  { label: 'Replace a person in an exchange', href: '/admin/replaceexchangeperson/' },
  { label: 'Clone wish lists', href: '/admin/clonewishlists/' },
  { label: 'Support audit log', href: '/admin/auditlog/' },
];

export async function registerOldAdmin(app: FastifyInstance): Promise<void> {
  const answer = async (request: FastifyRequest, reply: FastifyReply) => {
    const rest = String((request.params as { '*'?: string })['*'] ?? '').replace(/\/+$/, '');
    const pageName = rest.split('/')[0] ?? '';
    return reply
      .code(410)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(
        simplePage({
          title: 'The old admin tools are retired',
          lines: [
            pageName
              ? `“${pageName}” was a page of the old admin app, which is no longer available.`
              : 'The old admin app is no longer available.',
            'Everything support needs is in the admin area now:',
          ],
          links: [{ label: 'Admin area', href: '/admin/' }, ...TOOLS],
        }),
      );
  };
  app.get('/old-admin/', answer);
  app.get('/old-admin/*', answer);
}
