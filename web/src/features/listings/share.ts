/** Copies text: the async Clipboard API, else a hidden textarea with execCommand (older or insecure contexts). */
export async function copyText(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard && window.isSecureContext) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // Permission refused or unavailable: try the old way.
  }
  const textarea = document.createElement('textarea');
  textarea.value = text;
  textarea.setAttribute('readonly', '');
  textarea.style.position = 'fixed';
  textarea.style.opacity = '0';
  // Inside an open dialog, keep the textarea within it (focus stays where the dialog keeps it).
  const dialogs = document.querySelectorAll('[role="dialog"][aria-modal="true"]');
  const host = dialogs[dialogs.length - 1] ?? document.body;
  host.appendChild(textarea);
  textarea.select();
  let copied = false;
  try {
    copied = document.execCommand('copy');
  } catch {
    copied = false;
  }
  textarea.remove();
  return copied;
}

export function facebookShareUrl(url: string): string {
  return `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(url)}`;
}

export function twitterShareUrl(url: string, text: string): string {
  return `https://twitter.com/intent/tweet?url=${encodeURIComponent(url)}&text=${encodeURIComponent(text)}`;
}

/**
 * WhatsApp, the way most buyers in India pass an ad on: wa.me opens the app on a phone (the chooser
 * of whom to send it to) and WhatsApp Web on a computer, with the message filled in.
 */
export function whatsappShareUrl(url: string, text: string): string {
  return `https://wa.me/?text=${encodeURIComponent(text ? `${text}\n${url}` : url)}`;
}

/** The message shared with the link: the ad's title and price, as a buyer would write it. */
export function shareMessage(title: string, price: string): string {
  return price ? `${title} – ${price}` : title;
}

export function mapsSearchUrl(query: string): string {
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(query)}`;
}
