import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { replyCreateSchema } from '@trustlinks/contract/reviews';
import { fieldErrorsFrom } from './field-errors';
import { useContractForm } from './use-contract-form';

describe('fieldErrorsFrom', () => {
  it('keeps the first message per top-level field, from zod paths or API dotted paths', () => {
    expect(
      fieldErrorsFrom([
        { path: ['review_text'], message: 'first' },
        { path: 'review_text', message: 'second' },
        { path: 'category_ratings.quality', message: 'rate' },
        { path: [0], message: 'no field' },
      ]),
    ).toEqual({ review_text: 'first', category_ratings: 'rate' });
  });

  it('renames body keys to the form fields it is given', () => {
    expect(
      fieldErrorsFrom([{ path: 'review_text', message: 'm' }], { review_text: 'text' }),
    ).toEqual({ text: 'm' });
  });
});

interface Values {
  type: 'response' | 'dispute';
  text: string;
  confirm: string;
}

describe('useContractForm', () => {
  const setup = () =>
    renderHook(() =>
      useContractForm<Values, typeof replyCreateSchema, 'text' | 'confirm'>({
        initial: { type: 'response', text: '', confirm: '' },
        schema: replyCreateSchema,
        toInput: (v) => ({ reply_type: v.type, reply_text: v.text.trim() }),
        fieldOf: { reply_text: 'text' },
        precheck: (v) => (v.type === 'response' && v.text === 'x' ? { text: 'Spec message' } : {}),
        crossCheck: (v) => (v.confirm === v.text ? {} : { confirm: 'Does not match' }),
      }),
    );

  it("shows the contract schema's message under the renamed field and sends nothing", () => {
    const { result } = setup();
    let checked!: ReturnType<typeof result.current.validate>;
    act(() => {
      checked = result.current.validate();
    });
    expect(checked.ok).toBe(false);
    expect(result.current.errors).toEqual({ text: 'Please enter a reply' });
  });

  it('asks the product checks first, then the schema, then the cross checks', () => {
    const { result } = setup();
    act(() => result.current.set('text', 'x'));
    act(() => void result.current.validate());
    expect(result.current.errors).toEqual({ text: 'Spec message' });

    act(() => result.current.set('text', ' Thanks '));
    act(() => void result.current.validate());
    expect(result.current.errors).toEqual({ confirm: 'Does not match' });

    act(() => result.current.set('confirm', ' Thanks '));
    let checked!: ReturnType<typeof result.current.validate>;
    act(() => {
      checked = result.current.validate();
    });
    expect(checked).toEqual({
      ok: true,
      body: { reply_type: 'response', reply_text: 'Thanks' },
      data: { reply_type: 'response', reply_text: 'Thanks' },
    });
    expect(result.current.errors).toEqual({});
  });

  it('typing clears the message of that field', () => {
    const { result } = setup();
    act(() => void result.current.validate());
    expect(result.current.text('text').error).toBe('Please enter a reply');
    act(() => result.current.set('text', 'a'));
    expect(result.current.text('text').error).toBeUndefined();
  });
});
