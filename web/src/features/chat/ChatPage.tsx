import { useQueryClient } from '@tanstack/react-query';
import { Link, useLocation, useNavigate } from '@tanstack/react-router';
import { useEffect, useLayoutEffect, useRef } from 'react';
import { useT } from '../../lib/i18n';
import { usePageTitle } from '../../lib/page-title';
import { useIsMobile } from '../../lib/use-media-query';
import { useAuth } from '../auth/use-auth';
import { chatKeys } from './api';
import { ChatConversation } from './ChatConversation';
import { ChatErrorBoundary } from './ChatErrorBoundary';
import { ChatInbox } from './ChatInbox';
import { CHAT_ERRORS, chatErrorText, serverReason } from './errors';
import { useStartChat } from './use-chat-actions';
import { useInbox } from './use-inbox';
import type { Me } from './use-chat-room';
import './chat.css';

/** The /chat screen inside its error boundary; a retry also drops cached chat data and refetches. */
export function ChatRoot({ chatId, listingId }: { chatId?: string; listingId?: string }) {
  const queryClient = useQueryClient();
  return (
    <ChatErrorBoundary onRetry={() => void queryClient.resetQueries({ queryKey: chatKeys.all })}>
      <ChatPage chatId={chatId} listingId={listingId} />
    </ChatErrorBoundary>
  );
}

/**
 * /chat (spec part 2 §2): the inbox list beside the open conversation; on phones they are two
 * screens. `?listingId=` starts (or reopens) the chat about a listing, then shows it.
 */
export function ChatPage({ chatId, listingId }: { chatId?: string; listingId?: string }) {
  const t = useT();
  usePageTitle(t('Chat | SEL'));
  const { user } = useAuth();
  // The /_auth layout only renders this once signed in.
  if (!user) return null;
  return <ChatScreen me={user} chatId={chatId} listingId={listingId} />;
}

function ChatScreen({ me, chatId, listingId }: { me: Me; chatId?: string; listingId?: string }) {
  const inbox = useInbox();
  const isMobile = useIsMobile();
  const navigate = useNavigate();
  const hash = useLocation({ select: (location) => location.hash });
  const start = useStartChat(me.id);
  const t = useT();
  const startChat = start.mutate;
  const startedFor = useRef<string | null>(null);

  useEffect(() => {
    // Once per listing id (StrictMode runs effects twice; the server would answer the same chat anyway).
    if (!listingId || startedFor.current === listingId) return;
    startedFor.current = listingId;
    startChat(listingId, {
      onSuccess: ({ chat }) => void navigate({ to: '/chat', search: { chatId: chat.id }, replace: true }),
    });
  }, [listingId, navigate, startChat]);

  const select = (id?: string) => void navigate({ to: '/chat', search: id ? { chatId: id } : {} });
  const paneOpen = !!chatId || !!listingId;

  let pane;
  if (listingId) {
    if (start.isError) {
      const reason = serverReason(start.error);
      pane = (
        <div className="chat-state chat-state--pane" role="alert">
          <p className="chat-state__title">{t(CHAT_ERRORS.getOrCreate)}</p>
          <p className="muted">{t(reason ?? chatErrorText(start.error, 'Please try again.'))}</p>
          <div className="button-row">
            <Link to="/listing/$id" params={{ id: listingId }} className="button button--small button--outline">
              {t('Back to the ad')}
            </Link>
            <button type="button" className="button button--small button--primary" onClick={() => select()}>
              {t('Go to inbox')}
            </button>
          </div>
        </div>
      );
    } else {
      pane = <p className="chat-state chat-state--pane">{t('Starting chat...')}</p>;
    }
  } else if (chatId) {
    pane = <ChatConversation key={chatId} chatId={chatId} me={me} onBack={isMobile ? () => select() : undefined} />;
  } else {
    pane = (
      <div className="chat-state chat-state--pane chat-state--select">
        <p className="chat-state__title">{t('Select a conversation')}</p>
        <p className="muted">{t('Pick a chat on the left, or open an ad and tap Chat with seller.')}</p>
      </div>
    );
  }

  return (
    <div ref={useFillViewport()} className={`chat-page ${paneOpen ? 'has-conversation' : ''}`.trim()}>
      {(!isMobile || !paneOpen) && (
        <ChatInbox userId={me.id} selectedId={chatId} onSelect={select} inboxStatus={inbox.status} openNotifications={hash === 'notifications'} />
      )}
      {(!isMobile || paneOpen) && <section className="chat-pane">{pane}</section>}
    </div>
  );
}

/**
 * The chat fills the window below the header (whatever its height on this screen): the page's
 * offset from the top goes into --chat-top for the CSS height.
 */
function useFillViewport() {
  const ref = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const measure = () => {
      const top = Math.max(0, Math.round(el.getBoundingClientRect().top + window.scrollY));
      el.style.setProperty('--chat-top', `${top}px`);
    };
    measure();
    window.addEventListener('resize', measure);
    const observer = typeof ResizeObserver === 'function' ? new ResizeObserver(measure) : null;
    const header = document.querySelector('header');
    if (observer && header) observer.observe(header);
    return () => {
      window.removeEventListener('resize', measure);
      observer?.disconnect();
    };
  }, []);
  return ref;
}
