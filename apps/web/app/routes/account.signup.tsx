import { useCallback, useEffect, useRef, useState } from 'react';
import { data, redirect, useFetcher } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  isAdultBirthday,
  isValidBirthday,
  isValidBusinessNumber,
  normalizeBusinessNumber,
  normalizeMobile,
  type BusinessType,
} from '@podo/contracts/rules';
import { ZSignupBody, type TSignupBody } from '@podo/contracts/accounts';
import type { Route } from './+types/account.signup';
import { ApiError } from '../lib/api';
import { formatMobileInput, isCode, isEmail, passwordErrors } from '../lib/account-rules';
import { pageMeta } from '../lib/meta';
import { requestToken, serverApi } from '../lib/request.server';
import { checked, failure, readBody, tokenCookie } from '../lib/session.server';
import { tokenUsable } from '../lib/cookies';
import { CERTEMAIL_CHANNEL, CodeInput, SendCodeButton, useCodeTimer, usePublicApi } from '../components/account';
import { BusinessFields } from '../components/business-fields';
import { CertificateUpload, type UploadedFile } from '../components/certificate-upload';
import { useAlert } from '../components/global-alert';
import { SiteLink } from '../components/site-link';
import { focusField, focusFirstError, FormCheck, FormInput, LiveMessage, PasswordRules } from '../components/ui';

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

interface FormState {
  agreeTerms: boolean;
  agreePrivacy: boolean;
  agreeMarketing: boolean;
  mobile: string;
  mobileCode: string;
  email: string;
  emailCode: string;
  fullName: string;
  birthday: string;
  password: string;
  passwordConfirm: string;
  companyName: string;
  businessNumber: string;
  representative: string;
  businessType: BusinessType | '';
  taxEmail: string;
}
type Field = keyof FormState | 'certificate' | 'agreeAll';
type Errors = Partial<Record<Field, string>>;

const EMPTY: FormState = {
  agreeTerms: false,
  agreePrivacy: false,
  agreeMarketing: false,
  mobile: '',
  mobileCode: '',
  email: '',
  emailCode: '',
  fullName: '',
  birthday: '',
  password: '',
  passwordConfirm: '',
  companyName: '',
  businessNumber: '',
  representative: '',
  businessType: '',
  taxEmail: '',
};

/** Where each API error of the sign-up belongs: its step and field. */
const ERROR_PLACE: Record<string, [Step, Field]> = {
  EMAIL_TAKEN: [1, 'email'],
  REREGISTER_BLOCKED: [1, 'email'],
  CODE_NOT_VERIFIED: [1, 'mobileCode'],
  PASSWORD_TOO_COMMON: [2, 'password'],
  FILE_REQUIRED: [3, 'certificate'],
  FILE_TYPE_NOT_ALLOWED: [3, 'certificate'],
  FILE_TOO_LARGE: [3, 'certificate'],
};

/**
 * Sign-up in four steps: agreements → mobile and e-mail verification → name, birthday, password → business
 * details and certificate. Each step is checked with the shared rules before the next; going back keeps the data.
 */
