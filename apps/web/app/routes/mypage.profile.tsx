import { useCallback, useState } from 'react';
import { useFetcher } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  BUSINESS_REVIEW_FIELDS,
  formatBusinessNumber,
  isAdultBirthday,
  isValidBirthday,
  isValidBusinessNumber,
  maskMobile,
  normalizeBusinessNumber,
  type BusinessType,
} from '@podo/contracts/rules';
import { ZChangeUserBody, type TMe } from '@podo/contracts/accounts';
import type { Route } from './+types/mypage.profile';
import type { z } from 'zod';
import { apiErrorOf } from '../lib/api';
import { formatBytes, formatDate, isEmail } from '../lib/account-rules';
import { pageMeta } from '../lib/meta';
import { withIdentityProof } from '../lib/reauth.server';
import { apiAction, checked, memberApi, readBody } from '../lib/session.server';
import { useRoot, useUser } from '../lib/site';
import { CurrentPasswordInput, useActionResult } from '../components/account';
import { BusinessFields } from '../components/business-fields';
import { CertificateUpload, type UploadedFile } from '../components/certificate-upload';
import { useAlert } from '../components/global-alert';
import { FileIcon } from '../components/icons';
import { ReauthBox } from '../components/reauth';
import { LogoutEverywhere } from '../components/logout-everywhere';
import { focusField, focusFirstError, FormCheck, FormInput, SubmitButton } from '../components/ui';
import { SiteLink } from '../components/site-link';

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(matches, (m) => m.profile.title),
  { name: 'robots', content: 'noindex' },
];

/** A member without a password proves it is them with the re-authentication proof this browser keeps. */
export async function action({ request, context }: Route.ActionArgs) {
  const posted = await readBody(request);
  return apiAction(request, context, () => {
    const body = checked(ZChangeUserBody, posted, request);
    return withIdentityProof(request, context, body.password, (proof) =>
      memberApi(request, context).changeUser({ body: { ...body, ...proof } }),
    );
  });
}

const SCOPE = 'profile';
type Field =
  | 'fullName'
  | 'birthday'
  | 'companyName'
  | 'businessNumber'
  | 'representative'
  | 'businessType'
  | 'taxEmail'
  | 'certificate'
  | 'password'
  | 'reauth';
const PASSWORD_ERRORS = new Set(['PASSWORD_REQUIRED', 'PASSWORD_INCORRECT', 'LOGIN_LOCKED']);
const REAUTH_ERRORS = new Set(['REAUTH_REQUIRED', 'REAUTH_INVALID']);

/** Profile edit: name, birthday, marketing consent, business details; number and certificate only before approval. */
export default function Profile() {
  const user = useUser();
  if (!user) return null;
  return (
    <>
      <ProfileForm user={user} key={user.id} />
      <LogoutEverywhere />
    </>
  );
}

