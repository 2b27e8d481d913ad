import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { formatPrice } from '../../lib/format';
import { ChatIcon } from './chat-icons';
import { offerText, parseOfferAmount } from './format';
import type { MessageType } from './types';
import { MAX_MESSAGE_LENGTH } from './use-chat-room';

/** The character count shows once a message is this close to the limit. */
const COUNTER_FROM = 200;

/** Spec part 2 §2 quick replies; the last one opens the offer box instead of sending. */
const QUICK_REPLIES = [
  { label: 'okay', text: 'Okay' },
  { label: 'no problem', text: 'No problem' },
  { label: 'please reply', text: 'Please reply' },
  { label: 'not interested', text: 'Not interested' },
  { label: 'make an offer', text: null },
] as const;

export function Composer({
  disabled,
  listingPrice,
  onSend,
  onTyping,
}: {
  disabled: boolean;
  listingPrice: number | null;
  onSend: (content: string, type?: MessageType) => boolean;
  onTyping: () => void;
}) {
  const [text, setText] = useState('');
  const [offerOpen, setOfferOpen] = useState(false);
  const [offer, setOffer] = useState('');
  const [offerError, setOfferError] = useState<string | null>(null);
  const textareaRef = useRef<HTMLTextAreaElement>(null);
  const offerRef = useRef<HTMLInputElement>(null);
  const offerId = useId();

  // Grow with the text, up to a few lines.
  useEffect(() => {
    const el = textareaRef.current;
    if (!el) return;
    el.style.height = 'auto';
    el.style.height = `${Math.min(el.scrollHeight, 140)}px`;
  }, [text]);

  useEffect(() => {
    if (offerOpen) offerRef.current?.focus();
  }, [offerOpen]);

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (!text.trim() || disabled) return;
    if (onSend(text, 'TEXT')) setText('');
    textareaRef.current?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // Enter sends, Shift+Enter is a new line; never while an IME is composing a word.
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  };

  const sendOffer = (event: FormEvent) => {
    event.preventDefault();
    const amount = parseOfferAmount(offer);
    if (amount === null) {
      setOfferError('Enter an amount in rupees, like 25000');
      return;
    }
    if (onSend(offerText(amount), 'OFFER')) {
      setOffer('');
      setOfferError(null);
      setOfferOpen(false);
    }
  };

  return (
    <div className="chat-composer">
      <div className="chat-quick" role="group" aria-label="Quick replies">
        {QUICK_REPLIES.map((reply) => (
          <button
            key={reply.label}
            type="button"
            className={`chat-chip chat-chip--quick ${reply.text === null && offerOpen ? 'is-on' : ''}`}
            disabled={disabled}
            aria-expanded={reply.text === null ? offerOpen : undefined}
            onClick={() => (reply.text === null ? setOfferOpen((open) => !open) : onSend(reply.text, 'TEXT'))}
          >
            {reply.label}
          </button>
        ))}
      </div>
      {offerOpen && (
        <form className="chat-offer" onSubmit={sendOffer} noValidate>
          <label htmlFor={offerId} className="chat-offer__label">
            Your offer
          </label>
          <span className="chat-offer__field">
            <span aria-hidden="true">₹</span>
            <input
              ref={offerRef}
              id={offerId}
              inputMode="numeric"
              autoComplete="off"
              placeholder={listingPrice ? String(Math.round(listingPrice)) : '25000'}
              value={offer}
              maxLength={14}
              aria-invalid={offerError ? true : undefined}
              aria-describedby={offerError ? `${offerId}-error` : listingPrice ? `${offerId}-hint` : undefined}
              onChange={(e) => {
                setOffer(e.target.value);
                setOfferError(null);
              }}
              onKeyDown={(e) => {
                if (e.key === 'Escape') setOfferOpen(false);
              }}
            />
          </span>
          <button type="submit" className="button button--small button--primary" disabled={disabled || !offer.trim()}>
            Send offer
          </button>
          <button type="button" className="link-button" onClick={() => setOfferOpen(false)}>
            Cancel
          </button>
          {offerError ? (
            <p id={`${offerId}-error`} className="field-error chat-offer__note">
              {offerError}
            </p>
          ) : listingPrice ? (
            <p id={`${offerId}-hint`} className="muted chat-offer__note">
              Asking price {formatPrice(listingPrice)}
            </p>
          ) : null}
        </form>
      )}
      <form className="chat-compose" onSubmit={submit}>
        <textarea
          ref={textareaRef}
          className="chat-compose__input"
          rows={1}
          value={text}
          placeholder="Type a message"
          aria-label="Type a message"
          maxLength={MAX_MESSAGE_LENGTH}
          enterKeyHint="send"
          onChange={(e) => {
            setText(e.target.value);
            if (e.target.value.trim()) onTyping();
          }}
          onKeyDown={onKeyDown}
        />
        <button type="submit" className="chat-compose__send" aria-label="Send" title="Send" disabled={disabled || !text.trim()}>
          <ChatIcon name="send" size={22} />
        </button>
        {text.length > MAX_MESSAGE_LENGTH - COUNTER_FROM && (
          // near the limit the count shows, and at it the buyer is told the rest was not added
          <p className="chat-compose__count" aria-live="polite">
            {text.length >= MAX_MESSAGE_LENGTH
              ? `Limit reached: ${MAX_MESSAGE_LENGTH.toLocaleString('en-IN')} characters. Anything more was not added.`
              : `${text.length.toLocaleString('en-IN')} / ${MAX_MESSAGE_LENGTH.toLocaleString('en-IN')}`}
          </p>
        )}
      </form>
    </div>
  );
}
