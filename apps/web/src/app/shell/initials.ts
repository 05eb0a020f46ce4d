/** Two letters for the avatar: the first and last names' initials, else the first two letters. */
export function initials(name: string | null, username: string): string {
  const source = (name ?? '').trim() || username;
  const parts = source.split(/\s+/).filter(Boolean);
  const letters = parts.length >= 2 ? `${parts[0]![0]}${parts[parts.length - 1]![0]}` : source.slice(0, 2);
  return letters.toUpperCase();
}
