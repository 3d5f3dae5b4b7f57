import type { CurrentUser } from '@trustlinks/contract/users';

type NamedUser = Pick<CurrentUser, 'name' | 'first_name' | 'last_name' | 'email'>;

/** Display name (docs/product/screens.md#header): name, else first + last name, else email. */
export function displayName(user: NamedUser): string {
  const name = user.name?.trim();
  if (name) return name;
  const full = [user.first_name, user.last_name]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' ');
  return full || user.email;
}

/** Up to two initials from the display name; an email gives its first letter. */
export function initials(user: NamedUser): string {
  const name = displayName(user);
  if (name.includes('@')) return name.charAt(0).toUpperCase();
  const parts = name.split(/\s+/).filter(Boolean);
  const first = parts[0]?.charAt(0) ?? '';
  const last = parts.length > 1 ? (parts[parts.length - 1]?.charAt(0) ?? '') : '';
  return (first + last).toUpperCase() || '?';
}

export function capitalize(value: string): string {
  return value ? value.charAt(0).toUpperCase() + value.slice(1) : value;
}
