/**
 * 'Upload up to 20 photos': pick or drop, see each one shrink and upload with its own progress bar,
 * remove, and reorder by dragging or with the ←/→ buttons (keyboard and touch). The first is the cover.
 */
import { useEffect, useId, useRef, useState, useSyncExternalStore } from 'react';
import { toast } from '../../lib/toast';
import { ACCEPT_ATTRIBUTE, prepareForUpload } from './image-processing';
import { PhotoQueue, type PhotoItem } from './photo-queue';
import { uploadImage } from './upload-image';
import { useI18n, useT } from '../../lib/i18n';

const browserDeps = {
  prepare: prepareForUpload,
  upload: uploadImage,
  createPreview: (file: Blob) => URL.createObjectURL(file),
  revokePreview: (url: string) => URL.revokeObjectURL(url),
  delay: (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)),
};

/** One queue per form, alive as long as the form; its items re-render the caller. */
export function usePhotoQueue(initialUrls: string[], max: number) {
  const [queue] = useState(() => new PhotoQueue(initialUrls, max, browserDeps, (message) => toast.error(message)));
  useEffect(() => {
    queue.activate();
    return () => queue.dispose();
  }, [queue]);
  const items = useSyncExternalStore(queue.subscribe, queue.getSnapshot, queue.getSnapshot);
  return { queue, items };
}

const DRAG_TYPE = 'application/x-sel-photo';

interface UploaderProps {
  queue: PhotoQueue;
  items: readonly PhotoItem[];
  error?: string;
  /** Ids of what describes the uploader (for the section's error). */
  errorId?: string;
}

export function PhotoUploader({ queue, items, error, errorId }: UploaderProps) {
  const { t, tn } = useI18n();
  const inputRef = useRef<HTMLInputElement>(null);
  const [dragOver, setDragOver] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  const hintId = useId();
  const full = items.length >= queue.max;
  const { ready, pending } = queue.counts();

  const addFiles = (files: FileList | null) => {
    if (!files || files.length === 0) return;
    queue.add(Array.from(files));
  };

  const move = (item: PhotoItem, index: number, to: number) => {
    queue.move(item.key, to);
    const position = Math.max(1, Math.min(items.length, to + 1));
    setAnnouncement(
      to === 0
        ? t('Photo {n} moved to position {position}, now the cover photo', { n: index + 1, position })
        : t('Photo {n} moved to position {position}', { n: index + 1, position }),
    );
  };

  return (
    <div
      className={`sell-photos${dragOver ? ' sell-photos--drop' : ''}`}
      onDragOver={(event) => {
        if (event.dataTransfer.types.includes('Files')) {
          event.preventDefault();
          setDragOver(true);
        }
      }}
      onDragLeave={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragOver(false);
      }}
      onDrop={(event) => {
        if (!event.dataTransfer.types.includes('Files')) return;
        event.preventDefault();
        setDragOver(false);
        addFiles(event.dataTransfer.files);
      }}
    >
      <p id={hintId} className="sell-photos__hint">
        {t('JPEG, PNG or WebP, up to 5MB each. Drag photos here or tap Add photos. The first photo is the cover; drag or use the arrows to reorder.')}
      </p>
      <ul className="sell-photos__grid" aria-label={t('Photos, {n} of {max}', { n: items.length, max: queue.max })}>
        {items.map((item, index) => (
          <PhotoTile key={item.key} item={item} index={index} count={items.length} queue={queue} onMove={move} />
        ))}
        {!full && (
          <li className="sell-photos__add-cell">
            <button
              type="button"
              className={`sell-photos__add${error ? ' sell-photos__add--invalid' : ''}`}
              onClick={() => inputRef.current?.click()}
              aria-describedby={[hintId, error && errorId ? errorId : ''].filter(Boolean).join(' ')}
            >
              <svg viewBox="0 0 24 24" width="32" height="32" aria-hidden="true">
                <path
                  fill="currentColor"
                  d="M9 3 7.2 5H4a2 2 0 0 0-2 2v12a2 2 0 0 0 2 2h16a2 2 0 0 0 2-2V7a2 2 0 0 0-2-2h-3.2L15 3H9Zm3 5a5 5 0 1 1 0 10 5 5 0 0 1 0-10Zm0 2a3 3 0 1 0 0 6 3 3 0 0 0 0-6Z"
                />
              </svg>
              <span>{t('Add photos')}</span>
              <span className="sell-photos__count">
                {items.length}/{queue.max}
              </span>
            </button>
          </li>
        )}
      </ul>
      <input
        ref={inputRef}
        type="file"
        accept={ACCEPT_ATTRIBUTE}
        multiple
        hidden
        aria-label={t('Choose photos')}
        onChange={(event) => {
          addFiles(event.target.files);
          event.target.value = ''; // the same file can be chosen again after removing it
        }}
      />
      <p className="visually-hidden" aria-live="polite">
        {announcement || (pending ? tn(pending, 'Uploading {n} photo', 'Uploading {n} photos') : tn(ready, '{n} photo uploaded', '{n} photos uploaded'))}
      </p>
    </div>
  );
}

