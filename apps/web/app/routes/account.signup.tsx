import { useEffect, useRef, useState } from 'react';
import { data, redirect, useFetcher } from 'react-router';
import { useTranslation } from 'react-i18next';
import { isAdultBirthday, isValidPassword, normalizeMobile } from '@podo/contracts/rules';
import { ZSignupBody } from '@podo/contracts/accounts';
import type { Route } from './+types/account.signup';
import { ApiError } from '../lib/api';

import { checkFields, confirmCheck, setInputValue, subfields, text, useSchemaForm } from '../lib/forms';
import { pageMeta } from '../lib/meta';
import { requestToken, serverApi } from '../lib/request.server';
import { checked, failure, readBody, tokenCookie } from '../lib/session.server';
import { tokenUsable } from '../lib/cookies';
import { CERTEMAIL_CHANNEL, CodeStepFields, mobileInputProps, useCodeStep, usePublicApi } from '../components/account';
import { BusinessFields, type BusinessField } from '../components/business-fields';
import { CertificateUpload, type UploadedFile } from '../components/certificate-upload';
import { useAlert } from '../components/global-alert';
import { SiteLink } from '../components/site-link';
import { DocumentLink } from '../components/document-link';
import { focusField, FormCheck, FormInput, PasswordRules } from '../components/ui';

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, (m) => m.signup.title);

/** A logged-in member has nothing to sign up for. */
export async function loader({ request, context }: Route.LoaderArgs) {
  if (tokenUsable(requestToken(request, context))) throw redirect('/mypage');
  return null;
}

/** Signs up and signs in: the token goes into the HttpOnly cookie, then my page greets the new member. */
export async function action({ request, context }: Route.ActionArgs) {
  try {
    const body = checked(ZSignupBody, await readBody(request), request);
    const { data: token } = await serverApi(request, context).signup({ body });
    return redirect('/mypage?welcome=signup', { headers: { 'Set-Cookie': tokenCookie(context, token) } });
  } catch (e) {
    return data(failure(e));
  }
}

const SCOPE = 'signup';
const STEPS = ['agree', 'cert', 'details', 'business'] as const;
type Step = 0 | 1 | 2 | 3;

/** The step of each field of the form (the business details are all on the last). */
const STEP_OF: Record<string, Step> = {
  agreeTerms: 0,
  agreePrivacy: 0,
  agreeMarketing: 0,
  mobile: 1,
  mobileCode: 1,
  email: 1,
  emailCode: 1,
  fullName: 2,
  birthday: 2,
  password: 2,
  passwordConfirm: 2,
  certificateFileId: 3,
};
const stepOf = (name: string): Step => STEP_OF[name] ?? 3;

/** Where each API error of the sign-up belongs: its step and field. */
const ERROR_PLACE: Record<string, [Step, string]> = {
  EMAIL_TAKEN: [1, 'email'],
  REREGISTER_BLOCKED: [1, 'email'],
  CODE_NOT_VERIFIED: [1, 'mobileCode'],
  PASSWORD_TOO_COMMON: [2, 'password'],
  FILE_REQUIRED: [3, 'certificateFileId'],
  FILE_TYPE_NOT_ALLOWED: [3, 'certificateFileId'],
  FILE_TOO_LARGE: [3, 'certificateFileId'],
};

/** An API failure of a code call: under the code field when it is about the code, else under the number/address. */
const codeFieldOf = (e: unknown, target: string, code: string) =>
  e instanceof ApiError && e.code?.startsWith('CODE_') && e.code !== 'CODE_COOLDOWN' && e.code !== 'CODE_SEND_LIMIT' ? code : target;

/**
 * Sign-up in four steps: agreements → mobile and e-mail verification → name, birthday, password → business
 * details and certificate. One form on the API's sign-up schema: each step checks its own fields (and those before
 * it) before the next; every step stays in the page (hidden), so going back keeps the data.
 */
