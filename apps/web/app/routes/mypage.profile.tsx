import { useCallback, useState } from 'react';
import { useFetcher } from 'react-router';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { BUSINESS_REVIEW_FIELDS, formatBusinessNumber, maskMobile, normalizeBusinessNumber } from '@podo/contracts/rules';
import { ZBusinessInput, ZChangeUserBody, type TMe } from '@podo/contracts/accounts';
import type { Route } from './+types/mypage.profile';
import { apiErrorOf } from '../lib/api';
import { formatBytes, formatDate } from '../lib/account-rules';
import { subfields, text, useSchemaForm } from '../lib/forms';
import { pageMeta } from '../lib/meta';
import { withIdentityProof } from '../lib/reauth.server';
import { apiAction, checked, memberApi, readBody } from '../lib/session.server';
import { useRoot, useUser } from '../lib/site';
import { CurrentPasswordInput, useActionResult, useApiErrors } from '../components/account';
import { BusinessFields, type BusinessField } from '../components/business-fields';
import { CertificateUpload, type UploadedFile } from '../components/certificate-upload';
import { useAlert } from '../components/global-alert';
import { FileIcon } from '../components/icons';
import { ReauthBox } from '../components/reauth';
import { LogoutEverywhere } from '../components/logout-everywhere';
import { FormCheck, FormInput, SubmitButton } from '../components/ui';
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
const FIELD_OF: Record<string, string> = {
  FILE_REQUIRED: 'certificateFileId',
  FILE_TYPE_NOT_ALLOWED: 'certificateFileId',
  PASSWORD_REQUIRED: 'password',
  PASSWORD_INCORRECT: 'password',
  LOGIN_LOCKED: 'password',
  REAUTH_REQUIRED: 'reauth',
  REAUTH_INVALID: 'reauth',
};
const REAUTH_ERRORS = new Set(['REAUTH_REQUIRED', 'REAUTH_INVALID']);

/**
 * The API's body as the page edits it: the name is always there, and a member with business details edits all of
 * them (the registration number only before approval).
 */
