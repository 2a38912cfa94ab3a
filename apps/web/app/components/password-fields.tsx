import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { isValidPassword } from '@podo/contracts/rules';
import { text } from '../lib/forms';
import { CheckIcon } from './icons';
import { FormInput, PasswordRules, type Field } from './ui';

/** New password and its confirmation (Conform fields), with the live rule hints. Ids: `{scope}-password(Confirm)`. */
export function NewPasswordFields({
  scope,
  password,
  passwordConfirm,
  onEnter,
  labels,
}: {
  scope: string;
  password: Field;
  passwordConfirm: Field;
  onEnter?(): void;
  labels?: { password: string; confirm: string };
}) {
  const { t } = useTranslation();
  const rulesId = `${scope}-password-rules`;
  const pw = text(password.value);
  const confirm = text(passwordConfirm.value);
  return (
    <>
      <FormInput
        scope={scope}
        name="password"
        field={password}
        type="password"
        label={labels?.password ?? t('field.newPassword')}
        required
        autoComplete="new-password"
        maxLength={50}
        success={isValidPassword(pw)}
        describedByExtra={rulesId}
        below={<PasswordRules id={rulesId} password={pw} />}
      />
      <FormInput
        scope={scope}
        name="passwordConfirm"
        field={passwordConfirm}
        type="password"
        label={labels?.confirm ?? t('field.newPasswordConfirm')}
        required
        autoComplete="new-password"
        maxLength={50}
        success={!!confirm && confirm === pw}
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
