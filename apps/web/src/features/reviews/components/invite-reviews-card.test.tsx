import { describe, expect, it } from 'vitest';
import { parseEmails } from './invite-reviews-card';

describe('parseEmails', () => {
  it('reads addresses one a line, by commas, semicolons or spaces, and drops empties', () => {
    expect(parseEmails(' a@x.test,b@y.test;\n\n c@z.test  d@w.test ,')).toEqual([
      'a@x.test',
      'b@y.test',
      'c@z.test',
      'd@w.test',
    ]);
    expect(parseEmails('  \n ')).toEqual([]);
  });
});
