import { useInfiniteQuery } from '@tanstack/react-query';
import { useDeferredValue, useMemo, useState } from 'react';
import { useI18n, useT } from '../../lib/i18n';
import { NotificationBell } from '../notifications/NotificationBell';
import { ChatIcon } from './chat-icons';
import { CHAT_FILTERS, CHAT_ROLES, filterChats, otherParty, personName, type ChatFilter, type ChatRoleTab } from './chat-list';
import { CHAT_ERRORS, chatErrorText } from './errors';
import { badgeText, formatChatListTime } from './format';
import { chatQueries } from './queries';
import type { Chat, ChatPerson } from './types';
import { useStarChat } from './use-chat-actions';
import type { RealtimeStatus } from './use-inbox';

export function Avatar({ person, size = 44 }: { person: ChatPerson; size?: number }) {
  const [broken, setBroken] = useState(false);
  const initial = (person.firstName || person.lastName || 'U').trim().charAt(0).toUpperCase() || 'U';
  return (
    <span className="chat-avatar" style={{ width: size, height: size, fontSize: size * 0.42 }} aria-hidden="true">
      {person.avatar && !broken ? <img src={person.avatar} alt="" width={size} height={size} loading="lazy" onError={() => setBroken(true)} /> : initial}
    </span>
  );
}

export function EliteBadge() {
  const t = useT();
  return (
    <span className="elite-badge" title={t('SEL Buyer member')}>
      {t('SEL Buyer')}
    </span>
  );
}

export function StarButton({ chat, userId, className = '' }: { chat: Chat; userId: string; className?: string }) {
  const star = useStarChat(userId);
  const t = useT();
  const label = chat.isStarred ? t('Remove from Important') : t('Mark as Important');
  return (
    <button
      type="button"
      className={`chat-star ${chat.isStarred ? 'is-on' : ''} ${className}`.trim()}
      aria-pressed={chat.isStarred}
      aria-label={label}
      title={label}
      onClick={() => star.mutate({ chatId: chat.id, starred: !chat.isStarred })}
    >
      <ChatIcon name={chat.isStarred ? 'star' : 'starOutline'} size={20} />
    </button>
  );
}

function ChatRow({ chat, userId, active, onSelect }: { chat: Chat; userId: string; active: boolean; onSelect: (id: string) => void }) {
  const { t, language } = useI18n();
  const other = otherParty(chat, userId);
  const unread = badgeText(chat.unreadCount);
  const name = personName(other);
  const role = chat.buyerId === userId ? t('Buying') : t('Selling');
  return (
    <li className={`chat-row ${active ? 'is-active' : ''} ${unread ? 'is-unread' : ''}`.trim()}>
      <button
        type="button"
        className="chat-row__main"
        aria-current={active ? 'true' : undefined}
        aria-label={`${name}${chat.listing ? `, ${chat.listing.title}` : ''}${chat.unreadCount ? `, ${t('{n} unread', { n: chat.unreadCount })}` : ''}`}
        onClick={() => onSelect(chat.id)}
      >
        <span className="chat-row__thumb">
          {chat.listing?.image ? <img src={chat.listing.image} alt="" width={48} height={48} loading="lazy" /> : <Avatar person={other} size={48} />}
        </span>
        <span className="chat-row__body">
          <span className="chat-row__top">
            <span className="chat-row__name">
              {name}
              {other.isPremium && <EliteBadge />}
            </span>
            <time className="chat-row__time" dateTime={chat.lastMessageAt ?? chat.createdAt}>
              {formatChatListTime(chat.lastMessageAt, undefined, language)}
            </time>
          </span>
          <span className="chat-row__title">
            <span className="chat-row__role">{role}</span> {chat.listing?.title ?? t('Listing no longer available')}
          </span>
          <span className="chat-row__bottom">
            <span className="chat-row__last">{chat.lastMessage ?? t('No messages yet')}</span>
            {unread && (
              <span className="chat-row__badge" aria-hidden="true">
                {unread}
              </span>
            )}
          </span>
        </span>
      </button>
      <StarButton chat={chat} userId={userId} className="chat-row__star" />
    </li>
  );
}

