import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';

type PagePlaceholderProps = {
  title: string;
  description: string;
  /** Pages without the site header need their own way back. */
  showHomeLink?: boolean;
  children?: ReactNode;
};

/** The heading and purpose of a screen whose full UI is built separately. */
export function PagePlaceholder({ title, description, showHomeLink = false, children }: PagePlaceholderProps) {
  return (
    <section className="page">
      {showHomeLink && (
        <Link to="/" className="back-link">
          ← Back to SEL
        </Link>
      )}
      <h1 className="page-title">{title}</h1>
      <p className="page-lead">{description}</p>
      {children}
    </section>
  );
}
