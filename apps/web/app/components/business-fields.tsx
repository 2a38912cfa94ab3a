import { useTranslation } from 'react-i18next';
import { BUSINESS_TYPES, isValidBusinessNumber, type BusinessType } from '@podo/contracts/rules';
import { formatBusinessNumberInput, isEmail } from '../lib/account-rules';
import { FormInput, FormSelect } from './ui';

export type BusinessField = 'companyName' | 'businessNumber' | 'representative' | 'businessType' | 'taxEmail';
export type BusinessValues = Record<BusinessField, string>;

/**
 * The business details of a trade buyer, as entered at sign-up (step 4) and edited in the profile: company name,
 * registration number (formatted 123-45-67890 while typing, checksum-checked), representative, business type and
 * the tax-invoice e-mail. The number is read-only once the application is approved.
 */
export function BusinessFields({
  scope,
  values,
  onChange,
  errors,
  onNumberError,
  numberEditable = true,
}: {
  scope: string;
  values: BusinessValues;
  onChange: (field: BusinessField, value: string) => void;
  errors: Partial<Record<BusinessField, string>>;
  /** Called on blur of an invalid number, so the page can show the error at once. */
  onNumberError?: (message: string) => void;
  numberEditable?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <>
      <FormInput
        scope={scope}
        name="companyName"
        label={t('field.companyName')}
        required
        autoComplete="organization"
        maxLength={100}
        value={values.companyName}
        onValueChange={(v) => onChange('companyName', v)}
        error={errors.companyName}
      />
      <FormInput
        scope={scope}
        name="businessNumber"
        label={t('field.businessNumber')}
        required={numberEditable}
        inputMode="numeric"
        placeholder="123-45-67890"
        maxLength={12}
        value={values.businessNumber}
        readOnly={!numberEditable}
        onValueChange={(v) => onChange('businessNumber', formatBusinessNumberInput(v))}
        onBlur={() => {
          if (numberEditable && values.businessNumber && !isValidBusinessNumber(values.businessNumber))
            onNumberError?.(t('validation.businessNumber'));
        }}
        error={errors.businessNumber}
        success={numberEditable && isValidBusinessNumber(values.businessNumber)}
        helper={numberEditable ? t('signup.businessNumberHelp') : t('profile.numberLocked')}
      />
      <FormInput
        scope={scope}
        name="representative"
        label={t('field.representative')}
        required
        maxLength={50}
        value={values.representative}
        onValueChange={(v) => onChange('representative', v)}
        error={errors.representative}
      />
      <FormSelect
        scope={scope}
        name="businessType"
        label={t('field.businessType')}
        required
        value={values.businessType}
        onValueChange={(v) => onChange('businessType', v as BusinessType)}
        placeholder={values.businessType ? undefined : t('signup.choose')}
        options={BUSINESS_TYPES.map((b) => ({ value: b, label: t(`businessType.${b}`) }))}
        error={errors.businessType}
      />
      <FormInput
        scope={scope}
        name="taxEmail"
        type="email"
        label={t('field.taxEmail')}
        required
        inputMode="email"
        maxLength={254}
        value={values.taxEmail}
        onValueChange={(v) => onChange('taxEmail', v)}
        error={errors.taxEmail}
        success={isEmail(values.taxEmail)}
        helper={t('signup.taxEmailHelp')}
      />
    </>
  );
}
