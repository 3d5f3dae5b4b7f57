import { act, fireEvent } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { hydrateRoot } from 'react-dom/client';
import { startTransition } from 'react';
import { z } from 'zod';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Form } from './form';
import { TextField } from './form-field';
import { useContractForm } from '../../lib/use-contract-form';

// docs/decisions/015-form-binding.md, "Note (2026-11-29): what was typed before hydration is what
// is sent": the text a person typed into the server's HTML before the app took it over is the
// form's value, kept through every render and sent.

afterEach(() => {
  document.body.innerHTML = '';
});

const schema = z.object({ email: z.string().min(1, 'Email is required'), name: z.string() });

function Probe({ onValid }: { onValid: (body: unknown) => void }) {
  const form = useContractForm({
    initial: { email: '', name: '' },
    schema,
    toInput: (v) => v,
  });
  return (
    <Form noValidate onSubmit={form.onSubmit({ busy: false, onValid: (c) => onValid(c.body) })}>
      <TextField label="Email" name="email" {...form.text('email')} />
      <TextField label="Name" name="name" {...form.text('name')} />
      <button type="submit">Send</button>
    </Form>
  );
}

/** The server's HTML, typed into as a person would before the app runs, then hydrated. */
async function typeThenHydrate(node: React.ReactElement, typed: Record<string, string>) {
  const container = document.createElement('div');
  container.innerHTML = renderToString(node);
  document.body.appendChild(container);
  for (const [name, value] of Object.entries(typed)) {
    container.querySelector<HTMLInputElement>(`input[name="${name}"]`)!.value = value;
  }
  await act(async () => {
    startTransition(() => {
      hydrateRoot(container, node);
    });
  });
  return container;
}

describe('a form typed into before hydration', () => {
  it('sends what was typed, and a later keystroke elsewhere does not wipe it', async () => {
    const onValid = vi.fn();
    const container = await typeThenHydrate(<Probe onValid={onValid} />, {
      email: 'early@example.com',
    });
    const email = container.querySelector<HTMLInputElement>('input[name="email"]')!;
    const name = container.querySelector<HTMLInputElement>('input[name="name"]')!;
    expect(email.value).toBe('early@example.com');

    // Typing into another field re-renders the form: the early text stays.
    fireEvent.input(name, { target: { value: 'Nora' } });
    fireEvent.change(name, { target: { value: 'Nora' } });
    expect(email.value).toBe('early@example.com');

    fireEvent.submit(container.querySelector('form')!);
    expect(onValid).toHaveBeenCalledWith({ email: 'early@example.com', name: 'Nora' });
    expect(container.textContent).not.toContain('Email is required');
  });

  it('leaves a form nobody typed into as it was (nothing adopted from an untouched field)', async () => {
    const onValid = vi.fn();
    const container = await typeThenHydrate(<Probe onValid={onValid} />, {});
    fireEvent.submit(container.querySelector('form')!);
    expect(onValid).not.toHaveBeenCalled();
    expect(container.textContent).toContain('Email is required');
  });
});
