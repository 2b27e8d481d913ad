import { isApiError } from '../../lib/api';

/**
 * The server's words when it gave a reason (400–499: 'Title must be at least 5 characters'), the
 * connection message when there was no answer, else the screen's own fallback (part 2 §8).
 */
export function serverMessage(error: unknown, fallback: string): string {
  if (isApiError(error)) {
    if (error.status === 0) return error.message;
    if (error.status < 500 && error.message) return error.message;
  }
  return fallback;
}
