import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { formatNumber, formatPrice } from '../../lib/format';
import { useI18n } from '../../lib/i18n';
import { ChatIcon } from './chat-icons';
import { messageLengthState, offerText, parseOfferAmount } from './format';
import { QUICK_REPLIES } from './quick-replies';
import type { MessageType } from './types';
import { MAX_MESSAGE_LENGTH } from './use-chat-room';

export function Composer({
  disabled,
  listingPrice,
  role,
  onSend,
  onTyping,
}: {
  disabled: boolean;
  listingPrice: number | null;
  /** Quick replies differ for the buyer and the seller. */
  role: 'buyer' | 'seller';
  onSend: (content: string, type?: MessageType) => boolean;
  onTyping: () => void;
}) {
  const { t, language } = useI18n();
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
    if (!text.trim() || disabled || text.length > MAX_MESSAGE_LENGTH) return;
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
      setOfferError(t('Enter an amount in rupees, like 25000'));
      return;
    }
    if (onSend(offerText(amount, t), 'OFFER')) {
      setOffer('');
      setOfferError(null);
      setOfferOpen(false);
    }
  };

  const count = messageLengthState(text.length, MAX_MESSAGE_LENGTH);
  const limit = formatNumber(MAX_MESSAGE_LENGTH, language);

  return (
    <div className="chat-composer">
      <div className="chat-quick" role="group" aria-label={t('Quick replies')}>
        {QUICK_REPLIES[role].map((reply) => (
          <button
            key={reply.label}
            type="button"
            className={`chat-chip chat-chip--quick ${reply.text === null && offerOpen ? 'is-on' : ''}`}
            disabled={disabled}
            aria-expanded={reply.text === null ? offerOpen : undefined}
            onClick={() => (reply.text === null ? setOfferOpen((open) => !open) : onSend(t(reply.text), 'TEXT'))}
          >
            {t(reply.label)}
          </button>
        ))}
      </div>
      {offerOpen && (
        <form className="chat-offer" onSubmit={sendOffer} noValidate>
          <label htmlFor={offerId} className="chat-offer__label">
            {t('Your offer')}
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
            {t('Send offer')}
          </button>
          <button type="button" className="link-button" onClick={() => setOfferOpen(false)}>
            {t('Cancel')}
          </button>
          {offerError ? (
            <p id={`${offerId}-error`} className="field-error chat-offer__note">
              {offerError}
            </p>
          ) : listingPrice ? (
            <p id={`${offerId}-hint`} className="muted chat-offer__note">
              {t('Asking price {price}', { price: formatPrice(listingPrice, 'INR', language) })}
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
          placeholder={t('Type a message')}
          aria-label={t('Type a message')}
          aria-invalid={count.over ? true : undefined}
          aria-describedby={count.show ? 'chat-compose-count' : undefined}
          enterKeyHint="send"
          onChange={(e) => {
            setText(e.target.value);
            if (e.target.value.trim()) onTyping();
          }}
          onKeyDown={onKeyDown}
        />
        <button type="submit" className="chat-compose__send" aria-label={t('Send')} title={t('Send')} disabled={disabled || !text.trim() || count.over > 0}>
          <ChatIcon name="send" size={22} />
        </button>
        {count.show && (
          // always visible while typing; past the limit nothing is cut: the sender is told how much to shorten
          <p id="chat-compose-count" className={`chat-compose__count ${count.over ? 'is-over' : ''}`.trim()} aria-live="polite">
            {count.over
              ? t('{over} characters too long: a message can have up to {limit}. Shorten it to send.', { over: formatNumber(count.over, language), limit })
              : `${formatNumber(text.length, language)} / ${limit}`}
          </p>
        )}
      </form>
    </div>
  );
}
