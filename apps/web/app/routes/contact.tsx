import { useEffect, useState } from 'react';
import { useFetcher } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ZContactBody } from '@podo/contracts';
import type { Route } from './+types/contact';
import { publicOrigin } from '../lib/catalog.server';
import { validateForm, useSchemaForm, type FieldMessages } from '../lib/forms';
import { requestT } from '../lib/forms.server';
import { seoMeta } from '../lib/meta';
import { requestToken, serverApi } from '../lib/request.server';
import { apiAction } from '../lib/session.server';
import { useRoot } from '../lib/site';
import { useActionResult } from '../components/account';
import { useAlert } from '../components/global-alert';
import { Breadcrumb } from '../components/catalog/breadcrumb';
import { FormCheck, FormInput, FormSelect, SubmitButton } from '../components/ui';
import { DocumentLink } from '../components/document-link';
import { KakaoMap, RecaptchaBox } from '../components/content/widgets';

const SCOPE = 'contact';
const MESSAGES: FieldMessages = {
  companyName: { required: 'validation.brandOrCompany' },
  content: { required: 'validation.contentRequired' },
};

export function loader({ request, context }: Route.LoaderArgs) {
  return { origin: publicOrigin(request, context), renderedAt: Date.now(), widgets: context.widgets };
}

export async function action({ request, context }: Route.ActionArgs) {
  const submission = validateForm(await request.formData(), ZContactBody, requestT(request), { messages: MESSAGES });
  if (submission.status !== 'success') return { form: submission.reply() };
  const api = serverApi(request, context, requestToken(request, context));
  return apiAction(request, context, async () => {
    const r = await api.createContact({ body: submission.value });
    return { message: r.message };
  });
}

export const meta: Route.MetaFunction = ({ data: d, matches }) => {
  const root = matches.find((m) => m?.id === 'root')?.data as { messages?: { contact?: { title: string; lead: string } } };
  const m = root?.messages?.contact;
  return d && m ? seoMeta(matches, { title: m.title, description: m.lead, url: `${d.origin}/contact` }) : [];
};

