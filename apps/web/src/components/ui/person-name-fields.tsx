import { TextField } from './form-field';
import type { TextBinding } from './form-field';

interface PersonNameFieldsProps {
  labels: { firstName: string; lastName: string };
  /** The two bindings of useContractForm's `text` (first_name, last_name). */
  firstName: TextBinding;
  lastName: TextBinding;
  required?: boolean;
  readOnly?: boolean;
}

/** 'First Name' and 'Last Name', as sign-up and the profile ask them. */
export function PersonNameFields({
  labels,
  firstName,
  lastName,
  required,
  readOnly,
}: PersonNameFieldsProps) {
  return (
    <>
      <TextField
        label={labels.firstName}
        name="first_name"
        autoComplete="given-name"
        required={required}
        readOnly={readOnly}
        {...firstName}
      />
      <TextField
        label={labels.lastName}
        name="last_name"
        autoComplete="family-name"
        required={required}
        readOnly={readOnly}
        {...lastName}
      />
    </>
  );
}
