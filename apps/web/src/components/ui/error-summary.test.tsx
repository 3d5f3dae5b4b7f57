import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ErrorSummary } from './error-summary';
import { TextField } from './form-field';

function Form({ messages }: { messages: string[] }) {
  return (
    <form>
      <ErrorSummary title="Please fix these fields:" messages={messages} />
      <TextField label="Title" error={messages[0]} defaultValue="" />
      <TextField label="Text" error={messages[1]} defaultValue="" />
    </form>
  );
}

describe('ErrorSummary', () => {
  it('lists the messages, takes the focus, and each item focuses its field', async () => {
    render(<Form messages={['Please enter a title', 'Please write a text']} />);
    const summary = screen.getByRole('alert');
    expect(summary).toHaveFocus();
    expect(within(summary).getByText('Please fix these fields:')).toBeVisible();
    expect(within(summary).getAllByRole('listitem')).toHaveLength(2);
    const user = userEvent.setup();
    await user.click(within(summary).getByRole('button', { name: 'Please write a text' }));
    expect(screen.getByLabelText('Text')).toHaveFocus();
    await user.click(within(summary).getByRole('button', { name: 'Please enter a title' }));
    expect(screen.getByLabelText('Title')).toHaveFocus();
  });

  it('renders nothing without messages', () => {
    render(<Form messages={[]} />);
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
