import { currentUserSchema } from '@trustlinks/contract/users';
import { describe, expect, it } from 'vitest';
import { buildUser } from '../test/factories';
import { CURRENT_USER_FIELDS, parseCurrentUser } from './current-user';

describe('parseCurrentUser agrees with the contract schema', () => {
  it('checks exactly the fields of currentUserSchema', () => {
    expect([...CURRENT_USER_FIELDS].sort()).toEqual(Object.keys(currentUserSchema.shape).sort());
  });

  const samples: Array<[string, unknown]> = [
    ['a valid user', buildUser()],
    [
      'a valid admin with entity and phone',
      buildUser({ role: 'admin', entity_id: 'e-1', phone: '+1 555' }),
    ],
    ['an unknown role', { ...buildUser(), role: 'root' }],
    ['a missing field', { ...buildUser(), email: undefined }],
    ['a number for a string', { ...buildUser(), user_id: 42 }],
    ['null for a required string', { ...buildUser(), first_name: null }],
    ['an array', [buildUser()]],
    ['null', null],
    ['a string', 'user'],
  ];

  it.each(samples)('%s', (_label, value) => {
    const expected = currentUserSchema.safeParse(value);
    expect(parseCurrentUser(value)).toEqual(expected.success ? expected.data : null);
  });

  it('drops unknown fields like the schema does', () => {
    expect(parseCurrentUser({ ...buildUser(), password_hash: 'x' })).not.toHaveProperty(
      'password_hash',
    );
  });
});