export default function Signup() {
  const { t } = useTranslation();
  const alert = useAlert();
  const api = usePublicApi();
  const fetcher = useFetcher<typeof action>();
  const [step, setStep] = useState<Step>(0);
  /** The last step whose 'next' was pressed: its fields are checked again as they are typed. */
  const [tried, setTried] = useState<number>(-1);
  const [certificate, setCertificate] = useState<UploadedFile | null>(null);
  const [uploadError, setUploadError] = useState<string>();
  const [mobileNews, setMobileNews] = useState<string>();
  const [emailOk, setEmailOk] = useState<string | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const apiError = (e: unknown, field: string) => {
    if (e instanceof ApiError && e.isClientError) report({ [field]: e.message });
    else alert.showError(e);
  };
  const mobileStep = useCodeStep({ onError: (e) => apiError(e, codeFieldOf(e, 'mobile', 'mobileCode')) });
  const emailStep = useCodeStep({ onError: (e) => apiError(e, codeFieldOf(e, 'email', 'emailCode')), fallbackSeconds: 600 });

  const { form, fields, report } = useSchemaForm<typeof ZSignupBody, 'mobileCode' | 'emailCode'>({
    id: SCOPE,
    schema: ZSignupBody,
    only: (name, revalidating) => stepOf(name) <= (revalidating ? tried : step),
    extra: (p) => {
      const mobile = normalizeMobile(text(p.mobile));
      const email = text(p.email).trim().toLowerCase();
      return {
        ...confirmCheck(t)(p),
        mobileCode:
          mobile && mobileStep.verified !== mobile
            ? mobileStep.sent
              ? t('validation.codeConfirm')
              : t('validation.mobileNotVerified')
            : undefined,
        emailCode:
          email && emailStep.verified !== email
            ? emailStep.sent
              ? t('validation.codeConfirm')
              : t('validation.emailNotVerified')
            : undefined,
      };
    },
    onValid: (value) => {
      if (step < 3) return next();
      if (value) void fetcher.submit(value, { method: 'post', encType: 'application/json' });
    },
  });
  const business = subfields<BusinessField>(fields.business);
  const mobileNorm = normalizeMobile(text(fields.mobile.value));
  const emailNorm = text(fields.email.value).trim().toLowerCase();
  const mobileVerified = !!mobileNorm && mobileStep.verified === mobileNorm;
  const emailVerified = !!emailNorm && emailStep.verified === emailNorm;
  const emailRef = useRef(emailNorm);
  emailRef.current = emailNorm;

  const go = (to: Step) => {
    setStep(to);
    requestAnimationFrame(() => headingRef.current?.focus());
    window.scrollTo({ top: 0 });
  };
  const next = () => {
    // The tax-invoice e-mail defaults to the login e-mail.
    if (step === 2 && !text(business.taxEmail.value) && emailNorm)
      setInputValue(SCOPE, business.taxEmail.name, text(fields.email.value).trim());
    go((step + 1) as Step);
  };

  // The e-mail's link confirmed the code in another tab: take it over.
  useEffect(() => {
    if (typeof BroadcastChannel === 'undefined') return;
    const ch = new BroadcastChannel(CERTEMAIL_CHANNEL);
    ch.onmessage = (e: MessageEvent<{ mode?: string; email?: string; code?: string }>) => {
      const d = e.data;
      if (d?.mode !== 'SIGNUP_EMAIL' || !d.email || !d.code) return;
      if (emailRef.current !== d.email.toLowerCase()) return;
      setInputValue(SCOPE, 'emailCode', d.code);
      emailStep.setVerified(emailRef.current);
      emailStep.setNews(t('signup.emailLinkVerified'));
    };
    return () => ch.close();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the step's setters are stable
  }, [t]);

  // Sign-up failed: show the message at its step and field (else in the global alert).
  useEffect(() => {
    const r = fetcher.data;
    if (!r || r.ok) return;
    const place = r.error.code ? ERROR_PLACE[r.error.code] : undefined;
    if (place && r.error.status < 500) {
      const [s, field] = place;
      setStep(s);
      report({ [field]: r.error.message });
      return;
    }
    alert.showError(new ApiError(r.error.status, r.error.message, r.error.code));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per answer
  }, [fetcher.data, alert]);

  // ---- verification calls ---------------------------------------------------------------------------------
  /** The schema's message for one field now (the number or address before a code is sent to it). */
  const fieldError = (name: string) => checkFields(SCOPE, ZSignupBody, t, [name])[name];

  const checkMobile = async () => {
    if (!mobileNorm) return;
    try {
      const r = await api.validMobile({ body: { mobile: mobileNorm } });
      setMobileNews(r.data?.available === false ? r.message : undefined);
    } catch {
      /* the send call reports problems */
    }
  };
  const sendMobile = async () => {
    const error = fieldError('mobile');
    if (error || !mobileNorm) return report({ mobile: error });
    setMobileNews(undefined);
    if (await mobileStep.send(() => api.sendCode({ body: { mode: 'SIGNUP_MOBILE', mobile: mobileNorm } }))) {
      setInputValue(SCOPE, 'mobileCode', '');
      focusField(SCOPE, 'mobileCode');
    }
  };
  const confirmMobile = async () => {
    const code = text(fields.mobileCode.value);
    if (!mobileNorm) return;
    if (!/^\d{6}$/.test(code)) return report({ mobileCode: t('validation.code') });
    await mobileStep.confirm(mobileNorm, () => api.confirmCode({ body: { mode: 'SIGNUP_MOBILE', mobile: mobileNorm, code } }));
  };
  const checkEmail = async () => {
    const error = fieldError('email');
    if (error) {
      if (text(fields.email.value)) report({ email: error });
      return false;
    }
    try {
      const r = await api.validEmail({ body: { email: emailNorm } });
      if (r.data?.available === false) {
        report({ email: r.message || t('validation.emailTaken') });
        setEmailOk(null);
        return false;
      }
      setEmailOk(r.message || t('signup.emailAvailable'));
      return true;
    } catch (e) {
      apiError(e, 'email');
      return false;
    }
  };
  const sendEmail = async () => {
    const error = fieldError('email');
    if (error) return report({ email: error });
    if (!(await checkEmail())) return;
    if (await emailStep.send(() => api.sendCode({ body: { mode: 'SIGNUP_EMAIL', email: emailNorm } }))) {
      setInputValue(SCOPE, 'emailCode', '');
      focusField(SCOPE, 'emailCode');
    }
  };
  const confirmEmail = async () => {
    const code = text(fields.emailCode.value);
    if (!/^\d{6}$/.test(code)) return report({ emailCode: t('validation.code') });
    await emailStep.confirm(emailNorm, () => api.confirmCode({ body: { mode: 'SIGNUP_EMAIL', email: emailNorm, code } }));
  };

  const agreed = (f: typeof fields.agreeTerms) => f.value === 'on';
  const allAgreed = agreed(fields.agreeTerms) && agreed(fields.agreePrivacy) && agreed(fields.agreeMarketing);
  const password = text(fields.password.value);
  const passwordConfirm = text(fields.passwordConfirm.value);
  const submitting = fetcher.state !== 'idle';

  return (
    <div className="account-container page-body" data-testid="signup-page">
      <h1 className="page-title text-center">{t('signup.title')}</h1>
      <ol className="stepper" aria-label={t('signup.steps')}>
        {STEPS.map((s, i) => (
          <li
            key={s}
            className={i === step ? 'is-current' : i < step ? 'is-done' : ''}
            aria-current={i === step ? 'step' : undefined}
            data-testid={`signup-step-${i + 1}`}
          >
            <span className="stepper-num" aria-hidden="true">
              {i + 1}
            </span>
            <span className="stepper-label">{t(`signup.step.${s}`)}</span>
          </li>
        ))}
      </ol>
      <form
        noValidate={form.noValidate}
        id={form.id}
        name="signup"
        onSubmit={(e) => {
          // A press of 'next' (not Conform's checks while typing): this step's fields count from now on.
          if (!((e.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null)?.name.startsWith('__'))
            setTried((n) => Math.max(n, step));
          form.onSubmit(e);
        }}
      >
        <h2 ref={headingRef} tabIndex={-1} className="h5 fw-bold mt-4 mb-3 step-heading" data-testid="signup-step-title">
          <span className="visually-hidden">{t('signup.stepOf', { n: step + 1, total: STEPS.length })} </span>
          {t(`signup.step.${STEPS[step]}`)}
        </h2>

        <fieldset hidden={step !== 0}>
          <legend className="visually-hidden">{t('signup.step.agree')}</legend>
          <div className="agree-all mb-3">
            <FormCheck
              scope={SCOPE}
              name="agreeAll"
              label={<strong>{t('signup.agreeAll')}</strong>}
              checked={allAgreed}
              onCheckedChange={(c) => {
                for (const name of ['agreeTerms', 'agreePrivacy', 'agreeMarketing']) setInputValue(SCOPE, name, c ? 'on' : '');
              }}
              helper={t('signup.agreeAllHelp')}
            />
          </div>
          <div className="agree-list">
            <FormCheck
              scope={SCOPE}
              name="agreeTerms"
              field={fields.agreeTerms}
              required
              label={`${t('signup.required')} ${t('signup.agreeTerms')}`}
              extra={
                <DocumentLink type="TERM" label={t('signup.viewTerms')} testId="view-terms">
                  {t('signup.view')}
                </DocumentLink>
              }
            />
            <FormCheck
              scope={SCOPE}
              name="agreePrivacy"
              field={fields.agreePrivacy}
              required
              label={`${t('signup.required')} ${t('signup.agreePrivacy')}`}
              extra={
                <DocumentLink type="PRIVACY" label={t('signup.viewPrivacy')} testId="view-privacy">
                  {t('signup.view')}
                </DocumentLink>
              }
            />
            <FormCheck
              scope={SCOPE}
              name="agreeMarketing"
              field={fields.agreeMarketing}
              label={`${t('signup.optional')} ${t('signup.agreeMarketing')}`}
              helper={t('signup.marketingHelp')}
            />
          </div>
          <p className="small text-body-secondary mt-3">{t('signup.ageNotice')}</p>
        </fieldset>

        <div hidden={step !== 1}>
          <fieldset className="mb-4">
            <legend className="h6 fw-bold">{t('signup.mobileTitle')}</legend>
            <CodeStepFields
              scope={SCOPE}
              step={mobileStep}
              target="mobile"
              targetField={fields.mobile}
              targetProps={{
                ...mobileInputProps(t('field.mobile')),
                onValueChange: () => setMobileNews(undefined),
                onBlur: () => void checkMobile(),
                success: mobileVerified,
                helper: mobileNews && !mobileStep.sent ? mobileNews : undefined,
              }}
              code={fields.mobileCode}
              codeName="mobileCode"
              confirmed={mobileVerified}
              onSend={() => void sendMobile()}
              onConfirm={() => void confirmMobile()}
              sendTestId="signup-mobile-send"
              newsTestId="signup-mobile-news"
              newsOnlyAfterSent
              afterTarget={
                mobileVerified ? (
                  <button
                    type="button"
                    className="btn btn-link btn-sm p-0 mb-3"
                    onClick={() => {
                      mobileStep.reset();
                      setInputValue(SCOPE, 'mobileCode', '');
                      focusField(SCOPE, 'mobile');
                    }}
                  >
                    {t('signup.changeMobile')}
                  </button>
                ) : null
              }
            />
          </fieldset>

          <fieldset>
            <legend className="h6 fw-bold">{t('signup.emailTitle')}</legend>
            <CodeStepFields
              scope={SCOPE}
              step={emailStep}
              target="email"
              targetField={fields.email}
              targetProps={{
                type: 'email',
                label: t('field.email'),
                required: true,
                inputMode: 'email',
                autoComplete: 'email',
                maxLength: 254,
                onValueChange: () => setEmailOk(null),
                onBlur: () => void checkEmail(),
                success: emailVerified || !!emailOk,
                successText: emailVerified ? undefined : (emailOk ?? undefined),
                helper: t('signup.emailHelp'),
              }}
              code={fields.emailCode}
              codeName="emailCode"
              codeHelper={t('signup.emailLinkNote')}
              confirmed={emailVerified}
              onSend={() => void sendEmail()}
              onConfirm={() => void confirmEmail()}
              sendTestId="signup-email-send"
              newsTestId="signup-email-news"
              afterTarget={
                emailVerified ? (
                  <button
                    type="button"
                    className="btn btn-link btn-sm p-0 mb-3"
                    onClick={() => {
                      emailStep.reset();
                      setInputValue(SCOPE, 'emailCode', '');
                      focusField(SCOPE, 'email');
                    }}
                  >
                    {t('signup.changeEmail')}
                  </button>
                ) : null
              }
            />
          </fieldset>
        </div>

        <div hidden={step !== 2}>
          <FormInput
            scope={SCOPE}
            name="fullName"
            field={fields.fullName}
            label={t('field.fullName')}
            required
            autoComplete="name"
            maxLength={50}
          />
          <FormInput
            scope={SCOPE}
            name="birthday"
            field={fields.birthday}
            label={t('field.birthday')}
            required
            inputMode="numeric"
            autoComplete="bday"
            placeholder="19990101"
            maxLength={10}
            format={(v) => v.replace(/\D/g, '').slice(0, 8)}
            success={isAdultBirthday(text(fields.birthday.value))}
            helper={t('signup.birthdayHelp')}
          />
          <FormInput
            scope={SCOPE}
            name="password"
            field={fields.password}
            type="password"
            label={t('field.password')}
            required
            autoComplete="new-password"
            maxLength={50}
            success={isValidPassword(password)}
            describedByExtra="signup-password-rules"
            below={<PasswordRules id="signup-password-rules" password={password} />}
          />
          <FormInput
            scope={SCOPE}
            name="passwordConfirm"
            field={fields.passwordConfirm}
            type="password"
            label={t('field.passwordConfirm')}
            required
            autoComplete="new-password"
            maxLength={50}
            success={!!passwordConfirm && passwordConfirm === password}
          />
        </div>

        <div hidden={step !== 3}>
          <p className="small text-body-secondary">{t('signup.businessLead')}</p>
          <BusinessFields
            scope={SCOPE}
            fields={business}
            onNumberBlur={() => report({ [business.businessNumber.name]: fieldError(business.businessNumber.name) })}
          />
          <input type="hidden" name={fields.certificateFileId.name} value={certificate?.id ?? ''} />
          <CertificateUpload
            scope={SCOPE}
            label={t('field.certificate')}
            required
            value={certificate}
            onChange={(file) => {
              setCertificate(file);
              setUploadError(undefined);
            }}
            error={uploadError ?? fields.certificateFileId.errors?.[0]}
            onErrorChange={setUploadError}
          />
        </div>

        <div className="d-flex gap-2 mt-4">
          {step > 0 ? (
            <button
              type="button"
              className="btn btn-outline-secondary btn-lg flex-fill"
              onClick={() => go((step - 1) as Step)}
              data-testid="signup-prev"
            >
              {t('form.prev')}
            </button>
          ) : null}
          <button
            type="submit"
            className="btn btn-primary btn-lg flex-fill"
            disabled={submitting}
            aria-busy={submitting || undefined}
            data-testid="signup-next"
          >
            {step === 3 ? (submitting ? t('signup.submitting') : t('signup.submit')) : t('form.next')}
          </button>
        </div>
      </form>
      <p className="text-center small mt-4 mb-0">
        {t('signup.haveAccount')}{' '}
        <SiteLink to="/account/login" className="fw-bold">
          {t('login.title')}
        </SiteLink>
      </p>
    </div>
  );
}
