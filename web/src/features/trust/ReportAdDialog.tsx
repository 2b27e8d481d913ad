import { useId, useState } from 'react';
import { Dialog } from '../../components/Dialog';
import { isApiError } from '../../lib/api';
import { useT } from '../../lib/i18n';
import { toast } from '../../lib/toast';
import { REPORT_DETAILS_MAX, REPORT_REASONS, type ReportReason } from '../../../../worker/schemas/trust-data';
import { reportListing } from './api';
import './trust.css';

/** "Report this ad": the reasons (reviewed data shared with the API), optional details, one report per account. */
export function ReportAdDialog({ listingId, open, onClose }: { listingId: string; open: boolean; onClose: () => void }) {
  const t = useT();
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [details, setDetails] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const detailsId = useId();

  const submit = async () => {
    if (!reason) {
      setError(t('Please choose a reason'));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const result = await reportListing(listingId, reason, details);
      toast.success(result.created ? t('Thank you. Our team will review this ad.') : t('You have already reported this ad. Our team will review it.'));
      setReason(null);
      setDetails('');
      onClose();
    } catch (e) {
      setError(isApiError(e) ? e.message : t('Could not send your report. Please try again.'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={t('Report this ad')}
      className="report-dialog"
      footer={
        <div className="report-dialog__actions">
          <button type="button" className="button button--outline" onClick={onClose}>
            {t('Cancel')}
          </button>
          <button type="button" className="button button--primary" disabled={busy} onClick={() => void submit()}>
            {busy ? t('Sending...') : t('Send report')}
          </button>
        </div>
      }
    >
      <fieldset className="report-dialog__reasons">
        <legend className="muted">{t('What is wrong with this ad?')}</legend>
        {REPORT_REASONS.map((r) => (
          <label key={r.code} className={reason === r.code ? 'report-reason is-selected' : 'report-reason'}>
            <input type="radio" name="report-reason" value={r.code} checked={reason === r.code} onChange={() => setReason(r.code)} />
            <span>
              <strong>{t(r.label)}</strong>
              <span className="muted report-reason__hint">{t(r.hint)}</span>
            </span>
          </label>
        ))}
      </fieldset>
      <label htmlFor={detailsId} className="report-dialog__label">
        {t('Details (optional)')}
      </label>
      <textarea
        id={detailsId}
        className="report-dialog__details"
        rows={3}
        maxLength={REPORT_DETAILS_MAX}
        value={details}
        onChange={(e) => setDetails(e.target.value)}
        placeholder={t('For example: asked me to pay in advance')}
      />
      {error && (
        <p className="report-dialog__error" role="alert">
          {error}
        </p>
      )}
    </Dialog>
  );
}
