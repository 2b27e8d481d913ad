/**
 * Form controls of the selling forms: every control has a visible label, and its hint, counter and
 * error are tied to it with aria-describedby. Errors show once a field has been left (or the form
 * was submitted), not while the seller is still typing the first characters.
 */
import { useId, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { PRICE_MAX_DIGITS, groupDigits, priceDigits, regroupTyped } from './post-rules';
import { readPrice } from '../../../../worker/schemas/price-text';
import { msg, useT } from '../../lib/i18n';

/** Labels and option texts are catalogue keys (marked with msg in the forms): shown in the reader's language. */
const shown = (t: (text: string) => string, text: ReactNode) => (typeof text === 'string' ? t(text) : text);

interface FieldIds {
  control: string;
  hint: string;
  error: string;
  counter: string;
}

function useFieldIds(): FieldIds {
  const base = useId();
  return { control: `${base}c`, hint: `${base}h`, error: `${base}e`, counter: `${base}n` };
}

function describedBy(ids: FieldIds, parts: { hint?: unknown; error?: unknown; counter?: unknown }): string | undefined {
  const list = [parts.hint ? ids.hint : '', parts.counter ? ids.counter : '', parts.error ? ids.error : ''].filter(Boolean);
  return list.length ? list.join(' ') : undefined;
}

interface ShellProps {
  ids: FieldIds;
  label: ReactNode;
  required?: boolean;
  hint?: ReactNode;
  error?: string | null;
  counter?: ReactNode;
  counterLow?: boolean;
  className?: string;
  children: ReactNode;
}

function FieldShell({ ids, label, required, hint, error, counter, counterLow, className, children }: ShellProps) {
  const t = useT();
  return (
    <div className={`sell-field${error ? ' sell-field--invalid' : ''}${className ? ` ${className}` : ''}`}>
      <label className="sell-field__label" htmlFor={ids.control}>
        {shown(t, label)}
        {required ? <span className="sell-field__required" aria-hidden="true"> *</span> : <span className="sell-field__optional"> {t('(optional)')}</span>}
      </label>
      {children}
      {(hint || counter) && (
        <div className="sell-field__under">
          {hint ? (
            <span id={ids.hint} className="sell-field__hint">
              {shown(t, hint)}
            </span>
          ) : (
            <span />
          )}
          {counter ? (
            <span id={ids.counter} className={`sell-field__counter${counterLow ? ' sell-field__counter--low' : ''}`} aria-live="polite">
              {counter}
            </span>
          ) : null}
        </div>
      )}
      {error ? (
        <p id={ids.error} className="field-error sell-field__error">
          {t(error)}
        </p>
      ) : null}
    </div>
  );
}

interface CommonProps {
  label: ReactNode;
  required?: boolean;
  hint?: ReactNode;
  error?: string | null;
  onBlur?: () => void;
  className?: string;
  name?: string;
}

export function TextField({
  label,
  required,
  hint,
  error,
  onBlur,
  className,
  name,
  value,
  onChange,
  maxLength,
  inputMode,
  placeholder,
  counter,
  counterLow,
  autoComplete,
  prefix,
  list,
  type = 'text',
}: CommonProps & {
  value: string;
  onChange: (value: string) => void;
  maxLength?: number;
  inputMode?: 'numeric' | 'decimal' | 'tel' | 'text' | 'email';
  placeholder?: string;
  counter?: ReactNode;
  counterLow?: boolean;
  autoComplete?: string;
  prefix?: ReactNode;
  /** Id of a <datalist> of suggestions. */
  list?: string;
  type?: 'text' | 'tel' | 'search';
}) {
  const ids = useFieldIds();
  const input = (
    <input
      id={ids.control}
      name={name}
      type={type}
      className="text-input sell-input"
      value={value}
      maxLength={maxLength}
      inputMode={inputMode}
      placeholder={placeholder}
      list={list}
      autoComplete={autoComplete ?? 'off'}
      aria-invalid={error ? true : undefined}
      aria-required={required || undefined}
      aria-describedby={describedBy(ids, { hint, error, counter })}
      onChange={(event) => onChange(event.target.value)}
      onBlur={onBlur}
    />
  );
  return (
    <FieldShell ids={ids} label={label} required={required} hint={hint} error={error} counter={counter} counterLow={counterLow} className={className}>
      {prefix ? (
        <div className="sell-affix">
          <span className="sell-affix__prefix" aria-hidden="true">
            {prefix}
          </span>
          {input}
        </div>
      ) : (
        input
      )}
    </FieldShell>
  );
}

export function TextAreaField({
  label,
  required,
  hint,
  error,
  onBlur,
  className,
  name,
  value,
  onChange,
  maxLength,
  placeholder,
  counter,
  counterLow,
  rows = 5,
}: CommonProps & {
  value: string;
  onChange: (value: string) => void;
  maxLength?: number;
  placeholder?: string;
  counter?: ReactNode;
  counterLow?: boolean;
  rows?: number;
}) {
  const ids = useFieldIds();
  return (
    <FieldShell ids={ids} label={label} required={required} hint={hint} error={error} counter={counter} counterLow={counterLow} className={className}>
      <textarea
        id={ids.control}
        name={name}
        className="text-input sell-input sell-textarea"
        value={value}
        rows={rows}
        maxLength={maxLength}
        placeholder={placeholder}
        aria-invalid={error ? true : undefined}
        aria-required={required || undefined}
        aria-describedby={describedBy(ids, { hint, error, counter })}
        onChange={(event) => onChange(event.target.value)}
        onBlur={onBlur}
      />
    </FieldShell>
  );
}

/**
 * A whole number typed with grouping as you go ('1,25,000'), the caret kept where it was.
 * `value` and `onChange` deal in plain digits.
 */
export function GroupedNumberField({
  label,
  required,
  hint,
  error,
  onBlur,
  className,
  name,
  value,
  onChange,
  currency = 'INR',
  maxDigits = 10,
  prefix,
  placeholder,
}: CommonProps & {
  value: string;
  onChange: (digits: string) => void;
  currency?: string;
  maxDigits?: number;
  prefix?: ReactNode;
  placeholder?: string;
}) {
  const ids = useFieldIds();
  const ref = useRef<HTMLInputElement>(null);
  const caret = useRef<number | null>(null);
  const [, force] = useState(0);
  const text = groupDigits(value, currency);

  useLayoutEffect(() => {
    const input = ref.current;
    if (input && caret.current !== null && document.activeElement === input) {
      input.setSelectionRange(caret.current, caret.current);
      caret.current = null;
    }
  });

  const input = (
    <input
      ref={ref}
      id={ids.control}
      name={name}
      type="text"
      inputMode="numeric"
      autoComplete="off"
      className="text-input sell-input"
      value={text}
      placeholder={placeholder}
      aria-invalid={error ? true : undefined}
      aria-required={required || undefined}
      aria-describedby={describedBy(ids, { hint, error })}
      onChange={(event) => {
        const result = regroupTyped(event.target.value, event.target.selectionStart ?? event.target.value.length, currency, maxDigits);
        caret.current = result.caret;
        if (result.digits === value) force((n) => n + 1); // a refused key: put the text and caret back
        else onChange(result.digits);
      }}
      onBlur={onBlur}
    />
  );
  return (
    <FieldShell ids={ids} label={label} required={required} hint={hint} error={error} className={className}>
      {prefix ? (
        <div className="sell-affix">
          <span className="sell-affix__prefix" aria-hidden="true">
            {prefix}
          </span>
          {input}
        </div>
      ) : (
        input
      )}
    </FieldShell>
  );
}

/**
 * The price as a seller types it: grouped as they go when it is plain digits ("1,50,000"), or kept
 * as written when it has words or a point ("1.5 lakh", "45,000.50"), with what it reads as shown
 * underneath. `value` is the text; post-rules' priceError says what is wrong with it.
 */
export function PriceField({
  label,
  required,
  error,
  onBlur,
  className,
  name,
  value,
  onChange,
  currency = 'INR',
  prefix,
}: CommonProps & { value: string; onChange: (typed: string) => void; currency?: string; prefix?: ReactNode }) {
  const ids = useFieldIds();
  const ref = useRef<HTMLInputElement>(null);
  const caret = useRef<number | null>(null);
  const [, force] = useState(0);
  const plain = /^[\d,]*$/.test(value);
  const text = plain ? groupDigits(priceDigits(value), currency) : value;
  const reading = plain ? null : readPrice(value);
  const hint = reading?.ok ? `= ${prefix ?? '₹'} ${groupDigits(String(reading.rupees), currency)}` : undefined;

  useLayoutEffect(() => {
    const input = ref.current;
    if (input && caret.current !== null && document.activeElement === input) {
      input.setSelectionRange(caret.current, caret.current);
      caret.current = null;
    }
  });

  return (
    <FieldShell ids={ids} label={label} required={required} hint={hint} error={error} className={className}>
      <div className="sell-affix">
        <span className="sell-affix__prefix" aria-hidden="true">
          {prefix ?? '₹'}
        </span>
        <input
          ref={ref}
          id={ids.control}
          name={name}
          type="text"
          inputMode="decimal"
          autoComplete="off"
          className="text-input sell-input"
          value={text}
          maxLength={40}
          aria-invalid={error ? true : undefined}
          aria-required={required || undefined}
          aria-describedby={describedBy(ids, { hint, error })}
          onChange={(event) => {
            const typed = event.target.value;
            if (!/^[\d,\s]*$/.test(typed)) {
              onChange(typed);
              return;
            }
            const result = regroupTyped(typed, event.target.selectionStart ?? typed.length, currency, PRICE_MAX_DIGITS);
            caret.current = result.caret;
            if (result.text === text) force((n) => n + 1);
            else onChange(result.text);
          }}
          onBlur={() => {
            // "1.5 lakh" becomes the grouped rupees once the seller moves on, so they see the amount
            if (reading?.ok) onChange(groupDigits(String(reading.rupees), currency));
            onBlur?.();
          }}
        />
      </div>
    </FieldShell>
  );
}

export function SelectField({
  label,
  required,
  hint,
  error,
  onBlur,
  className,
  name,
  value,
  onChange,
  options,
  placeholder = msg('Select'),
  disabled,
}: CommonProps & {
  value: string;
  onChange: (value: string) => void;
  options: readonly string[] | readonly { value: string; label: string }[];
  placeholder?: string;
  disabled?: boolean;
}) {
  const t = useT();
  const ids = useFieldIds();
  const list = options.map((o) => (typeof o === 'string' ? { value: o, label: o } : o));
  // a stored value that is no longer offered stays selectable instead of silently vanishing
  if (value && !list.some((o) => o.value === value)) list.unshift({ value, label: value });
  return (
    <FieldShell ids={ids} label={label} required={required} hint={hint} error={error} className={className}>
      <select
        id={ids.control}
        name={name}
        className="text-input sell-input sell-select"
        value={value}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-required={required || undefined}
        aria-describedby={describedBy(ids, { hint, error })}
        onChange={(event) => onChange(event.target.value)}
        onBlur={onBlur}
      >
        <option value="">{t(placeholder)}</option>
        {list.map((o) => (
          <option key={o.value} value={o.value}>
            {t(o.label)}
          </option>
        ))}
      </select>
    </FieldShell>
  );
}

/** A short option list as big tappable chips (native radios underneath, so arrows and screen readers work). */
export function ChipsField({
  label,
  required,
  hint,
  error,
  onBlur,
  className,
  name,
  value,
  onChange,
  options,
}: CommonProps & {
  value: string;
  onChange: (value: string) => void;
  options: readonly string[];
}) {
  const t = useT();
  const base = useId();
  const errorId = `${base}e`;
  const hintId = `${base}h`;
  const groupName = name ?? base;
  return (
    <fieldset
      className={`sell-field sell-chips-field${error ? ' sell-field--invalid' : ''}${className ? ` ${className}` : ''}`}
      aria-describedby={[hint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ') || undefined}
      aria-required={required || undefined}
      onBlur={(event) => {
        if (onBlur && !event.currentTarget.contains(event.relatedTarget as Node | null)) onBlur();
      }}
    >
      <legend className="sell-field__label">
        {shown(t, label)}
        {required ? <span className="sell-field__required" aria-hidden="true"> *</span> : <span className="sell-field__optional"> {t('(optional)')}</span>}
      </legend>
      <div className="sell-chips">
        {options.map((option) => (
          <label key={option} className={`sell-chip${value === option ? ' sell-chip--on' : ''}`}>
            <input
              type="radio"
              name={groupName}
              value={option}
              checked={value === option}
              onChange={() => onChange(option)}
              onClick={() => {
                // a second tap on the chosen chip clears an optional choice
                if (!required && value === option) onChange('');
              }}
            />
            <span>{t(option)}</span>
          </label>
        ))}
      </div>
      {hint ? (
        <span id={hintId} className="sell-field__hint">
          {hint}
        </span>
      ) : null}
      {error ? (
        <p id={errorId} className="field-error sell-field__error">
          {t(error)}
        </p>
      ) : null}
    </fieldset>
  );
}

export function CheckboxesField({
  label,
  hint,
  className,
  values,
  onChange,
  options,
}: {
  label: ReactNode;
  hint?: ReactNode;
  className?: string;
  values: readonly string[];
  onChange: (values: string[]) => void;
  options: readonly string[];
}) {
  const t = useT();
  const hintId = useId();
  return (
    <fieldset className={`sell-field${className ? ` ${className}` : ''}`} aria-describedby={hint ? hintId : undefined}>
      <legend className="sell-field__label">
        {shown(t, label)}
        <span className="sell-field__optional"> {t('(optional)')}</span>
      </legend>
      <div className="sell-checks">
        {options.map((option) => {
          const checked = values.includes(option);
          return (
            <label key={option} className={`sell-check${checked ? ' sell-check--on' : ''}`}>
              <input
                type="checkbox"
                checked={checked}
                onChange={() => onChange(checked ? values.filter((v) => v !== option) : [...values, option])}
              />
              <span>{t(option)}</span>
            </label>
          );
        })}
      </div>
      {hint ? (
        <span id={hintId} className="sell-field__hint">
          {hint}
        </span>
      ) : null}
    </fieldset>
  );
}
