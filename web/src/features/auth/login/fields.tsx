import { useId, useState, type ReactNode } from 'react';
import type { ApiIssue } from '../../../lib/api';
import { useT } from '../../../lib/i18n';

/** Pieces every sign-in step shares: the form error, a labelled field, the password box, the spinner. */

export function FormError({ id, message }: { id: string; message: string | null }) {
  const t = useT();
  if (!message) return null;
  return (
    <p id={id} className="auth-form-error" role="alert">
      {t(message)}
    </p>
  );
}

export type FieldProps = {
  label: string;
  error?: string | null;
  hint?: ReactNode;
  children: (ids: { inputId: string; describedBy: string | undefined; invalid: boolean }) => ReactNode;
};

export function Field({ label, error, hint, children }: FieldProps) {
  const inputId = useId();
  const t = useT();
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className="auth-field">
      <label htmlFor={inputId} className="auth-field__label">
        {label}
      </label>
      {children({ inputId, describedBy, invalid: !!error })}
      {hint && (
        <p id={hintId} className="auth-field__hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="auth-field__error">
          {t(error)}
        </p>
      )}
    </div>
  );
}

/** Server validation issues by field name (`issues[].path` is 'email', 'password', …). */
export function issuesByField(issues: ApiIssue[] | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of issues ?? []) {
    const key = issue.path.split('.')[0] ?? '';
    if (key && !out[key]) out[key] = issue.message;
  }
  return out;
}

export function Spinner() {
  return <span className="auth-spinner auth-spinner--inline" aria-hidden="true" />;
}

/** The labelled password box with its Show/Hide toggle: signing in and signing up use the same one. */
export function PasswordField({
  value,
  onChange,
  autoComplete,
  error,
  hint,
}: {
  value: string;
  onChange: (value: string) => void;
  autoComplete: 'current-password' | 'new-password';
  error?: string | null;
  hint?: ReactNode;
}) {
  const t = useT();
  return (
    <Field label={t('Password')} error={error} hint={hint}>
      {({ inputId, describedBy, invalid }) => (
        <PasswordInput id={inputId} value={value} onChange={onChange} autoComplete={autoComplete} describedBy={describedBy} invalid={invalid} />
      )}
    </Field>
  );
}

function PasswordInput(props: {
  id: string;
  value: string;
  onChange: (value: string) => void;
  autoComplete: string;
  describedBy: string | undefined;
  invalid: boolean;
}) {
  const [visible, setVisible] = useState(false);
  const t = useT();
  return (
    <div className="auth-input-group">
      <input
        id={props.id}
        className="auth-input"
        type={visible ? 'text' : 'password'}
        value={props.value}
        onChange={(event) => props.onChange(event.target.value)}
        autoComplete={props.autoComplete}
        aria-describedby={props.describedBy}
        aria-invalid={props.invalid || undefined}
        maxLength={128}
      />
      <button
        type="button"
        className="auth-input-group__toggle"
        onClick={() => setVisible((v) => !v)}
        aria-pressed={visible}
        aria-controls={props.id}
      >
        {visible ? t('Hide') : t('Show')}
      </button>
    </div>
  );
}
