import { type ReactNode, useId } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from '../i18n';
import { paths } from '../lib/paths';
import { Spinner } from './Spinner';

export interface LinkOutcomeProps {
  title: string;
  /** What the page is doing, while it does it (a spinner with this label). */
  busy?: string | undefined;
  /** Said once it worked, followed by `children`. */
  done?: string | undefined;
  /** Said when it was refused or failed. */
  failed?: string | undefined;
  children?: ReactNode;
}

/**
 * The card of a page that a link from an email opens and that acts by itself (confirm the address,
 * turn budget alerts off): working, then done or refused, and the way back to the start.
 */
export function LinkOutcome({ title, busy, done, failed, children }: LinkOutcomeProps) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <section className="card narrow" aria-labelledby={titleId}>
      <h1 id={titleId}>{title}</h1>
      {busy ? <Spinner label={busy} /> : null}
      {done ? (
        <>
          <p className="form-success" role="status">
            {done}
          </p>
          {children}
        </>
      ) : null}
      {failed ? (
        <p className="form-error" role="alert">
          {failed}
        </p>
      ) : null}
      <p>
        <Link to={paths.start}>{t('common.goToStart')}</Link>
      </p>
    </section>
  );
}
