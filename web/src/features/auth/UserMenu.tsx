import { Link } from '@tanstack/react-router';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import type { AuthUser } from './auth-api';
import { useI18n, useT } from '../../lib/i18n';
import { accountLinksFor } from './account-links';
import { avatarInitial, missingProfileSteps } from './auth-rules';
import { openLoginModal } from './auth-store';
import { useAuth } from './use-auth';
import './auth.css';

const PROFILE_STEPS = 3;

/** Header slot: the signed-in user's menu, or a Login button for guests. */
export function UserMenu() {
  const { status, user, logout } = useAuth();
  const t = useT();

  if (status === 'loading') return <span className="user-menu__placeholder" aria-hidden="true" />;
  if (status === 'guest' || !user) {
    return (
      <button type="button" className="header-login user-menu__login" onClick={() => openLoginModal()}>
        {t('Login')}
      </button>
    );
  }
  return <SignedInMenu user={user} onLogout={() => void logout()} />;
}

export function UserAvatar({ user, size = 'small' }: { user: Pick<AuthUser, 'firstName' | 'avatar'>; size?: 'small' | 'large' | 'xl' }) {
  const [failed, setFailed] = useState(false);
  return (
    <span className={`user-avatar user-avatar--${size}`} aria-hidden="true">
      {user.avatar && !failed ? <img src={user.avatar} alt="" onError={() => setFailed(true)} /> : avatarInitial(user.firstName)}
    </span>
  );
}

function SignedInMenu({ user, onLogout }: { user: AuthUser; onLogout: () => void }) {
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const focusOnOpen = useRef<'first' | 'last' | null>(null);
  const menuId = useId();
  const { t, tn } = useI18n();

  const items = () => Array.from(menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);

  const close = (returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) triggerRef.current?.focus();
  };

  useEffect(() => {
    if (!open) return;
    if (focusOnOpen.current) {
      const list = items();
      (focusOnOpen.current === 'first' ? list[0] : list[list.length - 1])?.focus();
      focusOnOpen.current = null;
    }
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  const onTriggerKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const edge = event.key === 'ArrowDown' ? 'first' : 'last';
      if (open) {
        const list = items();
        (edge === 'first' ? list[0] : list[list.length - 1])?.focus();
      } else {
        focusOnOpen.current = edge;
        setOpen(true);
      }
    } else if (event.key === 'Escape' && open) {
      setOpen(false);
    }
  };

  const onMenuKeyDown = (event: KeyboardEvent) => {
    const list = items();
    const index = list.indexOf(document.activeElement as HTMLElement);
    const focusAt = (i: number) => list[(i + list.length) % list.length]?.focus();
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        focusAt(index + 1);
        break;
      case 'ArrowUp':
        event.preventDefault();
        focusAt(index - 1);
        break;
      case 'Home':
        event.preventDefault();
        focusAt(0);
        break;
      case 'End':
        event.preventDefault();
        focusAt(list.length - 1);
        break;
      case 'Escape':
        event.preventDefault();
        close(true);
        break;
      case 'Tab':
        setOpen(false);
        break;
    }
  };

  const left = missingProfileSteps(user).length;
  const progress = left > 0 ? tn(left, '{n} step left', '{n} steps left') : null;
  const done = PROFILE_STEPS - left;
  const fullName = `${user.firstName} ${user.lastName}`.trim();

  return (
    <div className="user-menu" ref={rootRef}>
      <button
        ref={triggerRef}
        type="button"
        className="user-menu__trigger"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        aria-label={user.firstName ? t('Account menu for {name}', { name: user.firstName }) : t('Account menu')}
        onClick={(event) => {
          // Keyboard activation (Enter/Space: detail 0) lands on the first item; a mouse click leaves focus alone.
          if (!open && event.detail === 0) focusOnOpen.current = 'first';
          setOpen((v) => !v);
        }}
        onKeyDown={onTriggerKeyDown}
      >
        <UserAvatar user={user} />
        <svg className="user-menu__caret" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
          <path fill="currentColor" d="M7 10l5 5 5-5z" />
        </svg>
      </button>
      {open && (
        <div
          ref={menuRef}
          id={menuId}
          className="user-menu__panel"
          role="menu"
          aria-label={t('Account')}
          onKeyDown={onMenuKeyDown}
          onClick={(event) => {
            if ((event.target as HTMLElement).closest('[role="menuitem"]')) setOpen(false);
          }}
        >
          <div className="user-menu__head">
            <UserAvatar user={user} size="large" />
            <div className="user-menu__who">
              <span className="user-menu__hello">{t('Hello,')}</span>
              <span className="user-menu__name">{fullName || t('SEL user')}</span>
              <Link to="/profile" role="menuitem" tabIndex={-1} className="user-menu__profile-link">
                {t('View and edit profile')}
              </Link>
            </div>
          </div>
          {progress && (
            <div className="user-menu__progress">
              <div
                className="user-menu__bar"
                role="progressbar"
                aria-label={t('Profile completion')}
                aria-valuemin={0}
                aria-valuemax={PROFILE_STEPS}
                aria-valuenow={done}
                aria-valuetext={progress}
              >
                {Array.from({ length: PROFILE_STEPS }, (_, i) => (
                  <span key={i} className={i < done ? 'user-menu__seg user-menu__seg--done' : 'user-menu__seg'} />
                ))}
              </div>
              <span className="user-menu__steps">{progress}</span>
            </div>
          )}
          <div className="user-menu__list">
            {accountLinksFor(user.role).map((item) => (
              <Link key={item.label} to={item.to} role="menuitem" tabIndex={-1} className="user-menu__item">
                {t(item.label)}
              </Link>
            ))}
            <button type="button" role="menuitem" tabIndex={-1} className="user-menu__item" onClick={onLogout}>
              {t('Logout')}
            </button>
          </div>
        </div>
      )}
    </div>
  );
}