function ProfileForm({ user }: { user: TMe }) {
  const { t } = useTranslation();
  const { lang } = useRoot();
  const alert = useAlert();
  const fetcher = useFetcher<typeof action>();
  const b = user.business;
  const editableNumber = user.status === 'PENDING' || user.status === 'REJECTED';
  // An approved buyer edits what they asked for: the approved details with the changes waiting for review.
  const requested = b ? { ...b, ...(b.pendingChanges ?? {}) } : null;
  const [f, setF] = useState({
    fullName: user.fullName,
    birthday: user.birthday ?? '',
    agreeMarketing: user.marketingAgreed,
    companyName: requested?.companyName ?? '',
    businessNumber: b ? formatBusinessNumber(b.businessNumber) : '',
    representative: requested?.representative ?? '',
    businessType: (requested?.businessType ?? '') as BusinessType | '',
    taxEmail: requested?.taxEmail ?? '',
  });
  // The current password (or, without one, a social re-authentication) goes with a business change.
  const [password, setPassword] = useState('');
  const [reauthed, setReauthed] = useState(false);
  const onReauthed = useCallback(() => {
    setReauthed(true);
    setErrors((e) => ({ ...e, reauth: undefined }));
  }, []);
  const [certificate, setCertificate] = useState<UploadedFile | null>(null);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const set = <K extends keyof typeof f>(k: K, v: (typeof f)[K]) => {
    setF((s) => ({ ...s, [k]: v }));
    setErrors((e) => ({ ...e, [k]: undefined }));
  };

  useActionResult(fetcher.data, (r) => {
    if (r.ok) {
      setCertificate(null);
      setPassword('');
      setReauthed(false);
      alert.open(r.message || t('profile.saved'));
      return;
    }
    if (r.error.code && REAUTH_ERRORS.has(r.error.code)) setReauthed(false);
    const field: Field | undefined =
      r.error.code === 'FILE_REQUIRED' || r.error.code === 'FILE_TYPE_NOT_ALLOWED'
        ? 'certificate'
        : r.error.code && PASSWORD_ERRORS.has(r.error.code)
          ? 'password'
          : r.error.code && REAUTH_ERRORS.has(r.error.code)
            ? 'reauth'
            : undefined;
    if (field && r.error.status < 500) {
      setErrors((e) => ({ ...e, [field]: r.error.message }));
      focusField(SCOPE, field);
    } else alert.showError(apiErrorOf(r.error));
  });

  const submit = () => {
    const e: Partial<Record<Field, string>> = {};
    if (!f.fullName.trim()) e.fullName = t('validation.nameRequired');
    if (f.birthday && !isValidBirthday(f.birthday)) e.birthday = t('validation.birthday');
    else if (f.birthday && !isAdultBirthday(f.birthday)) e.birthday = t('validation.birthdayAdult');
    // A change of the business details or certificate needs the password (or a re-authentication) and sends a
    // rejected application back to review; the API stores the tax e-mail in lower case.
    const businessChanged =
      !!requested &&
      (f.companyName.trim() !== requested.companyName ||
        f.representative.trim() !== requested.representative ||
        f.businessType !== requested.businessType ||
        f.taxEmail.trim().toLowerCase() !== requested.taxEmail ||
        normalizeBusinessNumber(f.businessNumber) !== requested.businessNumber ||
        !!certificate);
    if (businessChanged && user.hasPassword && !password) e.password = t('validation.currentPasswordRequired');
    if (businessChanged && !user.hasPassword && !reauthed) e.reauth = t('reauth.required');
    if (b) {
      if (!f.companyName.trim()) e.companyName = t('validation.companyRequired');
      if (editableNumber && !isValidBusinessNumber(f.businessNumber)) e.businessNumber = t('validation.businessNumber');
      if (!f.representative.trim()) e.representative = t('validation.representativeRequired');
      if (!f.businessType) e.businessType = t('validation.businessType');
      if (!isEmail(f.taxEmail)) e.taxEmail = t('validation.email');
    }
    setErrors(e);
    const order = ['fullName', 'birthday', 'companyName', 'businessNumber', 'representative', 'businessType', 'taxEmail', 'password'];
    if (!focusFirstError(SCOPE, e, order) || e.reauth) return;
    const body: z.input<typeof ZChangeUserBody> = {
      fullName: f.fullName.trim(),
      agreeMarketing: f.agreeMarketing,
      ...(f.birthday ? { birthday: f.birthday } : {}),
    };
    if (b) {
      body.business = {
        companyName: f.companyName.trim(),
        representative: f.representative.trim(),
        taxEmail: f.taxEmail.trim(),
        ...(f.businessType ? { businessType: f.businessType } : {}),
        ...(editableNumber ? { businessNumber: normalizeBusinessNumber(f.businessNumber) } : {}),
      };
    }
    if (editableNumber && certificate) body.certificateFileId = certificate.id;
    if (businessChanged && user.hasPassword) body.password = password;
    const personalChanged =
      f.fullName.trim() !== user.fullName || f.birthday !== (user.birthday ?? '') || f.agreeMarketing !== user.marketingAgreed;
    if (user.status === 'REJECTED' && !businessChanged && !personalChanged) {
      alert.open(t('profile.resubmitNeedsChange'));
      return;
    }
    void fetcher.submit(body as Record<string, never>, { method: 'post', encType: 'application/json' });
  };

  const busy = fetcher.state !== 'idle';
  return (
    <form
      noValidate
      name={SCOPE}
      className="mypage-panel"
      data-testid="profile-form"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <h2 className="h5 fw-bold mb-3">{t('profile.title')}</h2>
      {user.status === 'REJECTED' ? (
        <div className="alert alert-danger small" role="note" data-testid="profile-rejected">
          <p className="fw-bold mb-1">{t('profile.rejectedTitle')}</p>
          {user.rejectReason ? (
            <p className="mb-1">
              {t('overview.rejectReason')} {user.rejectReason}
            </p>
          ) : null}
          <p className="mb-0">{t('profile.rejectedHelp')}</p>
        </div>
      ) : null}
      {b?.pendingChanges ? (
        <div className="alert alert-info small" role="note" data-testid="profile-pending">
          <p className="fw-bold mb-1">{t('profile.pendingTitle')}</p>
          <ul className="mb-1 ps-3">
            {BUSINESS_REVIEW_FIELDS.filter((k) => b.pendingChanges?.[k] !== undefined).map((k) => {
              const show = (v: string | undefined) => (k === 'businessType' && v ? t(`businessType.${v}`) : (v ?? '-'));
              return (
                <li key={k} data-testid={`profile-pending-${k}`}>
                  {t('profile.pendingField', { field: t(`field.${k}`), from: show(b[k]), to: show(b.pendingChanges?.[k]) })}
                </li>
              );
            })}
          </ul>
          <p className="mb-0">
            {t('profile.pendingHelp')}
            {b.pendingSince ? ` ${t('profile.pendingSince', { date: formatDate(b.pendingSince, lang) })}` : ''}
          </p>
        </div>
      ) : null}

      <fieldset className="mb-4">
        <legend className="h6 fw-bold">{t('profile.basic')}</legend>
        <div className="form-input mb-3">
          <span className="form-label fw-semibold small d-block">{t('field.email')}</span>
          <p className="form-control-plaintext py-1" data-testid="profile-email">
            {user.email}
          </p>
        </div>
        <div className="form-input mb-3">
          <span className="form-label fw-semibold small d-block">{t('field.mobile')}</span>
          <p className="form-control-plaintext py-1 d-flex gap-3 align-items-center">
            <span>{user.mobile ? maskMobile(user.mobile) : '-'}</span>
            <SiteLink to="/mypage/mobile" className="small">
              {t('profile.changeMobile')}
            </SiteLink>
          </p>
        </div>
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
          inputMode="numeric"
          autoComplete="bday"
          placeholder="19990101"
          maxLength={10}
          value={f.birthday}
          onValueChange={(v) => set('birthday', v.replace(/\D/g, '').slice(0, 8))}
          error={errors.birthday}
          helper={t('signup.birthdayHelp')}
        />
        <FormCheck
          scope={SCOPE}
          name="agreeMarketing"
          label={t('signup.agreeMarketing')}
          checked={f.agreeMarketing}
          onCheckedChange={(c) => set('agreeMarketing', c)}
          helper={t('signup.marketingHelp')}
        />
      </fieldset>

      {b ? (
        <fieldset className="mb-4">
          <legend className="h6 fw-bold">{t('profile.business')}</legend>
          {user.status === 'APPROVED' ? <p className="small text-body-secondary">{t('profile.reviewNote')}</p> : null}
          {user.hasPassword ? null : (
            // First, so that the whole-page flow of phones (which leaves this page) comes before anything is typed.
            <ReauthBox user={user} returnTo="/mypage/profile" confirmed={reauthed} onConfirmed={onReauthed} error={errors.reauth} />
          )}
          <BusinessFields
            scope={SCOPE}
            values={f}
            onChange={(k, v) => set(k, v as never)}
            errors={errors}
            onNumberError={(m) => setErrors((e) => ({ ...e, businessNumber: m }))}
            numberEditable={editableNumber}
          />
          <div className="mb-3">
            <span className="form-label fw-semibold small d-block">{t('profile.currentCertificate')}</span>
            {b.certificate ? (
              <a
                href="/mypage/certificate"
                className="upload-file text-reset text-decoration-none"
                download
                data-testid="certificate-download"
              >
                <FileIcon size={22} className="text-primary flex-shrink-0" />
                <span className="flex-grow-1 min-w-0">
                  <span className="d-block text-truncate fw-semibold">{b.certificate.name}</span>
                  <span className="small text-body-secondary">
                    {formatBytes(b.certificate.size)} · {t('profile.download')}
                  </span>
                </span>
              </a>
            ) : (
              <p className="small text-body-secondary mb-0">-</p>
            )}
          </div>
          {editableNumber ? (
            <CertificateUpload
              scope={SCOPE}
              label={t('profile.newCertificate')}
              value={certificate}
              onChange={(file) => {
                setCertificate(file);
                setErrors((e) => ({ ...e, certificate: undefined }));
              }}
              error={errors.certificate}
              onErrorChange={(m) => setErrors((e) => ({ ...e, certificate: m }))}
            />
          ) : null}
          {user.hasPassword ? (
            <CurrentPasswordInput
              scope={SCOPE}
              value={password}
              onChange={(v) => {
                setPassword(v);
                setErrors((e) => ({ ...e, password: undefined }));
              }}
              error={errors.password}
              helper={t('profile.passwordHelp')}
            />
          ) : null}
        </fieldset>
      ) : null}

      <p className="small text-body-secondary">{t('profile.memberSince', { date: formatDate(user.createdAt, lang) })}</p>
      <SubmitButton busy={busy} busyText={t('form.saving')} testId="profile-submit">
        {user.status === 'REJECTED' ? t('profile.resubmit') : t('form.save')}
      </SubmitButton>
    </form>
  );
}
