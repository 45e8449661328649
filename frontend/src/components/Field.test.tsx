import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { getT } from '../i18n';
import { type NewPassword, NewPasswordFields, newPasswordErrors } from './AccountFields';
import { Field } from './Field';
import { FormError, SubmitRow } from './Form';

describe('Field', () => {
  it('labels its control and reads the hint with it, without marking it invalid', () => {
    render(
      <Field label="Hourly rate" hint="Used for the earnings chart">
        <input />
      </Field>,
    );
    const input = screen.getByLabelText('Hourly rate');
    expect(input).toHaveAccessibleDescription('Used for the earnings chart');
    expect(input).not.toHaveAttribute('aria-invalid');
  });

  it('marks the control invalid and reads the error after the hint', () => {
    render(
      <Field label="Email" hint="We never share it" error="Email is required">
        <input type="email" />
      </Field>,
    );
    const input = screen.getByLabelText('Email');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('We never share it Email is required');
    // A typing error is not shouted: it is read with the field.
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('has no description at all when there is neither hint nor error', () => {
    render(
      <Field label="Currency">
        <select>
          <option>EUR</option>
        </select>
      </Field>,
    );
    expect(screen.getByLabelText('Currency')).not.toHaveAttribute('aria-describedby');
  });

  it('announces an error from the server at once when asked to', () => {
    render(
      <Field label="Voucher code" error="Invalid voucher code" announceError>
        <input />
      </Field>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Invalid voucher code');
    expect(screen.getByLabelText('Voucher code')).toHaveAccessibleDescription('Invalid voucher code');
  });

  it('puts a checkbox before its label, and the label toggles it', async () => {
    const onChange = vi.fn();
    render(
      <Field label="I am at least 18 years old" layout="check" error="Please confirm your age">
        <input type="checkbox" onChange={onChange} />
      </Field>,
    );
    const box = screen.getByRole('checkbox', { name: 'I am at least 18 years old' });
    expect(box.nextElementSibling?.tagName).toBe('LABEL');
    expect(box).toHaveAccessibleDescription('Please confirm your age');
    await userEvent.setup().click(screen.getByText('I am at least 18 years old'));
    expect(onChange).toHaveBeenCalledOnce();
  });

  it('gives every field its own id, so two of one kind never share a label', () => {
    render(
      <>
        <Field label="Start">
          <input type="time" />
        </Field>
        <Field label="End">
          <input type="time" />
        </Field>
      </>,
    );
    expect(screen.getByLabelText('Start').id).not.toBe(screen.getByLabelText('End').id);
  });
});

describe('FormError and SubmitRow', () => {
  it('shows nothing without an error and announces one when there is', () => {
    const { rerender } = render(<FormError>{undefined}</FormError>);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    rerender(<FormError>Service unavailable</FormError>);
    expect(screen.getByRole('alert')).toHaveTextContent('Service unavailable');
  });

  it('submits the form, and not while it is disabled', async () => {
    const onSubmit = vi.fn((e: { preventDefault: () => void }) => e.preventDefault());
    const { rerender } = render(
      <form onSubmit={onSubmit}>
        <SubmitRow label="Save">
          <a href="/projects">Close</a>
        </SubmitRow>
      </form>,
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSubmit).toHaveBeenCalledOnce();
    expect(screen.getByRole('link', { name: 'Close' })).toBeInTheDocument();

    rerender(
      <form onSubmit={onSubmit}>
        <SubmitRow label="Save" disabled />
      </form>,
    );
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSubmit).toHaveBeenCalledOnce();
  });
});

describe('NewPasswordFields', () => {
  function NewPasswordForm() {
    const [value, setValue] = useState<NewPassword>({ password: '', password2: '' });
    const [errors, setErrors] = useState({});
    return (
      <form
        onSubmit={(e) => {
          e.preventDefault();
          setErrors(newPasswordErrors(value, getT()));
        }}
      >
        <NewPasswordFields
          value={value}
          onChange={setValue}
          errors={errors}
          repeatLabel="Repeat new password"
        />
        <SubmitRow label="Reset password" />
      </form>
    );
  }

  it('requires a new password and a repeat that matches it, each under its own field', async () => {
    render(<NewPasswordForm />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(screen.getByLabelText('New password')).toHaveAccessibleDescription('Password is required');

    await user.type(screen.getByLabelText('New password'), 'new-secret-1');
    await user.type(screen.getByLabelText('Repeat new password'), 'new-secret-2');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(screen.getByLabelText('New password')).not.toHaveAttribute('aria-invalid');
    expect(screen.getByLabelText('Repeat new password')).toHaveAccessibleDescription(
      getT()('validation.passwordsMatch'),
    );

    await user.clear(screen.getByLabelText('Repeat new password'));
    await user.type(screen.getByLabelText('Repeat new password'), 'new-secret-1');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(screen.getByLabelText('Repeat new password')).not.toHaveAttribute('aria-invalid');
  });
});
