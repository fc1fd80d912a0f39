/**
 * The server's `path` fields (activity, notifications, reminders) lead inside the app. Only a
 * same-origin path ("/gift-exchanges/…") becomes a link; anything else ("//evil.example",
 * "javascript:…", a full address) is dropped.
 */
export function appPath(path: string | null | undefined): string | null {
  if (!path || !path.startsWith('/') || path.startsWith('//') || path.startsWith('/\\')) return null;
  return path;
}
