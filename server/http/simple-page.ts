/**
 * Small server-made HTML pages in the app's look (its red accent, system font, a card on a light
 * background) for browser navigations the renderer does not serve: an /auth/v2 link followed
 * without what it needs, and the retired old-admin pages. API clients keep their JSON; only a
 * navigation that asks for HTML (Accept: text/html) gets a page.
 */
import type { FastifyRequest } from 'fastify';

export interface TSimplePage {
  title: string;
  lines: string[];
  links: { label: string; href: string }[];
}

const escape = (text: string): string => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** Whether the request is a browser navigation asking for a page rather than data. */
export function wantsHtmlPage(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const accept = String(request.headers.accept ?? '');
  return /\btext\/html\b/i.test(accept) && !/\bapplication\/json\b/i.test(accept.split(',')[0] ?? '');
}

export function simplePage(page: TSimplePage): string {
  const lines = page.lines.map((line) => `<p>${escape(line)}</p>`).join('');
  const links = page.links.map((link) => `<li><a href="${escape(link.href)}">${escape(link.label)}</a></li>`).join('');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(page.title)} · Gifting</title>
<style>
body{margin:0;font-family:-apple-system,BlinkMacSystemFont,"Segoe UI",Roboto,Helvetica,Arial,sans-serif;background:#f8f9fa;color:#212529;line-height:1.55}
header{background:#fff;border-bottom:1px solid #dee2e6;padding:12px 20px}
header a{color:#c92a2a;font-weight:700;text-decoration:none;font-size:1.15rem}
main{max-width:560px;margin:48px auto;padding:0 16px}
.card{background:#fff;border:1px solid #dee2e6;border-radius:8px;padding:24px}
h1{font-size:1.5rem;margin:0 0 12px}
a{color:#c92a2a}
ul{padding-left:20px}
</style></head>
<body><header><a href="/">Gifting</a></header>
<main><div class="card"><h1>${escape(page.title)}</h1>${lines}<ul>${links}</ul></div></main></body></html>`;
}