export function ChatInbox({
  userId,
  selectedId,
  onSelect,
  inboxStatus,
  openNotifications,
}: {
  userId: string;
  selectedId: string | undefined;
  onSelect: (chatId: string) => void;
  inboxStatus: RealtimeStatus;
  openNotifications?: boolean;
}) {
  const [search, setSearch] = useState('');
  const [filter, setFilter] = useState<ChatFilter>('all');
  const [role, setRole] = useState<ChatRoleTab>('all');
  const t = useT();
  const deferredSearch = useDeferredValue(search);
  const list = useInfiniteQuery({
    ...chatQueries.list(userId),
    // Without the live inbox, keep the list roughly current by polling.
    refetchInterval: inboxStatus === 'closed' ? 30_000 : false,
  });

  const chats = useMemo(() => list.data?.pages.flatMap((page) => page.chats) ?? [], [list.data]);
  const shown = useMemo(() => filterChats(chats, { search: deferredSearch, filter, viewerId: userId, role }), [chats, deferredSearch, filter, userId, role]);
  const live = inboxStatus === 'connected';

  return (
    <aside className="chat-inbox" aria-label={t('Conversations')}>
      <div className="chat-inbox__head">
        <h1 className="chat-inbox__title">{t('INBOX')}</h1>
        <span
          className={`live-dot ${live ? 'is-live' : ''}`}
          title={live ? t('Connected: new messages arrive instantly') : inboxStatus === 'connecting' ? t('Connecting...') : t(CHAT_ERRORS.realtime)}
        >
          {live ? t('Live') : t('Offline')}
        </span>
        <NotificationBell count="total" defaultOpen={openNotifications} className="chat-inbox__bell" />
      </div>
      {inboxStatus === 'closed' && (
        <p className="chat-inbox__warn" role="status">
          {t('Failed to connect to real-time service. Checking for new messages every 30 seconds.')}
        </p>
      )}
      <div className="chat-search">
        <ChatIcon name="search" size={18} />
        <input
          type="search"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          placeholder={t('Search conversations...')}
          aria-label={t('Search conversations')}
          maxLength={100}
        />
      </div>
      <div className="chat-tabs" role="tablist" aria-label={t('Buying or selling')}>
        {CHAT_ROLES.map((r) => (
          <button key={r.id} type="button" role="tab" className={`chat-tab ${role === r.id ? 'is-on' : ''}`} aria-selected={role === r.id} onClick={() => setRole(r.id)}>
            {t(r.label)}
          </button>
        ))}
      </div>
      <div className="chat-filters" role="group" aria-label={t('Filter conversations')}>
        {CHAT_FILTERS.map((f) => (
          <button
            key={f.id}
            type="button"
            className={`chat-chip ${filter === f.id ? 'is-on' : ''}`}
            aria-pressed={filter === f.id}
            title={t(f.hint)}
            onClick={() => setFilter(f.id)}
          >
            {t(f.label)}
          </button>
        ))}
      </div>
      <div className="chat-inbox__list">
        {list.isPending ? (
          <p className="chat-state">{t('Loading chats...')}</p>
        ) : list.isError && !chats.length ? (
          <div className="chat-state" role="alert">
            <p>{t(chatErrorText(list.error, CHAT_ERRORS.loadChats))}</p>
            <button type="button" className="button button--small button--outline" onClick={() => void list.refetch()}>
              {t('Try Again')}
            </button>
          </div>
        ) : shown.length === 0 ? (
          <p className="chat-state">{t('No conversations found')}</p>
        ) : (
          <ul className="chat-rows">
            {shown.map((chat) => (
              <ChatRow key={chat.id} chat={chat} userId={userId} active={chat.id === selectedId} onSelect={onSelect} />
            ))}
          </ul>
        )}
        {list.hasNextPage && (
          <div className="chat-more">
            <button type="button" className="button button--small button--outline" disabled={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
              {list.isFetchingNextPage ? t('Loading...') : t('Load more conversations')}
            </button>
          </div>
        )}
      </div>
    </aside>
  );
}
