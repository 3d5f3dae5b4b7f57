import { describe, expect, it } from 'vitest';
import { linkParts } from './safe-links';

describe('linkParts', () => {
  it('links only http(s) addresses and keeps everything else as text', () => {
    expect(linkParts('See https://example.com/a?b=1. Or <a href="javascript:x">me</a>')).toEqual([
      { text: 'See ' },
      { href: 'https://example.com/a?b=1', text: 'https://example.com/a?b=1' },
      { text: '. Or <a href="javascript:x">me</a>' },
    ]);
    expect(linkParts('javascript:alert(1) data:text/html,hi')).toEqual([
      { text: 'javascript:alert(1) data:text/html,hi' },
    ]);
    expect(linkParts('')).toEqual([]);
  });
});