interface TileProps {
  item: PhotoItem;
  index: number;
  count: number;
  queue: PhotoQueue;
  onMove: (item: PhotoItem, index: number, to: number) => void;
}

function PhotoTile({ item, index, count, queue, onMove }: TileProps) {
  const t = useT();
  const [dropTarget, setDropTarget] = useState(false);
  const label = index === 0 ? t('Photo {n} (cover)', { n: index + 1 }) : t('Photo {n}', { n: index + 1 });
  const busy = item.status === 'queued' || item.status === 'processing' || item.status === 'uploading';
  const percent = Math.round(item.progress * 100);

  return (
    <li
      className={`sell-photo${dropTarget ? ' sell-photo--target' : ''}${item.status === 'error' ? ' sell-photo--error' : ''}`}
      draggable
      onDragStart={(event) => {
        event.dataTransfer.setData(DRAG_TYPE, item.key);
        event.dataTransfer.effectAllowed = 'move';
      }}
      onDragOver={(event) => {
        if (event.dataTransfer.types.includes(DRAG_TYPE)) {
          event.preventDefault();
          setDropTarget(true);
        }
      }}
      onDragLeave={() => setDropTarget(false)}
      onDrop={(event) => {
        const key = event.dataTransfer.getData(DRAG_TYPE);
        setDropTarget(false);
        if (!key) return;
        event.preventDefault();
        event.stopPropagation();
        queue.move(key, index);
      }}
    >
      <img src={item.preview} alt={label} className="sell-photo__img" draggable={false} />
      {index === 0 && <span className="sell-photo__cover">{t('Cover')}</span>}
      {busy && (
        <div className="sell-photo__status">
          <span>{item.status === 'uploading' ? `${percent}%` : item.status === 'processing' ? t('Preparing...') : t('Waiting...')}</span>
          <progress
            className="sell-photo__progress"
            max={100}
            value={item.status === 'uploading' ? percent : undefined}
            aria-label={t('{photo} upload progress', { photo: label })}
          />
        </div>
      )}
      {item.status === 'error' && (
        <div className="sell-photo__status sell-photo__status--error" role="alert">
          <span>{item.error ? t(item.error) : t('Upload failed')}</span>
          <button type="button" className="sell-photo__retry" onClick={() => queue.retry(item.key)}>
            {t('Retry')}
          </button>
        </div>
      )}
      <button type="button" className="sell-photo__remove" aria-label={t('Remove {photo}', { photo: label })} onClick={() => queue.remove(item.key)}>
        <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
          <path fill="currentColor" d="m12 10.6 5.3-5.3 1.4 1.4-5.3 5.3 5.3 5.3-1.4 1.4-5.3-5.3-5.3 5.3-1.4-1.4 5.3-5.3-5.3-5.3 1.4-1.4Z" />
        </svg>
      </button>
      {count > 1 && (
        <div className="sell-photo__order">
          <button type="button" aria-label={t('Move {photo} left', { photo: label })} disabled={index === 0} onClick={() => onMove(item, index, index - 1)}>
            ←
          </button>
          <button type="button" aria-label={t('Move {photo} right', { photo: label })} disabled={index === count - 1} onClick={() => onMove(item, index, index + 1)}>
            →
          </button>
        </div>
      )}
    </li>
  );
}