export default function Signup() {
  const { t } = useTranslation();
  const alert = useAlert();
  const api = usePublicApi();
  const fetcher = useFetcher<typeof action>();
  const [step, setStep] = useState<Step>(0);
  const [f, setF] = useState<FormState>(EMPTY);
  const [errors, setErrors] = useState<Errors>({});
  const [certificate, setCertificate] = useState<UploadedFile | null>(null);
  const [verified, setVerified] = useState<{ mobile?: string; email?: string }>({});
  const [busy, setBusy] = useState<string | null>(null);
  const [news, setNews] = useState<{ mobile?: string; email?: string }>({});
  const [emailOk, setEmailOk] = useState<string | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const mobileTimer = useCodeTimer();
  const emailTimer = useCodeTimer();
  const mobileNorm = normalizeMobile(f.mobile);
  const emailNorm = f.email.trim().toLowerCase();
  const mobileVerified = !!mobileNorm && verified.mobile === mobileNorm;
  const emailVerified = !!emailNorm && verified.email === emailNorm;
  const emailRef = useRef(emailNorm);
  emailRef.current = emailNorm;

  const set = useCallback(<K extends keyof FormState>(k: K, v: FormState[K]) => {
    setF((s) => ({ ...s, [k]: v }));
    setErrors((e) => (e[k] ? { ...e, [k]: undefined } : e));
  }, []);

  const go = (next: Step) => {
    setStep(next);
    requestAnimationFrame(() => headingRef.current?.focus());
    window.scrollTo({ top: 0 });
  };

  // The e-mail's link confirmed the code in another tab: take it over.
  useEffect(() => {
    if (typeof BroadcastChannel === 'undefined') return;
    const ch = new BroadcastChannel(CERTEMAIL_CHANNEL);
    ch.onmessage = (e: MessageEvent<{ mode?: string; email?: string; code?: string }>) => {
      const d = e.data;
      if (d?.mode !== 'SIGNUP_EMAIL' || !d.email || !d.code) return;
      if (emailRef.current !== d.email.toLowerCase()) return;
      setF((s) => ({ ...s, emailCode: d.code ?? '' }));
      setVerified((v) => ({ ...v, email: emailRef.current }));
      setNews((n) => ({ ...n, email: t('signup.emailLinkVerified') }));
    };
    return () => ch.close();
  }, [t]);

  // Sign-up failed: show the message at its step and field (else in the global alert).
  useEffect(() => {
    const r = fetcher.data;
    if (!r || r.ok) return;
    const place = r.error.code ? ERROR_PLACE[r.error.code] : undefined;
    if (place && r.error.status < 500) {
      const [s, field] = place;
      setStep(s);
      setErrors((e) => ({ ...e, [field]: r.error.message }));
      focusField(SCOPE, field);
      return;
    }
    alert.showError(new ApiError(r.error.status, r.error.message, r.error.code));
  }, [fetcher.data, alert]);

  const fail = (next: Errors, order: readonly Field[]) => {
    setErrors(next);
    return focusFirstError(SCOPE, next, order);
  };

  // ---- step checks -------------------------------------------------------------------------------------
  const checkAgree = () => {
    const e: Errors = {};
    if (!f.agreeTerms) e.agreeTerms = t('validation.agreeRequired');
    if (!f.agreePrivacy) e.agreePrivacy = t('validation.agreeRequired');
    return fail(e, ['agreeTerms', 'agreePrivacy']);
  };
  const checkCert = () => {
    const e: Errors = {};
    if (!mobileNorm) e.mobile = f.mobile ? t('validation.mobile') : t('validation.mobileRequired');
    else if (!mobileVerified) e.mobileCode = mobileTimer.sent ? t('validation.codeConfirm') : t('validation.mobileNotVerified');
    if (!isEmail(f.email)) e.email = f.email ? t('validation.email') : t('validation.emailRequired');
    else if (!emailVerified) e.emailCode = emailTimer.sent ? t('validation.codeConfirm') : t('validation.emailNotVerified');
    return fail(e, ['mobile', 'mobileCode', 'email', 'emailCode']);
  };
  const checkDetails = () => {
    const e: Errors = { ...passwordErrors(t, f.password, f.passwordConfirm) };
    if (!f.fullName.trim()) e.fullName = t('validation.nameRequired');
    if (!f.birthday) e.birthday = t('validation.birthdayRequired');
    else if (!isValidBirthday(f.birthday)) e.birthday = t('validation.birthday');
    else if (!isAdultBirthday(f.birthday)) e.birthday = t('validation.birthdayAdult');
    return fail(e, ['fullName', 'birthday', 'password', 'passwordConfirm']);
  };
  const checkBusiness = () => {
    const e: Errors = {};
    if (!f.companyName.trim()) e.companyName = t('validation.companyRequired');
    if (!f.businessNumber) e.businessNumber = t('validation.businessNumberRequired');
    else if (!isValidBusinessNumber(f.businessNumber)) e.businessNumber = t('validation.businessNumber');
    if (!f.representative.trim()) e.representative = t('validation.representativeRequired');
    if (!f.businessType) e.businessType = t('validation.businessType');
    if (!isEmail(f.taxEmail)) e.taxEmail = f.taxEmail ? t('validation.email') : t('validation.emailRequired');
    if (!certificate) e.certificate = t('validation.fileRequired');
    return fail(e, ['companyName', 'businessNumber', 'representative', 'businessType', 'taxEmail', 'certificate']);
  };

  const next = () => {
    if (step === 0 && checkAgree()) go(1);
    else if (step === 1 && checkCert()) go(2);
    else if (step === 2 && checkDetails()) {
      if (!f.taxEmail && isEmail(f.email)) set('taxEmail', f.email.trim());
      go(3);
    } else if (step === 3 && checkBusiness()) submit();
  };

  const submit = () => {
    if (!mobileNorm || !certificate || !f.businessType) return;
    const body: TSignupBody = {
      email: emailNorm,
      password: f.password,
      passwordConfirm: f.passwordConfirm,
      fullName: f.fullName.trim(),
      mobile: mobileNorm,
      birthday: f.birthday,
      agreeTerms: true,
      agreePrivacy: true,
      agreeMarketing: f.agreeMarketing,
      business: {
        companyName: f.companyName.trim(),
        businessNumber: normalizeBusinessNumber(f.businessNumber),
        representative: f.representative.trim(),
        businessType: f.businessType,
        taxEmail: f.taxEmail.trim(),
      },
      certificateFileId: certificate.id,
    };
    void fetcher.submit(body, { method: 'post', encType: 'application/json' });
  };

  // ---- verification calls ---------------------------------------------------------------------------------
  const apiFail = (e: unknown, field: Field) => {
    if (e instanceof ApiError && e.isClientError) {
      setErrors((er) => ({ ...er, [field]: e.message }));
      focusField(SCOPE, field);
    } else alert.showError(e);
  };
  const codeField = (e: unknown, target: Field, code: Field) =>
    apiFail(
      e,
      e instanceof ApiError && e.code?.startsWith('CODE_') && e.code !== 'CODE_COOLDOWN' && e.code !== 'CODE_SEND_LIMIT' ? code : target,
    );

  const checkMobile = async () => {
    if (!mobileNorm) return;
    try {
      const r = await api.validMobile({ body: { mobile: mobileNorm } });
      setNews((n) => ({ ...n, mobile: r.data?.available === false ? r.message : undefined }));
    } catch {
      /* the send call reports problems */
    }
  };
  const sendMobile = async () => {
    if (!mobileNorm) return apiFail(new ApiError(400, f.mobile ? t('validation.mobile') : t('validation.mobileRequired')), 'mobile');
    setBusy('mobile');
    try {
      const r = await api.sendCode({ body: { mode: 'SIGNUP_MOBILE', mobile: mobileNorm } });
      mobileTimer.started(r.data, 180);
      setVerified((v) => ({ ...v, mobile: undefined }));
      set('mobileCode', '');
      setNews((n) => ({ ...n, mobile: r.message || t('code.sent') }));
      focusField(SCOPE, 'mobileCode');
    } catch (e) {
      codeField(e, 'mobile', 'mobileCode');
    } finally {
      setBusy(null);
    }
  };
  const confirmMobile = async () => {
    if (!mobileNorm) return;
    if (!isCode(f.mobileCode)) return apiFail(new ApiError(400, t('validation.code')), 'mobileCode');
    setBusy('mobileCode');
    try {
      await api.confirmCode({ body: { mode: 'SIGNUP_MOBILE', mobile: mobileNorm, code: f.mobileCode } });
      setVerified((v) => ({ ...v, mobile: mobileNorm }));
      setNews((n) => ({ ...n, mobile: undefined }));
    } catch (e) {
      codeField(e, 'mobile', 'mobileCode');
    } finally {
      setBusy(null);
    }
  };
  const checkEmail = async () => {
    if (!isEmail(f.email)) {
      if (f.email) setErrors((er) => ({ ...er, email: t('validation.email') }));
      return false;
    }
    try {
      const r = await api.validEmail({ body: { email: emailNorm } });
      if (r.data?.available === false) {
        setErrors((er) => ({ ...er, email: r.message || t('validation.emailTaken') }));
        setEmailOk(null);
        return false;
      }
      setEmailOk(r.message || t('signup.emailAvailable'));
      return true;
    } catch (e) {
      apiFail(e, 'email');
      return false;
    }
  };
  const sendEmail = async () => {
    if (!isEmail(f.email)) return apiFail(new ApiError(400, f.email ? t('validation.email') : t('validation.emailRequired')), 'email');
    setBusy('email');
    try {
      if (!(await checkEmail())) return;
      const r = await api.sendCode({ body: { mode: 'SIGNUP_EMAIL', email: emailNorm } });
      emailTimer.started(r.data, 600);
      setVerified((v) => ({ ...v, email: undefined }));
      set('emailCode', '');
      setNews((n) => ({ ...n, email: r.message || t('code.sent') }));
      focusField(SCOPE, 'emailCode');
    } catch (e) {
      codeField(e, 'email', 'emailCode');
    } finally {
      setBusy(null);
    }
  };
  const confirmEmail = async () => {
    if (!isCode(f.emailCode)) return apiFail(new ApiError(400, t('validation.code')), 'emailCode');
    setBusy('emailCode');
    try {
      await api.confirmCode({ body: { mode: 'SIGNUP_EMAIL', email: emailNorm, code: f.emailCode } });
      setVerified((v) => ({ ...v, email: emailNorm }));
      setNews((n) => ({ ...n, email: undefined }));
    } catch (e) {
      codeField(e, 'email', 'emailCode');
    } finally {
      setBusy(null);
    }
  };

  const allAgreed = f.agreeTerms && f.agreePrivacy && f.agreeMarketing;
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
        noValidate
        name="signup"
        onSubmit={(e) => {
          e.preventDefault();
          next();
        }}
      >
        <h2 ref={headingRef} tabIndex={-1} className="h5 fw-bold mt-4 mb-3 step-heading" data-testid="signup-step-title">
          <span className="visually-hidden">{t('signup.stepOf', { n: step + 1, total: STEPS.length })} </span>
          {t(`signup.step.${STEPS[step]}`)}
        </h2>

        {step === 0 ? (
          <fieldset>
            <legend className="visually-hidden">{t('signup.step.agree')}</legend>
            <div className="agree-all mb-3">
              <FormCheck
                scope={SCOPE}
                name="agreeAll"
                label={<strong>{t('signup.agreeAll')}</strong>}
                checked={allAgreed}
                onCheckedChange={(c) => {
                  setF((s) => ({ ...s, agreeTerms: c, agreePrivacy: c, agreeMarketing: c }));
                  setErrors((e) => ({ ...e, agreeTerms: undefined, agreePrivacy: undefined }));
                }}
                helper={t('signup.agreeAllHelp')}
              />
            </div>
            <div className="agree-list">
              <FormCheck
                scope={SCOPE}
                name="agreeTerms"
                required
                label={`${t('signup.required')} ${t('signup.agreeTerms')}`}
                checked={f.agreeTerms}
                onCheckedChange={(c) => set('agreeTerms', c)}
                error={errors.agreeTerms}
                extra={
                  <SiteLink to="/terms?type=TERM" className="small text-nowrap" aria-label={t('signup.viewTerms')} data-testid="view-terms">
                    {t('signup.view')}
                  </SiteLink>
                }
              />
              <FormCheck
                scope={SCOPE}
                name="agreePrivacy"
                required
                label={`${t('signup.required')} ${t('signup.agreePrivacy')}`}
                checked={f.agreePrivacy}
                onCheckedChange={(c) => set('agreePrivacy', c)}
                error={errors.agreePrivacy}
                extra={
                  <SiteLink
                    to="/terms?type=PRIVACY"
                    className="small text-nowrap"
                    aria-label={t('signup.viewPrivacy')}
                    data-testid="view-privacy"
                  >
                    {t('signup.view')}
                  </SiteLink>
                }
              />
              <FormCheck
                scope={SCOPE}
                name="agreeMarketing"
                label={`${t('signup.optional')} ${t('signup.agreeMarketing')}`}
                checked={f.agreeMarketing}
                onCheckedChange={(c) => set('agreeMarketing', c)}
                helper={t('signup.marketingHelp')}
              />
            </div>
            <p className="small text-body-secondary mt-3">{t('signup.ageNotice')}</p>
          </fieldset>
        ) : null}

        {step === 1 ? (
          <>
            <fieldset className="mb-4">
              <legend className="h6 fw-bold">{t('signup.mobileTitle')}</legend>
              <FormInput
                scope={SCOPE}
                name="mobile"
                type="tel"
                label={t('field.mobile')}
                required
                inputMode="numeric"
                autoComplete="tel-national"
                placeholder="010-1234-5678"
                value={f.mobile}
                onValueChange={(v) => {
                  set('mobile', formatMobileInput(v));
                  setNews((n) => ({ ...n, mobile: undefined }));
                }}
                onBlur={() => void checkMobile()}
                error={errors.mobile}
                success={mobileVerified}
                helper={news.mobile && !mobileTimer.sent ? news.mobile : undefined}
                readOnly={mobileVerified}
                onEnter={() => void sendMobile()}
                addon={
                  mobileVerified ? undefined : (
                    <SendCodeButton
                      sent={mobileTimer.sent}
                      resendIn={mobileTimer.resendIn}
                      busy={busy === 'mobile'}
                      onClick={() => void sendMobile()}
                      testId="signup-mobile-send"
                    />
                  )
                }
              />
              {mobileVerified ? (
                <button
                  type="button"
                  className="btn btn-link btn-sm p-0 mb-3"
                  onClick={() => {
                    setVerified((v) => ({ ...v, mobile: undefined }));
                    mobileTimer.reset();
                    set('mobileCode', '');
                    focusField(SCOPE, 'mobile');
                  }}
                >
                  {t('signup.changeMobile')}
                </button>
              ) : null}
              {mobileTimer.sent || mobileVerified ? (
                <CodeInput
                  scope={SCOPE}
                  name="mobileCode"
                  value={f.mobileCode}
                  onValueChange={(v) => set('mobileCode', v)}
                  error={errors.mobileCode}
                  expiresIn={mobileTimer.expiresIn}
                  expired={mobileTimer.expired}
                  verified={mobileVerified}
                  busy={busy === 'mobileCode'}
                  onConfirm={() => void confirmMobile()}
                />
              ) : null}
              <LiveMessage message={mobileTimer.sent ? news.mobile : undefined} testId="signup-mobile-news" />
            </fieldset>

            <fieldset>
              <legend className="h6 fw-bold">{t('signup.emailTitle')}</legend>
              <FormInput
                scope={SCOPE}
                name="email"
                type="email"
                label={t('field.email')}
                required
                inputMode="email"
                autoComplete="email"
                maxLength={254}
                value={f.email}
                onValueChange={(v) => {
                  set('email', v);
                  setEmailOk(null);
                }}
                onBlur={() => void checkEmail()}
                error={errors.email}
                success={emailVerified || !!emailOk}
                successText={emailVerified ? undefined : (emailOk ?? undefined)}
                helper={t('signup.emailHelp')}
                readOnly={emailVerified}
                onEnter={() => void sendEmail()}
                addon={
                  emailVerified ? undefined : (
                    <SendCodeButton
                      sent={emailTimer.sent}
                      resendIn={emailTimer.resendIn}
                      busy={busy === 'email'}
                      onClick={() => void sendEmail()}
                      testId="signup-email-send"
                    />
                  )
                }
              />
              {emailVerified ? (
                <button
                  type="button"
                  className="btn btn-link btn-sm p-0 mb-3"
                  onClick={() => {
                    setVerified((v) => ({ ...v, email: undefined }));
                    emailTimer.reset();
                    set('emailCode', '');
                    focusField(SCOPE, 'email');
                  }}
                >
                  {t('signup.changeEmail')}
                </button>
              ) : null}
              {emailTimer.sent || emailVerified ? (
                <CodeInput
                  scope={SCOPE}
                  name="emailCode"
                  value={f.emailCode}
                  onValueChange={(v) => set('emailCode', v)}
                  error={errors.emailCode}
                  expiresIn={emailTimer.expiresIn}
                  expired={emailTimer.expired}
                  verified={emailVerified}
                  busy={busy === 'emailCode'}
                  onConfirm={() => void confirmEmail()}
                  helper={t('signup.emailLinkNote')}
                />
              ) : null}
              <LiveMessage message={news.email} testId="signup-email-news" />
            </fieldset>
          </>
        ) : null}

        {step === 2 ? (
          <>
            <FormInput
              scope={SCOPE}
              name="fullName"
              label={t('field.fullName')}
              required
              autoComplete="name"
              maxLength={50}
              value={f.fullName}
              onValueChange={(v) => set('fullName', v)}
              error={errors.fullName}
            />
            <FormInput
              scope={SCOPE}
              name="birthday"
              label={t('field.birthday')}
              required
              inputMode="numeric"
              autoComplete="bday"
              placeholder="19990101"
              maxLength={10}
              value={f.birthday}
              onValueChange={(v) => set('birthday', v.replace(/\D/g, '').slice(0, 8))}
              error={errors.birthday}
              success={isAdultBirthday(f.birthday)}
              helper={t('signup.birthdayHelp')}
            />
            <FormInput
              scope={SCOPE}
              name="password"
              type="password"
              label={t('field.password')}
              required
              autoComplete="new-password"
              maxLength={50}
              value={f.password}
              onValueChange={(v) => set('password', v)}
              error={errors.password}
              success={!passwordErrors(t, f.password, f.password).password}
              describedByExtra="signup-password-rules"
              below={<PasswordRules id="signup-password-rules" password={f.password} />}
            />
            <FormInput
              scope={SCOPE}
              name="passwordConfirm"
              type="password"
              label={t('field.passwordConfirm')}
              required
              autoComplete="new-password"
              maxLength={50}
              value={f.passwordConfirm}
              onValueChange={(v) => set('passwordConfirm', v)}
              error={errors.passwordConfirm}
              success={!!f.passwordConfirm && f.passwordConfirm === f.password}
              onEnter={next}
            />
          </>
        ) : null}

        {step === 3 ? (
          <>
            <p className="small text-body-secondary">{t('signup.businessLead')}</p>
            <BusinessFields
              scope={SCOPE}
              values={f}
              onChange={(k, v) => set(k, v as never)}
              errors={errors}
              onNumberError={(m) => setErrors((e) => ({ ...e, businessNumber: m }))}
            />
            <CertificateUpload
              scope={SCOPE}
              label={t('field.certificate')}
              required
              value={certificate}
              onChange={(file) => {
                setCertificate(file);
                if (file) setErrors((e) => ({ ...e, certificate: undefined }));
              }}
              error={errors.certificate}
              onErrorChange={(m) => setErrors((e) => ({ ...e, certificate: m }))}
            />
          </>
        ) : null}

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
