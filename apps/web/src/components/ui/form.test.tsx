import { createRef } from 'react';
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Form } from './form';
import type { FormProps } from './form';

describe('Form', () => {
  it('posts to its own page: method="post" and no action', () => {
    const { container } = render(
      <Form aria-label="Sign in" noValidate>
        <input name="email" />
      </Form>,
    );
    const form = container.querySelector('form')!;
    expect(form).toHaveAttribute('method', 'post');
    expect(form).not.toHaveAttribute('action');
    expect(form).toHaveAttribute('novalidate');
    expect(form).toHaveAttribute('aria-label', 'Sign in');
  });

  it('keeps method="post" whatever a caller slips in, and forwards its ref', () => {
    const ref = createRef<HTMLFormElement>();
    const sneaky = { method: 'get', action: '/elsewhere' } as unknown as FormProps;
    const { container } = render(<Form ref={ref} {...sneaky} />);
    const form = container.querySelector('form')!;
    expect(form).toHaveAttribute('method', 'post');
    expect(ref.current).toBe(form);
  });
});
