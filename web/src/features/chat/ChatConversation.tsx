import { useQuery, useQueryClient } from '@tanstack/react-query';
import { BlockUserButton } from '../trust/BlockUserButton';
import { offerPushNotifications } from '../auth/push-moment';
import { Link } from '@tanstack/react-router';
import { Fragment, useEffect, useLayoutEffect, useRef } from 'react';
import { formatPrice } from '../../lib/format';
import { msg, useI18n, useT } from '../../lib/i18n';
import { findChat } from './cache';
import { ChatIcon } from './chat-icons';
import { Avatar, EliteBadge, StarButton } from './ChatInbox';
import { otherParty, personName } from './chat-list';
import { Composer } from './Composer';
import { CHAT_ERRORS, chatErrorText, serverReason } from './errors';
import { formatDayLabel, formatMessageTime, sameCalendarDay } from './format';
import { tickState, type TickState } from './messages';
import { chatRole } from './quick-replies';
import { chatQueries } from './queries';
import type { Chat, LocalMessage } from './types';
import { sellerSlug } from '../../../../worker/schemas/seller-page-data';
import { useChatRoom, type Me } from './use-chat-room';

const TICK_LABEL: Record<Exclude<TickState, 'none'>, string> = {
  sending: msg('Sending'),
  failed: msg('Not sent'),
  sent: msg('Sent'),
  read: msg('Read'),
};

function Tick({ state }: { state: TickState }) {
  const t = useT();
  if (state === 'none' || state === 'failed') return null;
  return (
    <span className={`msg__tick msg__tick--${state}`} title={t(TICK_LABEL[state])} aria-label={t(TICK_LABEL[state])} role="img">
      <ChatIcon name={state === 'sending' ? 'clock' : state === 'read' ? 'checks' : 'check'} size={15} />
    </span>
  );
}

function MessageBubble({
  message,
  own,
  senderName,
  tick,
  onRetry,
}: {
  message: LocalMessage;
  own: boolean;
  senderName: string;
  tick: TickState;
  onRetry: () => void;
}) {
  const offer = message.messageType === 'OFFER';
  const t = useT();
  return (
    <li className={`msg ${own ? 'msg--own' : 'msg--theirs'} ${message.status !== 'sent' ? `msg--${message.status}` : ''}`.trim()} data-seq={message.seq}>
      {!own && message.warning && (
        <p className="msg-warning" role="alert">
          <ChatIcon name="warning" size={16} />
          <span>{t(message.warning)}</span>
        </p>
      )}
      <div className={`msg__bubble ${offer ? 'msg__bubble--offer' : ''}`.trim()}>
        {!own && <span className="msg__sender">{senderName}</span>}
        {offer && <span className="msg__offer-label">{t('Offer')}</span>}
        <p className="msg__text">{message.content}</p>
        <span className="msg__meta">
          <time dateTime={message.createdAt}>{formatMessageTime(message.createdAt)}</time>
          <Tick state={tick} />
        </span>
      </div>
      {message.status === 'queued' && (
        <p className="msg__queued" role="status">
          {t('Waiting for the network: it will be sent when you are back online')}
        </p>
      )}
      {message.status === 'failed' && message.final && (
        <p className="msg__failed" role="alert" data-testid="msg-refused">
          {t(message.error ?? CHAT_ERRORS.send)}
        </p>
      )}
      {message.status === 'failed' && !message.final && (
        <p className="msg__failed" role="alert">
          <span title={message.error}>{t(CHAT_ERRORS.send)}</span>
          {message.error && message.error !== CHAT_ERRORS.send && <span className="msg__failed-why"> · {t(message.error)}</span>}
          <button type="button" className="link-button" onClick={onRetry}>
            {t('Retry')}
          </button>
        </p>
      )}
    </li>
  );
}

