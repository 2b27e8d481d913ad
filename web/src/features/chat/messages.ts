import type { LocalMessage, MessageType, ServerMessage } from './types';

/**
 * Message list rules. The server numbers every message of a chat (`seq` 1, 2, 3, ...), so the
 * screen can merge what arrives from REST pages, the room socket, replays after a reconnect and
 * answers to our own sends in any order, and still show each message once, in order.
 */

const isConfirmed = (m: LocalMessage) => m.status === 'sent';

/**
 * Merges server messages into what is on screen: one copy per id (and per seq), our own pending
 * copies dropped once the server's copy (same clientId) is in, confirmed messages in `seq` order,
 * then the ones still on their way in the order they were written.
 */
export function mergeMessages(current: readonly LocalMessage[], incoming: readonly ServerMessage[]): LocalMessage[] {
  if (!incoming.length) return current as LocalMessage[];
  const byId = new Map<string, LocalMessage>();
  const seqTaken = new Map<number, string>();
  const add = (m: ServerMessage) => {
    const existing = byId.get(m.id);
    if (existing) {
      // Same message again (a replay, an ack after the broadcast): keep it, fill in the sender name.
      if (!existing.sender && m.sender) byId.set(m.id, { ...existing, sender: m.sender });
      return;
    }
    if (seqTaken.has(m.seq)) return;
    byId.set(m.id, { ...m, status: 'sent' });
    seqTaken.set(m.seq, m.id);
  };
  for (const m of current) if (isConfirmed(m)) add(m);
  for (const m of incoming) add(m);

  const confirmedClientIds = new Set<string>();
  for (const m of byId.values()) if (m.clientId) confirmedClientIds.add(m.clientId);
  const stillPending = current.filter((m) => !isConfirmed(m) && !(m.clientId && confirmedClientIds.has(m.clientId)));

  const confirmed = [...byId.values()].sort((a, b) => a.seq - b.seq);
  stillPending.sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  return [...confirmed, ...stillPending];
}

/** Our own message, shown at once while it travels; the server's copy replaces it (same clientId). */
export function createPendingMessage(input: {
  clientId: string;
  chatId: string;
  senderId: string;
  content: string;
  messageType: MessageType;
  sender?: { firstName: string; lastName: string };
  now?: Date;
}): LocalMessage {
  return {
    id: `local-${input.clientId}`,
    chatId: input.chatId,
    seq: -1,
    senderId: input.senderId,
    sender: input.sender,
    content: input.content,
    messageType: input.messageType,
    clientId: input.clientId,
    warning: null,
    createdAt: (input.now ?? new Date()).toISOString(),
    status: 'sending',
  };
}

/** Sets the delivery state of a message still on its way; confirmed messages are never touched. */
export function setDeliveryStatus(
  messages: readonly LocalMessage[],
  clientId: string,
  status: 'sending' | 'queued' | 'failed',
  error?: string,
  final = false,
): LocalMessage[] {
  let changed = false;
  const next = messages.map((m) => {
    if (m.status === 'sent' || m.clientId !== clientId) return m;
    changed = true;
    return status === 'failed' ? { ...m, status, error, final } : { ...m, status, error: undefined, final: false };
  });
  return changed ? next : (messages as LocalMessage[]);
}

/**
 * The highest seq up to which nothing is missing, counting from the oldest message loaded: the
 * cursor for a resync (`after=`), so a gap (a message we only got over REST while the socket was
 * down, say) is refilled rather than skipped.
 */
export function lastContiguousSeq(messages: readonly LocalMessage[]): number {
  const seqs = messages.filter(isConfirmed).map((m) => m.seq).sort((a, b) => a - b);
  if (!seqs.length) return 0;
  let cursor = seqs[0]!;
  // Messages before the first loaded one are older history, not a gap.
  if (cursor > 1) cursor = cursor - 1;
  else cursor = 0;
  for (const seq of seqs) {
    if (seq === cursor + 1) cursor = seq;
    else if (seq > cursor + 1) break;
  }
  return cursor;
}

/** The lowest seq loaded; above 1 there is older history to page back to. */
export function oldestSeq(messages: readonly LocalMessage[]): number {
  let min = Infinity;
  for (const m of messages) if (isConfirmed(m) && m.seq < min) min = m.seq;
  return Number.isFinite(min) ? min : 0;
}

/** The newest message the other member sent that we hold; reading the chat marks up to it. */
export function latestIncomingSeq(messages: readonly LocalMessage[], viewerId: string): number {
  let max = 0;
  for (const m of messages) if (isConfirmed(m) && m.senderId !== viewerId && m.seq > max) max = m.seq;
  return max;
}

export type TickState = 'none' | 'sending' | 'failed' | 'sent' | 'read';

/**
 * What to show beside a message: nothing on theirs; on ours a clock while sending, a warning if it
 * failed, one tick when stored, and the read tick once the other member has read up to its seq.
 */
export function tickState(message: LocalMessage, viewerId: string, otherLastReadSeq: number): TickState {
  if (message.senderId !== viewerId) return 'none';
  if (message.status === 'sending' || message.status === 'queued') return 'sending';
  if (message.status === 'failed') return 'failed';
  return message.seq <= otherLastReadSeq ? 'read' : 'sent';
}
