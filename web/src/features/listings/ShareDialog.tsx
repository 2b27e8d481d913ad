import { useId, useRef } from 'react';
import { Dialog } from '../../components/Dialog';
import { toast } from '../../lib/toast';
import { copyText, facebookShareUrl, twitterShareUrl, whatsappShareUrl } from './share';
import { useT } from '../../lib/i18n';

/** 'Share this item': the link with Copy, and WhatsApp / Facebook / Twitter (spec part 1 §2). */
export function ShareDialog({ open, onClose, url, title, message = title }: { open: boolean; onClose: () => void; url: string; title: string; message?: string }) {
  const t = useT();
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);

  const copy = async () => {
    if (await copyText(url)) {
      toast.success(t('Link copied to clipboard!'));
    } else {
      inputRef.current?.select();
      toast.info(t('Press Ctrl+C (or long-press) to copy the selected link.'));
    }
  };

  return (
    <Dialog open={open} onClose={onClose} title={t('Share this item')}>
      <div className="share">
        <label htmlFor={inputId} className="share__label">
          {t('Link to this item')}
        </label>
        <div className="share__row">
          <input id={inputId} ref={inputRef} className="text-input" value={url} readOnly onFocus={(e) => e.currentTarget.select()} />
          <button type="button" className="button button--primary button--small" onClick={() => void copy()}>
            {t('Copy')}
          </button>
        </div>
        <div className="share__networks">
          <a className="share__network share__network--whatsapp" href={whatsappShareUrl(url, message)} target="_blank" rel="noopener noreferrer">
            WhatsApp
          </a>
          <a className="share__network share__network--facebook" href={facebookShareUrl(url)} target="_blank" rel="noopener noreferrer">
            Facebook
          </a>
          <a className="share__network share__network--twitter" href={twitterShareUrl(url, title)} target="_blank" rel="noopener noreferrer">
            Twitter
          </a>
        </div>
      </div>
    </Dialog>
  );
}
