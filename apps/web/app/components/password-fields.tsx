import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { passwordErrors } from '../lib/account-rules';
import { CheckIcon } from './icons';
import { FormInput, PasswordRules } from './ui';

/** New password and its confirmation, with the live rule hints. */
export function NewPasswordFields({
  scope,
  password,
  passwordConfirm,
  onPassword,
  onConfirm,
  errors,
  onEnter,
  labels,
}: {
  scope: string;
  password: string;
  passwordConfirm: string;
  onPassword(v: string): void;
  onConfirm(v: string): void;
  errors: { password?: string; passwordConfirm?: string };
  onEnter?(): void;
  labels?: { password: string; confirm: string };
}) {
  const { t } = useTranslation();
  const rulesId = `${scope}-password-rules`;
  return (
    <>
      <FormInput
        scope={scope}
        name="password"
        type="password"
        label={labels?.password ?? t('field.newPassword')}
        required
        autoComplete="new-password"
        maxLength={50}
        value={password}
        onValueChange={onPassword}
        error={errors.password}
        success={!passwordErrors(t, password, password).password}
        describedByExtra={rulesId}
        below={<PasswordRules id={rulesId} password={password} />}
      />
      <FormInput
        scope={scope}
        name="passwordConfirm"
        type="password"
        label={labels?.confirm ?? t('field.newPasswordConfirm')}
        required
        autoComplete="new-password"
        maxLength={50}
        value={passwordConfirm}
        onValueChange={onConfirm}
        error={errors.passwordConfirm}
        success={!!passwordConfirm && passwordConfirm === password}
        onEnter={onEnter}
      />
    </>
  );
}

/** Password reset done: the message and the way to log in. */
export function ResetDone({ message }: { message: string }) {
  const { t } = useTranslation();
  return (
    <div className="text-center" role="status" data-testid="reset-done">
      <div className="result-icon is-ok mx-auto mb-3" aria-hidden="true">
        <CheckIcon size={32} />
      </div>
      <p className="fw-bold">{message}</p>
      <Link to="/account/login" className="btn btn-primary btn-lg w-100 mt-2" data-testid="reset-login">
        {t('login.title')}
      </Link>
    </div>
  );
}
