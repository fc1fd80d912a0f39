/** A name's initials for an avatar without a picture: "Dana Demo" → "DD", "sam@x.test" → "SX". */
export function initialsOf(label: string): string {
  const parts = label.split(/[\s@.]+/).filter(Boolean);
  return ((parts[0]?.[0] ?? '?') + (parts[1]?.[0] ?? '')).toUpperCase();
}