function profileSchema(user: TMe) {
  const editableNumber = user.status === 'PENDING' || user.status === 'REJECTED';
  return ZChangeUserBody.extend({
    fullName: ZChangeUserBody.shape.fullName.unwrap(),
    business: user.business ? (editableNumber ? ZBusinessInput : ZBusinessInput.omit({ businessNumber: true })) : z.undefined(),
  });
}

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
  // Without a password, a social re-authentication goes with a business change.
  const [reauthed, setReauthed] = useState(false);
  const onReauthed = useCallback(() => setReauthed(true), []);
  const [certificate, setCertificate] = useState<UploadedFile | null>(null);
  const [uploadError, setUploadError] = useState<string>();
  const [schema] = useState(() => profileSchema(user));
  type Value = z.output<typeof schema>;
  /** A change of the business details or certificate needs the password (or a re-authentication). */
  const businessChanged = (business: Partial<Record<string, unknown>> | undefined) =>
    !!requested &&
    (text(business?.companyName).trim() !== requested.companyName ||
      text(business?.representative).trim() !== requested.representative ||
      text(business?.businessType) !== requested.businessType ||
      text(business?.taxEmail).trim().toLowerCase() !== requested.taxEmail ||
      (editableNumber && normalizeBusinessNumber(text(business?.businessNumber)) !== requested.businessNumber) ||
      !!certificate);
  const { form, fields, report } = useSchemaForm<typeof schema, 'reauth'>({
    id: SCOPE,
    schema,
    messages: { password: { required: 'validation.currentPasswordRequired' }, taxEmail: { required: 'validation.email' } },
    defaultValue: {
      fullName: user.fullName,
      birthday: user.birthday ?? '',
      agreeMarketing: user.marketingAgreed ? 'on' : '',
      ...(requested
        ? {
            business: {
              companyName: requested.companyName,
              businessNumber: formatBusinessNumber(requested.businessNumber),
              representative: requested.representative,
              businessType: requested.businessType,
              taxEmail: requested.taxEmail,
            },
          }
        : {}),
    },
    extra: (p) => {
      const changed = businessChanged(p.business as Record<string, unknown> | undefined);
      return {
        password: changed && user.hasPassword && !p.password ? t('validation.currentPasswordRequired') : undefined,
        reauth: changed && !user.hasPassword && !reauthed ? t('reauth.required') : undefined,
      };
    },
    onValid: (v) => submit(v),
  });
  const showApiError = useApiErrors(report, FIELD_OF);
  const business = subfields<BusinessField>(fields.business);

  useActionResult(fetcher.data, (r) => {
    if (r.ok) {
      setCertificate(null);
      setReauthed(false);
      form.reset({ name: 'password' });
      alert.open(r.message || t('profile.saved'));
      return;
    }
    if (r.error.code && REAUTH_ERRORS.has(r.error.code)) setReauthed(false);
    showApiError(apiErrorOf(r.error));
  });

  const submit = (v: Value) => {
    const changed = businessChanged(v.business);
    const body: z.input<typeof ZChangeUserBody> = {
      fullName: v.fullName,
      // An unticked box sends nothing, which the API reads as 'no change': say no explicitly.
      agreeMarketing: v.agreeMarketing ?? false,
      ...(v.birthday ? { birthday: v.birthday } : {}),
      ...(v.business ? { business: v.business } : {}),
      ...(editableNumber && certificate ? { certificateFileId: certificate.id } : {}),
      ...(changed && user.hasPassword ? { password: v.password } : {}),
    };
    const personalChanged =
      v.fullName !== user.fullName || (v.birthday ?? '') !== (user.birthday ?? '') || (v.agreeMarketing ?? false) !== user.marketingAgreed;
    if (user.status === 'REJECTED' && !changed && !personalChanged) {
      alert.open(t('profile.resubmitNeedsChange'));
      return;
    }
    void fetcher.submit(body, { method: 'post', encType: 'application/json' });
  };

  const busy = fetcher.state !== 'idle';
  return (
    <form
      noValidate={form.noValidate}
      id={form.id}
      name={SCOPE}
      className="mypage-panel"
      data-testid="profile-form"
      onSubmit={form.onSubmit}
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
          inputMode="numeric"
          autoComplete="bday"
          placeholder="19990101"
          maxLength={10}
          format={(v) => v.replace(/\D/g, '').slice(0, 8)}
          helper={t('signup.birthdayHelp')}
        />
        <FormCheck
          scope={SCOPE}
          name="agreeMarketing"
          field={fields.agreeMarketing}
          label={t('signup.agreeMarketing')}
          helper={t('signup.marketingHelp')}
        />
      </fieldset>

      {b ? (
        <fieldset className="mb-4">
          <legend className="h6 fw-bold">{t('profile.business')}</legend>
          {user.status === 'APPROVED' ? <p className="small text-body-secondary">{t('profile.reviewNote')}</p> : null}
          {user.hasPassword ? null : (
            // First, so that the whole-page flow of phones (which leaves this page) comes before anything is typed.
            <ReauthBox
              user={user}
              returnTo="/mypage/profile"
              confirmed={reauthed}
              onConfirmed={onReauthed}
              error={reauthed ? undefined : fields.reauth.errors?.[0]}
            />
          )}
          <BusinessFields
            scope={SCOPE}
            fields={business}
            onNumberBlur={() => form.validate({ name: business.businessNumber.name })}
            lockedNumber={editableNumber ? undefined : formatBusinessNumber(b.businessNumber)}
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
                setUploadError(undefined);
              }}
              error={uploadError ?? fields.certificateFileId.errors?.[0]}
              onErrorChange={setUploadError}
            />
          ) : null}
          {user.hasPassword ? <CurrentPasswordInput scope={SCOPE} field={fields.password} helper={t('profile.passwordHelp')} /> : null}
        </fieldset>
      ) : null}

      <p className="small text-body-secondary">{t('profile.memberSince', { date: formatDate(user.createdAt, lang) })}</p>
      <SubmitButton busy={busy} busyText={t('form.saving')} testId="profile-submit">
        {user.status === 'REJECTED' ? t('profile.resubmit') : t('form.save')}
      </SubmitButton>
    </form>
  );
}
