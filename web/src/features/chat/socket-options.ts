import type { PartySocketOptions } from 'partysocket';

/** Socket constants (spec part 1 §9): 10 s connect timeout, 2 s base backoff doubling. */
export const CONNECT_TIMEOUT_MS = 10_000;
/** How long a socket may stay down before the screen says so and falls back to REST. */
export const OFFLINE_FALLBACK_MS = 10_000;
export const HEARTBEAT_INTERVAL_MS = 25_000;
export const HEARTBEAT_TIMEOUT_MS = 10_000;

/**
 * Reconnection with exponential backoff. partysocket's delay is deterministic, so each socket gets
 * its own random base (1–2.5 s): after a deploy or an outage, thousands of clients don't all come
 * back in the same instant.
 */
export function socketOptions(): Pick<
  PartySocketOptions,
  'host' | 'protocol' | 'minReconnectionDelay' | 'maxReconnectionDelay' | 'reconnectionDelayGrowFactor' | 'connectionTimeout' | 'minUptime'
> {
  return {
    host: location.host,
    // partysocket guesses ws:// only for localhost; follow the page instead (LAN testing, http previews).
    protocol: location.protocol === 'https:' ? 'wss' : 'ws',
    minReconnectionDelay: 1000 + Math.floor(Math.random() * 1500),
    maxReconnectionDelay: 30_000,
    reconnectionDelayGrowFactor: 2,
    connectionTimeout: CONNECT_TIMEOUT_MS,
    minUptime: 5000,
  };
}

export function parseEvent<T extends { type: string }>(data: unknown): T | null {
  if (typeof data !== 'string' || !data.startsWith('{')) return null;
  try {
    const parsed: unknown = JSON.parse(data);
    return typeof parsed === 'object' && parsed !== null && typeof (parsed as { type?: unknown }).type === 'string' ? (parsed as T) : null;
  } catch {
    return null;
  }
}
