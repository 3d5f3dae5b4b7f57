import type { CurrentUser } from '@trustlinks/contract/users';

export function buildUser(overrides: Partial<CurrentUser> = {}): CurrentUser {
  return {
    user_id: 'u-1',
    entity_id: null,
    role: 'user',
    first_name: 'Ada',
    last_name: 'Lovelace',
    name: 'Ada Lovelace',
    email: 'ada@example.com',
    phone: null,
    bio: null,
    ...overrides,
  };
}
