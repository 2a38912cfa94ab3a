import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { useTranslation } from 'react-i18next';

/** The error page of spec §8: status code and message; a 404 adds a link home (in English, the spec's own words). */
export function ErrorPage() {
  const error = useRouteError();
  const { t } = useTranslation();
  let status = 500;
  let message = t('error.generic');
  if (isRouteErrorResponse(error)) {
    status = error.status;
    if (status === 404) message = t('error.notFoundTitle');
    else if (typeof error.data === 'string' && error.data) message = error.data;
    else if (error.data && typeof (error.data as { message?: unknown }).message === 'string')
      message = (error.data as { message: string }).message;
  }
  return (
    <section className="error-page container text-center" data-testid="error-page" aria-labelledby="error-title">
      <p className="error-code" aria-hidden="true">
        {status}
      </p>
      <h1 id="error-title" className="error-message">
        <span className="visually-hidden">{status} </span>
        {message}
      </h1>
      {status === 404 ? (
        <>
          <p className="text-body-secondary">{t('error.notFoundHelp')}</p>
          <Link to="/" className="btn btn-primary btn-lg mt-2">
            {t('error.home')}
          </Link>
        </>
      ) : (
        <button type="button" className="btn btn-outline-primary mt-2" onClick={() => window.location.reload()}>
          {t('error.retry')}
        </button>
      )}
    </section>
  );
}
