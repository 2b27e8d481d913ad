import { Server, type Connection, type ConnectionContext } from 'partyserver';
import type { UserInboxContract } from '../worker/durable-object-contracts';
import type { Env } from '../worker/env';
import { chatEvent } from '../worker/schemas/chat';
import type { PushMessage } from '../worker/schemas/push';
import { unreadCounts } from '../worker/services/notifications';
import { sendPush } from '../worker/services/push';

/**
 * One inbox per user (named by user id): every open tab of that user holds a socket here. Other
 * parts of the worker push events to it (new message summaries, notifications); each push is
 * followed by fresh unread counts, computed from D1 so they always equal the truth.
 */
export class UserInbox extends Server<Env> implements UserInboxContract {
  static override options = { hibernate: true };

  /**
   * Sends an event to all of this user's tabs; returns how many were connected. With no tab open,
   * `offline` goes to the user's subscribed browsers (Web Push) in the background, so the caller
   * never waits on a push service.
   */
  async push(event: Record<string, unknown>, withCounts = true, offline?: PushMessage): Promise<number> {
    const connections = [...this.getConnections()];
    if (!connections.length) {
      if (offline) this.ctx.waitUntil(sendPush(this.env, this.name, offline));
      return 0;
    }
    const payloads = [JSON.stringify(event)];
    if (withCounts) payloads.push(JSON.stringify(chatEvent('unread_count', await unreadCounts(this.env, this.name))));
    for (const c of connections) for (const p of payloads) c.send(p);
    return connections.length;
  }

  /** Closes every tab's socket (logout-all, account deletion): reconnecting with the old token is refused. */
  endSessions(): number {
    const connections = [...this.getConnections()];
    for (const c of connections) c.close(4001, 'Session ended');
    return connections.length;
  }

  connectedCount(): number {
    return [...this.getConnections()].length;
  }

  override async onConnect(connection: Connection, ctx: ConnectionContext) {
    if (ctx.request.headers.get('X-Sel-User') !== this.name) {
      connection.close(4001, 'Authentication error');
      return;
    }
    connection.send(JSON.stringify(chatEvent('unread_count', await unreadCounts(this.env, this.name))));
  }

  override onMessage(connection: Connection, message: string | ArrayBuffer | ArrayBufferView) {
    // the inbox only talks; a ping gets a pong so clients can detect dead sockets
    if (message === 'ping') connection.send('pong');
  }
}
