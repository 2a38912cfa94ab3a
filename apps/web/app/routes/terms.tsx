import { useRef } from 'react';
import { Form, useNavigation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { DOCUMENT_TYPES, type DocumentType } from '@podo/contracts';
import type { Route } from './+types/terms';
import { catalogApi, orNotFound, publicOrigin } from '../lib/catalog.server';
import { seoMeta } from '../lib/meta';
import { useRoot } from '../lib/site';
import { FastLink } from '../components/fast-link';
import { Breadcrumb } from '../components/catalog/breadcrumb';
import { DocumentView } from '../components/document-view';
import { kstDateTime } from '../components/commerce/order-view';

const typeOf = (v: string | null): DocumentType => ((DOCUMENT_TYPES as readonly string[]).includes(v ?? '') ? (v as DocumentType) : 'TERM');

/** /terms?type=TERM|PRIVACY[&id=]: the version in force, or the one chosen, and the list of versions. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const sp = new URL(request.url).searchParams;
  const api = catalogApi(request, context);
  const id = sp.get('id');
  const chosen = id && /^\d{1,9}$/.test(id) ? Number(id) : undefined;
  const doc = (
    await orNotFound(chosen ? api.document({ params: { id: chosen } }) : api.currentDocument({ params: { type: typeOf(sp.get('type')) } }))
  ).data;
  const versions = (await api.documentVersions({ params: { type: doc.type } })).data;
  return { doc, versions, origin: publicOrigin(request, context) };
}

export const meta: Route.MetaFunction = ({ data: d, matches }) => {
  if (!d) return [{ title: '404 | This page could not be found' }, { name: 'robots', content: 'noindex' }];
  const tags = seoMeta(matches, {
    title: d.doc.typeName,
    description: d.doc.intro,
    url: `${d.origin}/terms?type=${d.doc.type}`,
  });
  // Earlier versions are for reference: the search engines index the one in force.
  return d.doc.current ? tags : [...tags, { name: 'robots', content: 'noindex' }];
};

export default function Terms({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { lang } = useRoot();
  const { doc, versions } = loaderData;
  const form = useRef<HTMLFormElement>(null);
  const busy = useNavigation().state !== 'idle';
  const current = versions.find((v) => v.current);
  const future = !doc.current && current !== undefined && doc.effectiveAt > current.effectiveAt;
  return (
    <div className="container page-body terms-page">
      <Breadcrumb crumbs={[{ to: '/', label: t('common.home') }, { label: doc.typeName }]} />
      <nav className="terms-tabs" aria-label={t('terms.kinds')}>
        {DOCUMENT_TYPES.map((type) => (
          <FastLink key={type} to={`/terms?type=${type}`} aria-current={type === doc.type ? 'page' : undefined} className="terms-tab">
            {t(`terms.types.${type}`)}
          </FastLink>
        ))}
      </nav>
      <h1 className="page-title">{doc.typeName}</h1>
      <Form method="get" ref={form} className="terms-versions" aria-busy={busy}>
        <input type="hidden" name="type" value={doc.type} />
        <label htmlFor="terms-version" className="form-label small mb-0">
          {t('terms.versionLabel')}
        </label>
        <select
          id="terms-version"
          name="id"
          className="form-select form-select-sm"
          defaultValue={doc.id}
          key={doc.id}
          onChange={() => form.current?.requestSubmit()}
          data-testid="terms-version"
        >
          {versions.map((v) => (
            <option key={v.id} value={v.id}>
              {t(v.current ? 'terms.optionCurrent' : 'terms.option', { version: v.version, date: kstDateTime(v.effectiveAt, lang, false) })}
            </option>
          ))}
        </select>
        <button type="submit" className="btn btn-outline-primary btn-sm">
          {t('terms.show')}
        </button>
      </Form>
      {!doc.current ? (
        <p className="alert alert-warning py-2" role="status" data-testid="terms-not-current">
          {future ? t('terms.future') : t('terms.earlier')} <FastLink to={`/terms?type=${doc.type}`}>{t('terms.toCurrent')}</FastLink>
        </p>
      ) : null}
      <DocumentView doc={doc} />
    </div>
  );
}
