import type { FormEvent } from 'react';
import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
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

describe('useContractForm with a schema loaded after the first paint', () => {
  const submitEvent = () => ({ preventDefault: () => {} }) as FormEvent<HTMLFormElement>;

  function setup() {
    let resolve!: (schema: typeof replyCreateSchema) => void;
    const load = vi.fn(() => new Promise<typeof replyCreateSchema>((r) => (resolve = r)));
    const view = renderHook(() =>
      useContractForm<Values, typeof replyCreateSchema, 'text' | 'confirm'>({
        initial: { type: 'response', text: 'Thanks', confirm: '' },
        schema: load,
        toInput: (v) => ({ reply_type: v.type, reply_text: v.text }),
        fieldOf: { reply_text: 'text' },
      }),
    );
    return { ...view, load, resolve: (schema = replyCreateSchema) => resolve(schema) };
  }

  it('starts loading it once the form has mounted, and checks with it once there', async () => {
    const { result, load, resolve } = setup();
    await waitFor(() => expect(load).toHaveBeenCalledTimes(1));
    expect(result.current.hasSchema()).toBe(false);
    expect(() => result.current.validate()).toThrow();
    await act(async () => {
      resolve();
      await result.current.loadSchema();
    });
    expect(result.current.hasSchema()).toBe(true);
    expect(load).toHaveBeenCalledTimes(1);
    let checked!: ReturnType<typeof result.current.validate>;
    act(() => {
      checked = result.current.validate();
    });
    expect(checked.ok).toBe(true);
  });

  it('a submit before the schema arrived waits for it; another one meanwhile is ignored', async () => {
    const { result, resolve } = setup();
    const onValid = vi.fn();
    const onInvalid = vi.fn();
    act(() => result.current.set('text', ''));
    act(() => {
      result.current.onSubmit({ busy: false, onValid, onInvalid })(submitEvent());
      result.current.onSubmit({ busy: false, onValid, onInvalid })(submitEvent());
    });
    expect(onInvalid).not.toHaveBeenCalled();
    await act(async () => {
      resolve();
      await result.current.loadSchema();
    });
    await waitFor(() => expect(onInvalid).toHaveBeenCalledTimes(1));
    expect(onInvalid).toHaveBeenCalledWith({ text: 'Please enter a reply' });
    expect(result.current.errors).toEqual({ text: 'Please enter a reply' });
    expect(onValid).not.toHaveBeenCalled();
  });
});