/** The inquiry form and the way to the office. */
export default function Contact({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { site, lang } = useRoot();
  const { recaptcha, kakaoMap } = loaderData.widgets;
  const location = site.directions.location;
  const alert = useAlert();
  const fetcher = useFetcher<typeof action>();
  const [sent, setSent] = useState<string | null>(null);
  const [sentCount, setSentCount] = useState(0);
  // When the form was shown: a person takes a few seconds to fill it (the API refuses robots that do not).
  const [renderedAt, setRenderedAt] = useState(loaderData.renderedAt);
  useEffect(() => setRenderedAt(Date.now()), []);
  const answer = fetcher.data && 'form' in fetcher.data ? undefined : fetcher.data;
  const { form, fields } = useSchemaForm({
    id: SCOPE,
    schema: ZContactBody,
    messages: MESSAGES,
    lastResult: fetcher.data && 'form' in fetcher.data ? fetcher.data.form : undefined,
    defaultValue: { businessType: 'BRAND' },
    onValid: (_, formData) => void fetcher.submit(formData, { method: 'post' }),
  });
  useActionResult(answer, (r) => {
    if (r.ok) {
      form.reset();
      setSent(r.message);
      setSentCount((n) => n + 1);
      setRenderedAt(Date.now());
    } else alert.showError(r.error);
  });
  const q = encodeURIComponent(site.directions.mapQuery);
  return (
    <div className="container page-body contact-page">
      <Breadcrumb crumbs={[{ to: '/', label: t('common.home') }, { label: t('contact.title') }]} />
      <h1 className="page-title">{t('contact.title')}</h1>
      <p className="text-body-secondary">{t('contact.lead')}</p>
      <div className="row g-4">
        <section className="col-lg-7" aria-labelledby="contact-form-title">
          <h2 id="contact-form-title" className="h5 fw-bold mb-3">
            {t('contact.formTitle')}
          </h2>
          {sent ? (
            <p className="alert alert-success" role="status" data-testid="contact-sent">
              {sent}
            </p>
          ) : null}
          <form
            method="post"
            noValidate={form.noValidate}
            id={form.id}
            onSubmit={form.onSubmit}
            className="contact-form"
            data-testid="contact-form"
          >
            <FormSelect
              scope={SCOPE}
              name="businessType"
              label={t('contact.type')}
              field={fields.businessType}
              options={[
                { value: 'BRAND', label: t('contact.types.BRAND') },
                { value: 'B2B', label: t('contact.types.B2B') },
              ]}
            />
            <FormInput
              scope={SCOPE}
              name="companyName"
              label={t('contact.company')}
              field={fields.companyName}
              required
              autoComplete="organization"
            />
            <FormInput scope={SCOPE} name="fullName" label={t('field.fullName')} field={fields.fullName} required autoComplete="name" />
            <FormInput
              scope={SCOPE}
              name="mobile"
              type="tel"
              label={t('field.mobile')}
              field={fields.mobile}
              required
              inputMode="numeric"
              autoComplete="tel"
              placeholder="010-1234-5678"
            />
            <FormInput
              scope={SCOPE}
              name="email"
              type="email"
              label={t('field.email')}
              field={fields.email}
              required
              autoComplete="email"
            />
            <div className="mb-3">
              <label htmlFor={`${SCOPE}-content`} className="form-label fw-semibold small">
                {t('contact.content')} <span className="text-danger">*</span>
              </label>
              <textarea
                id={`${SCOPE}-content`}
                name="content"
                key={fields.content.key}
                defaultValue={typeof fields.content.initialValue === 'string' ? fields.content.initialValue : ''}
                className={`form-control ${fields.content.errors?.length ? 'is-invalid' : ''}`}
                rows={6}
                maxLength={2000}
                required
                aria-invalid={fields.content.errors?.length ? true : undefined}
                aria-describedby={fields.content.errors?.length ? `${SCOPE}-content-error` : undefined}
                placeholder={t('contact.contentHelp')}
              />
              {fields.content.errors?.length ? (
                <div id={`${SCOPE}-content-error`} className="invalid-feedback d-block">
                  {fields.content.errors[0]}
                </div>
              ) : null}
            </div>
            {/* Left empty by people (hidden from them and from screen readers); robots fill it. */}
            <div className="contact-hp" aria-hidden="true">
              <label htmlFor={`${SCOPE}-website`}>Website</label>
              <input id={`${SCOPE}-website`} name="website" type="text" tabIndex={-1} autoComplete="off" />
            </div>
            <input type="hidden" name="renderedAt" value={renderedAt} />
            {recaptcha ? (
              <RecaptchaBox siteKey={recaptcha.siteKey} scriptUrl={recaptcha.scriptUrl} lang={lang} resetKey={sentCount} />
            ) : null}
            <FormCheck
              scope={SCOPE}
              name="privacyAgree"
              field={fields.privacyAgree}
              required
              label={t('contact.privacyAgree')}
              extra={
                <DocumentLink type="PRIVACY" label={t('signup.viewPrivacy')} testId="contact-view-privacy">
                  {t('signup.view')}
                </DocumentLink>
              }
              helper={t('contact.privacyHelp')}
            />
            <SubmitButton busy={fetcher.state !== 'idle'} busyText={t('contact.sending')} testId="contact-submit">
              {t('contact.submit')}
            </SubmitButton>
          </form>
        </section>
        <section className="col-lg-5" aria-labelledby="contact-way-title">
          <div className="contact-way">
            <h2 id="contact-way-title" className="h5 fw-bold mb-3">
              {t('contact.wayTitle')}
            </h2>
            <dl className="contact-facts">
              <dt>{t('contact.address')}</dt>
              <dd lang={site.company.textLangs.address ? site.company.textLangs.address.slice(0, 2) : undefined}>{site.company.address}</dd>
              <dt>{t('footer.phone')}</dt>
              <dd>
                <a href={`tel:${site.mainPhone.replace(/-/g, '')}`}>{site.mainPhone}</a>
              </dd>
              <dt>{t('footer.email')}</dt>
              <dd>
                <a href={`mailto:${site.company.email}`}>{site.company.email}</a>
              </dd>
              {site.directions.hours.length ? (
                <>
                  <dt>{t('contact.hours')}</dt>
                  <dd>
                    {site.directions.hours.map((h, i) => (
                      <span key={i} className="d-block">
                        {h}
                      </span>
                    ))}
                  </dd>
                </>
              ) : null}
              {site.directions.transport.length ? (
                <>
                  <dt>{t('contact.transport')}</dt>
                  <dd>
                    <ul className="mb-0 ps-3">
                      {site.directions.transport.map((x, i) => (
                        <li key={i}>{x}</li>
                      ))}
                    </ul>
                  </dd>
                </>
              ) : null}
            </dl>
            {kakaoMap && location ? (
              <KakaoMap
                jsKey={kakaoMap.jsKey}
                sdkUrl={kakaoMap.sdkUrl}
                lat={location.lat}
                lng={location.lng}
                label={t('contact.mapLabel')}
              />
            ) : null}
            <p className="small text-body-secondary mb-2">{t('contact.mapNote')}</p>
            <div className="d-flex flex-wrap gap-2">
              <a
                className="btn btn-outline-primary btn-sm"
                href={`https://map.kakao.com/link/search/${q}`}
                target="_blank"
                rel="noopener noreferrer"
                data-testid="map-kakao"
              >
                {t('contact.kakaoMap')}
              </a>
              <a
                className="btn btn-outline-primary btn-sm"
                href={`https://map.naver.com/p/search/${q}`}
                target="_blank"
                rel="noopener noreferrer"
                data-testid="map-naver"
              >
                {t('contact.naverMap')}
              </a>
            </div>
          </div>
        </section>
      </div>
    </div>
  );
}
