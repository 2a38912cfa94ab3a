import { useTranslation } from 'react-i18next';
import { BUSINESS_TYPES, isValidBusinessNumber } from '@podo/contracts/rules';
import { formatBusinessNumberInput, isEmail } from '../lib/account-rules';
import { text } from '../lib/forms';
import { FormInput, FormSelect, type Field } from './ui';

export type BusinessField = 'companyName' | 'businessNumber' | 'representative' | 'businessType' | 'taxEmail';

/**
 * The business details of a trade buyer, as entered at sign-up (step 4) and edited in the profile: company name,
 * registration number (formatted 123-45-67890 while typing, checksum-checked), representative, business type and
 * the tax-invoice e-mail, as the Conform fields of the form's `business` object. Once the application is approved
 * the number is shown read-only (`lockedNumber`) and not sent.
 */
export function BusinessFields({
  scope,
  fields,
  onNumberBlur,
  lockedNumber,
}: {
  scope: string;
  fields: Record<BusinessField, Field>;
  /** Checks the number when the field is left (the form validates that field). */
  onNumberBlur?: () => void;
  lockedNumber?: string;
}) {
  const { t } = useTranslation();
  const number = text(fields.businessNumber.value);
  const businessType = text(fields.businessType.value);
  return (
    <>
      <FormInput
        scope={scope}
        name="companyName"
        field={fields.companyName}
        label={t('field.companyName')}
        required
        autoComplete="organization"
        maxLength={100}
      />
      {lockedNumber === undefined ? (
        <FormInput
          scope={scope}
          name="businessNumber"
          field={fields.businessNumber}
          label={t('field.businessNumber')}
          required
          inputMode="numeric"
          placeholder="123-45-67890"
          maxLength={12}
          format={formatBusinessNumberInput}
          onBlur={() => {
            if (number) onNumberBlur?.();
          }}
          success={isValidBusinessNumber(number)}
          helper={t('signup.businessNumberHelp')}
        />
      ) : (
        <FormInput
          scope={scope}
          name="businessNumber"
          label={t('field.businessNumber')}
          value={lockedNumber}
          readOnly
          helper={t('profile.numberLocked')}
        />
      )}
      <FormInput
        scope={scope}
        name="representative"
        field={fields.representative}
        label={t('field.representative')}
        required
        maxLength={50}
      />
      <FormSelect
        scope={scope}
        name="businessType"
        field={fields.businessType}
        label={t('field.businessType')}
        required
        placeholder={businessType ? undefined : t('signup.choose')}
        options={BUSINESS_TYPES.map((b) => ({ value: b, label: t(`businessType.${b}`) }))}
      />
      <FormInput
        scope={scope}
        name="taxEmail"
        field={fields.taxEmail}
        type="email"
        label={t('field.taxEmail')}
        required
        inputMode="email"
        maxLength={254}
        success={isEmail(text(fields.taxEmail.value))}
        helper={t('signup.taxEmailHelp')}
      />
    </>
  );
}