/** Keeps the newest message in view: on open, on our own sends, and on arrivals while at the bottom. */
function useStickToBottom(messages: readonly LocalMessage[], myId: string) {
  const ref = useRef<HTMLDivElement>(null);
  const last = messages[messages.length - 1];
  const lastKey = last ? last.clientId ?? last.id : '';
  const first = messages[0]?.id ?? '';
  const prev = useRef({ lastKey: '', first: '', scrollHeight: 0, nearBottom: true });

  // Remember, before every change, whether the reader was at the bottom.
  const onScroll = () => {
    const el = ref.current;
    if (el) prev.current.nearBottom = el.scrollHeight - el.scrollTop - el.clientHeight < 120;
  };

  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const before = prev.current;
    if (lastKey !== before.lastKey) {
      const mine = last?.senderId === myId;
      if (!before.lastKey || mine || before.nearBottom) el.scrollTop = el.scrollHeight;
    } else if (first !== before.first && before.scrollHeight) {
      // Older messages were added above: keep the same message under the reader's eyes.
      el.scrollTop += el.scrollHeight - before.scrollHeight;
    } else if (before.nearBottom && el.scrollHeight !== before.scrollHeight) {
      // Something grew at the bottom (a failed-send notice, a warning): keep it in view.
      el.scrollTop = el.scrollHeight;
    }
    prev.current = { lastKey, first, scrollHeight: el.scrollHeight, nearBottom: el.scrollHeight - el.scrollTop - el.clientHeight < 120 };
  });

  // The box itself shrinking (a banner above, the offer form below) must not hide the newest message.
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof ResizeObserver !== 'function') return;
    const observer = new ResizeObserver(() => {
      if (prev.current.nearBottom) el.scrollTop = el.scrollHeight;
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  return { ref, onScroll };
}

function Conversation({ chat, me, onBack }: { chat: Chat; me: Me; onBack?: () => void }) {
  const { t, language } = useI18n();
  const room = useChatRoom(chat, me);
  const other = otherParty(chat, me.id);
  const otherName = personName(other);
  // the buyer plan is for buyers: a seller answering about their own ad is not sold it (decision 024)
  const offerBuyerPlan = chat.buyerId === me.id && !chat.buyer.isPremium;
  const scroller = useStickToBottom(room.messages, me.id);
  const listing = chat.listing;

  return (
    <div className="chat-conv">
      <header className="chat-conv__head">
        {onBack && (
          <button type="button" className="icon-button chat-conv__back" aria-label={t('Back to conversations')} onClick={onBack}>
            <ChatIcon name="back" size={22} />
          </button>
        )}
        <Avatar person={other} size={40} />
        <div className="chat-conv__who">
          <h2 className="chat-conv__name">
            {/* the buyer can open the seller's page (decision 026); a seller's buyers have none to open */}
            {other.id === chat.sellerId ? (
              <Link to="/sellers/$slug" params={{ slug: sellerSlug({ ...other, businessName: null }) }} search={listing ? { from: listing.id } : {}} className="chat-conv__seller-link">
                {otherName}
              </Link>
            ) : (
              otherName
            )}
            {other.isPremium && <EliteBadge />}
          </h2>
          {listing?.status === 'ARCHIVED' ? (
            // the ad was archived (decision 021): the conversation still says what it was about
            <span className="chat-conv__listing">
              <span className="chat-conv__listing-title">{listing.title}</span>
              <span className="muted">{t('Listing no longer available')}</span>
            </span>
          ) : listing ? (
            <Link to="/item/$slug" params={{ slug: listing.slug || listing.id }} className="chat-conv__listing">
              <span className="chat-conv__listing-title">{listing.title}</span>
              <strong className="chat-conv__price">{formatPrice(listing.price, listing.currency, language)}</strong>
            </Link>
          ) : (
            <span className="chat-conv__listing muted">{t('Listing no longer available')}</span>
          )}
        </div>
        <StarButton chat={chat} userId={me.id} />
        <BlockUserButton userId={other.id} name={otherName} className="button button--outline button--small chat-conv__block" />
      </header>

      {offerBuyerPlan && (
        <div className="chat-upsell">
          <span>{t('Call owners directly and buy fast')}</span>
          <Link to="/premium" className="chat-upsell__cta">
            {t('Get SEL Buyer Pro')}
          </Link>
        </div>
      )}

      {room.roomStatus === 'closed' && (
        <p className="chat-conv__offline" role="status">
          {t('Failed to connect to real-time service. Messages are still sent and checked every few seconds.')}
        </p>
      )}

      <div className="chat-conv__messages" ref={scroller.ref} onScroll={scroller.onScroll} role="log" aria-label={t('Messages with {name}', { name: otherName })} tabIndex={0}>
        {room.isLoading ? (
          <p className="chat-state">{t('Loading messages...')}</p>
        ) : room.error ? (
          <div className="chat-state" role="alert">
            <p>{t(chatErrorText(room.error, CHAT_ERRORS.loadMessages))}</p>
            <button type="button" className="button button--small button--outline" onClick={() => void room.reload()}>
              {t('Try Again')}
            </button>
          </div>
        ) : room.messages.length === 0 ? (
          <p className="chat-state">{t('No messages yet. Start the conversation!')}</p>
        ) : (
          <>
            {room.hasOlder && (
              <div className="chat-more">
                <button type="button" className="link-button" disabled={room.loadingOlder} onClick={() => void room.loadOlder()}>
                  {room.loadingOlder ? t('Loading...') : t('Load earlier messages')}
                </button>
              </div>
            )}
            <ol className="msg-list">
              {room.messages.map((message, index) => {
                const previous = room.messages[index - 1];
                const own = message.senderId === me.id;
                const newDay = !previous || !sameCalendarDay(previous.createdAt, message.createdAt);
                return (
                  <Fragment key={message.clientId && own ? `c-${message.clientId}` : message.id}>
                    {newDay && (
                      <li className="msg-day" aria-hidden="true">
                        <span>{formatDayLabel(message.createdAt, undefined, language)}</span>
                      </li>
                    )}
                    <MessageBubble
                      message={message}
                      own={own}
                      senderName={message.sender ? personName(message.sender) : otherName}
                      tick={tickState(message, me.id, chat.otherLastReadSeq)}
                      onRetry={() => room.retry(message.clientId ?? '')}
                    />
                  </Fragment>
                );
              })}
            </ol>
          </>
        )}
      </div>
      <p className="chat-typing" aria-live="polite">
        {room.otherTyping ? t('Someone is typing...') : ''}
      </p>
      <Composer
        disabled={room.isLoading || !!room.error}
        listingPrice={listing && listing.status !== 'ARCHIVED' ? listing.price : null}
        role={chatRole(chat, me.id)}
        onSend={(content, type) => {
          const sent = room.send(content, type);
          // the first message sent is the moment that explains push notifications
          if (sent) offerPushNotifications('chat');
          return sent;
        }} onTyping={room.noteTyping} />
    </div>
  );
}

/** The open chat pane: finds the chat (list cache first, then GET /chats/{id}) and shows it. */
export function ChatConversation({ chatId, me, onBack }: { chatId: string; me: Me; onBack?: () => void }) {
  const queryClient = useQueryClient();
  const t = useT();
  const detail = useQuery({
    ...chatQueries.detail(me.id, chatId),
    initialData: () => findChat(queryClient, me.id, chatId),
  });

  if (!detail.data) {
    if (detail.isError) {
      const text = chatErrorText(detail.error, CHAT_ERRORS.loadMessages);
      const reason = serverReason(detail.error);
      // a conversation that left with its archived ad: the one sentence says it all, and a retry cannot bring it back
      const ended = text === CHAT_ERRORS.archived;
      return (
        <div className="chat-state chat-state--pane" role="alert">
          <p>{t(text)}</p>
          {reason && reason !== text && <p className="muted">{t(reason)}</p>}
          <div className="button-row">
            {!ended && (
              <button type="button" className="button button--small button--outline" onClick={() => void detail.refetch()}>
                {t('Try Again')}
              </button>
            )}
            {onBack && (
              <button type="button" className="button button--small button--outline" onClick={onBack}>
                {t('Back to conversations')}
              </button>
            )}
          </div>
        </div>
      );
    }
    return <p className="chat-state chat-state--pane">{t('Loading messages...')}</p>;
  }
  return <Conversation chat={detail.data} me={me} onBack={onBack} />;
}
